import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import {
  ADDRESS_SAVED,
  addInstallationsSchema,
  COMPANY_SAVED,
  CONFIRM_EMAIL_TO_APPLY,
  companyDetailsSchema,
  dealerApplicationDetailSchema,
  dealerApplicationSchema,
  dealerListQuerySchema,
  dealerListSchema,
  documentReviewSchema,
  INSTALLATIONS_SAVED,
  installationsListSchema,
  registeredAddressSchema,
  statusChangeSchema,
  statusLabel,
} from "#shared/schemas/dealers.ts";
import { dealerDocumentSchema } from "#shared/schemas/documents.ts";
import { access } from "../../platform/auth/access.ts";
import { csvDateTime } from "../../platform/csv.ts";
import { csvRoute } from "../../platform/csv-route.ts";
import { messageBody, messageWithIssuesBody } from "../../platform/error-bodies.ts";
import { csvResponse } from "../../platform/openapi.ts";
import type { Services } from "../../services.ts";
import { ADMINS_CANNOT_APPLY } from "./dealers.service.ts";

const saved = z.object({ message: z.string(), dealer: dealerApplicationSchema });
const documentIdParam = z.object({ documentId: idParamSchema.shape.id });
const tags = ["dealer"];

/**
 * Applying is for verified, non-back-office accounts that are no company's team member (the dealers service's
 * requireApplicant, checked before the body is read): a technician's role is refused, a buyer as a team member.
 */
export const APPLICANT_ACCESS = access.roles(["user", "dealer"], {
  verified: true,
  notTeamMember: true,
  refusal: ADMINS_CANNOT_APPLY,
  unverifiedRefusal: CONFIRM_EMAIL_TO_APPLY,
});

/** A company's registered address: its owner (a verified account of no company's team) or the back office. */
const ADDRESS_ACCESS = access.roles(["user", "dealer", "admin", "super"], { verified: true, notTeamMember: true });

/** The spec's Dealer API (§7) under /api/dealer; every rule is in the dealers service. */
export async function dealersRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { dealers } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const listOptions = {
    config: { access: access.staff("dealers.read") },
    schema: {
      tags,
      summary:
        "Dealer applications, newest first: filter by reg_status ('Not Started' too), search name, e-mail, trading name or username (admin)",
      querystring: dealerListQuerySchema,
      response: { 200: dealerListSchema, 400: messageWithIssuesBody, 401: messageBody, 403: messageBody },
    },
  };
  r.get("/dealer/", listOptions, async (request) => dealers.list(request.actor, request.query));
  // The spec writes the path with a trailing slash; accept it without one too.
  r.get("/dealer", { ...listOptions, schema: { ...listOptions.schema, hide: true } }, async (request) =>
    dealers.list(request.actor, request.query),
  );

  csvRoute(app, {
    url: "/dealer/export.csv",
    access: access.staff("dealers.read"),
    schema: {
      tags,
      summary: "The dealer applications as CSV, with the list's filters (admin; at most 10,000 rows)",
      querystring: dealerListQuerySchema.omit({ page_number: true, page_size: true }),
      response: { 200: csvResponse("The dealer applications as CSV"), 401: messageBody, 403: messageBody },
    },
    filename: "dealers",
    rows: async (request) => (await dealers.list(request.actor, { ...request.query, page_number: 1, page_size: 10_000 })).rows,
    columns: [
      { header: "User id", value: (d) => d.id },
      { header: "Status", value: (d) => statusLabel(d.reg_status) },
      { header: "Registered company", value: (d) => d.registered_company },
      { header: "Trading name", value: (d) => d.trading_name },
      { header: "Registration number", value: (d) => d.company_reg_number },
      { header: "VAT number", value: (d) => d.VAT_number },
      { header: "TIN", value: (d) => d.TIN },
      { header: "Applicant", value: (d) => d.user_full_name },
      { header: "Username", value: (d) => d.user_username },
      { header: "E-mail", value: (d) => d.user_email },
      { header: "Sections completed", value: (d) => d.completion.completed },
      { header: "Documents", value: (d) => d.documents.length },
      { header: "Documents approved", value: (d) => d.documents.filter((x) => x.review_status === "approved").length },
      { header: "Installations", value: (d) => d.installations.length },
      { header: "Submitted", value: (d) => csvDateTime(d.submitted_At) },
    ],
  });

  r.get(
    "/dealer/:id",
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        summary: "A user's dealer application by user id, with documents, installations and status history (own, or any for admins)",
        params: idParamSchema,
        response: { 200: dealerApplicationDetailSchema, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => dealers.application(request.actor, request.params.id),
  );

  r.post(
    "/dealer/add-dealer/:id",
    {
      config: { access: APPLICANT_ACCESS },
      schema: {
        tags,
        summary:
          "Save the company details of one's own application (the user id); verified e-mail needed; refused (409) once Approved or Suspended",
        params: idParamSchema,
        body: companyDetailsSchema,
        response: { 200: saved, 400: messageWithIssuesBody, 401: messageBody, 403: messageBody, 409: messageBody },
      },
    },
    async (request) => ({
      message: COMPANY_SAVED,
      dealer: await dealers.saveCompany(request.actor, request.params.id, request.body),
    }),
  );

  r.put(
    "/dealer/:id/address",
    {
      config: { access: ADDRESS_ACCESS },
      schema: {
        tags,
        summary:
          "Save a company's registered address in FDMS's parts: province, city, street, house number (the user id; its owner whatever the status, or an admin)",
        params: idParamSchema,
        body: registeredAddressSchema,
        response: { 200: saved, 400: messageWithIssuesBody, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => ({
      message: ADDRESS_SAVED,
      dealer: await dealers.saveRegisteredAddress(request.actor, request.params.id, request.body),
    }),
  );

  r.post(
    "/dealer/add-installations/:id",
    {
      config: { access: APPLICANT_ACCESS },
      schema: {
        tags,
        summary:
          "Add one installation (or a list) to one's own application (the dealer_id, i.e. the user id); an id already on file is updated; all or nothing",
        params: idParamSchema,
        body: addInstallationsSchema,
        response: { 200: saved, 400: messageWithIssuesBody, 401: messageBody, 403: messageBody, 409: messageBody },
      },
    },
    async (request) => ({
      message: INSTALLATIONS_SAVED,
      dealer: await dealers.addInstallations(request.actor, request.params.id, request.body),
    }),
  );

  r.put(
    "/dealer/installations",
    {
      config: { access: APPLICANT_ACCESS },
      schema: {
        tags,
        summary: "Replace the whole installation list of one's own application in one transaction (verified e-mail needed)",
        body: installationsListSchema,
        response: { 200: saved, 400: messageWithIssuesBody, 401: messageBody, 403: messageBody, 409: messageBody },
      },
    },
    async (request) => ({
      message: INSTALLATIONS_SAVED,
      dealer: await dealers.replaceInstallations(request.actor, request.body),
    }),
  );

  r.put(
    "/dealer/status/:id",
    {
      config: { access: access.staff("dealers.verify") },
      schema: {
        tags,
        summary:
          "Change an application's reg_status (the user id; admin): Pending → Approved/Rejected, Approved → Suspended, Suspended → Approved; a reason to reject or suspend. Approving an application whose company registration number an approved or suspended dealer already has answers 409 unless the body says confirmDuplicate: true",
        params: idParamSchema,
        body: statusChangeSchema,
        response: {
          200: dealerApplicationDetailSchema,
          400: messageWithIssuesBody,
          401: messageBody,
          403: messageBody,
          404: messageBody,
          409: messageBody,
        },
      },
    },
    async (request) => dealers.changeStatus(request.actor, request.params.id, request.body),
  );

  r.put(
    "/dealer/documents/:documentId/review",
    {
      config: { access: access.staff("dealers.verify") },
      schema: {
        tags,
        summary: "Approve or reject one dealer document (admin); a reason to reject",
        params: documentIdParam,
        body: documentReviewSchema,
        response: { 200: dealerDocumentSchema, 400: messageWithIssuesBody, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => dealers.reviewDocument(request.actor, request.params.documentId, request.body),
  );
}
