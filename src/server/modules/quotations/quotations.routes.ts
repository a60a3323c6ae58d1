import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import {
  acceptQuotationAnswerSchema,
  acceptQuotationSchema,
  editQuotationLinesSchema,
  QUOTE_SUCCESS,
  type QuotationView,
  quotationDecisionSchema,
  quotationListQuerySchema,
  quotationSummarySchema,
  quotationViewSchema,
  quoteRequestSchema,
} from "#shared/schemas/quotations.ts";
import { access } from "../../platform/auth/access.ts";
import { csvDate, csvDateTime } from "../../platform/csv.ts";
import { csvRoute } from "../../platform/csv-route.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import { csvResponse, fileResponse } from "../../platform/openapi.ts";
import { pdfReply } from "../../platform/pdf/pdf-reply.ts";
import type { Services } from "../../services.ts";

const byUserQuery = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  email: z.string().trim().max(254).optional(),
});

export async function quotationsRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { quotations } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/quotations",
    {
      config: { access: access.public },
      schema: {
        tags: ["quotations"],
        summary: "Request a quotation (visitors and signed-in users)",
        body: quoteRequestSchema,
        response: { 201: z.object({ message: z.string(), id: z.number() }), 400: validationBody, 429: messageBody },
      },
    },
    async (request, reply) => {
      const { id } = await quotations.submit(request.actor, request.body, { ip: request.ip });
      return reply.code(201).send({ message: QUOTE_SUCCESS, id });
    },
  );

  r.get(
    "/quotations/get-by-user",
    {
      config: { access: access.signedIn },
      schema: {
        tags: ["quotations"],
        summary: "The signed-in user's quotations (by their user id or e-mail address)",
        querystring: byUserQuery,
        response: { 200: z.array(quotationViewSchema), 401: messageBody, 403: messageBody },
      },
    },
    async (request) => quotations.listForUser(request.actor, request.query),
  );

  const listOptions = {
    config: { access: access.staff("quotations.decide") },
    schema: {
      tags: ["quotations"],
      summary:
        "All quotations, newest first, optionally of one status (expired includes approved ones past their validity) or matching a search by name, e-mail or id (admin)",
      querystring: quotationListQuerySchema,
      response: { 200: z.object({ rows: z.array(quotationViewSchema), count: z.number() }), 401: messageBody, 403: messageBody },
    },
  };
  r.get("/quotations/", listOptions, async (request) => quotations.list(request.actor, request.query));
  // The spec writes the path with a trailing slash; accept it without one too.
  r.get("/quotations", { ...listOptions, schema: { ...listOptions.schema, hide: true } }, async (request) =>
    quotations.list(request.actor, request.query),
  );

  r.get(
    "/quotations/:id/pdf",
    {
      config: { access: access.signedIn },
      schema: {
        tags: ["quotations"],
        summary:
          "An approved quotation as a PDF (its owner or an admin; the session cookie works, so pages link here). The PDF is its prices: a technician, who sees none, 403",
        params: idParamSchema,
        response: {
          200: fileResponse("The quotation as a PDF file", ["application/pdf"]),
          401: messageBody,
          403: messageBody,
          404: messageBody,
          409: messageBody,
        },
      },
    },
    async (request, reply) => {
      const pdf = await quotations.pdfFor(request.actor, request.params.id);
      return pdfReply(reply, { fileName: `quotation-${request.params.id}.pdf`, pdf });
    },
  );

  r.get(
    "/quotations/summary",
    {
      config: { access: access.staff("quotations.decide") },
      schema: {
        tags: ["quotations"],
        summary: "How many quotations (matching the search) are in each status, for the overview cards (admin)",
        querystring: quotationListQuerySchema.pick({ q: true }),
        response: { 200: quotationSummarySchema, 401: messageBody, 403: messageBody },
      },
    },
    async (request) => quotations.summary(request.actor, request.query),
  );

  csvRoute(app, {
    url: "/quotations/export.csv",
    access: access.staff("quotations.decide"),
    schema: {
      tags: ["quotations"],
      summary: "The filtered list as CSV, at most 10,000 rows (admin)",
      querystring: quotationListQuerySchema.omit({ page: true, pageSize: true }),
      response: { 200: csvResponse("The quotations as CSV"), 401: messageBody, 403: messageBody },
    },
    filename: "quotations",
    rows: async (request) => (await quotations.list(request.actor, { ...request.query, page: 1, pageSize: 10_000 })).rows,
    columns: QUOTATION_CSV_COLUMNS,
  });

  r.put(
    "/quotations/:id",
    {
      config: { access: access.staff("quotations.decide") },
      schema: {
        tags: ["quotations"],
        summary:
          "Approve (a price for every line, the currency, the last day it holds), reject (a reason) or reapprove a rejected quotation; an approved one may be rejected (withdrawn). Any other change is 409. The requester is e-mailed: the prices with the PDF, or the reason (admin)",
        params: idParamSchema,
        body: quotationDecisionSchema,
        response: { 200: quotationViewSchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
      },
    },
    async (request) => quotations.decide(request.actor, request.params.id, request.body),
  );

  r.put(
    "/quotations/:id/lines",
    {
      config: { access: access.staff("quotations.decide") },
      schema: {
        tags: ["quotations"],
        summary:
          "Before approving (a pending or rejected quotation): its whole list of lines (keep by id with a quantity and optionally the unit price to offer, add by product_id, leave out to remove) and its delivery, installation and discount charges, in the currency it is approved in; audited. 409 for an approved, expired or accepted one (admin)",
        params: idParamSchema,
        body: editQuotationLinesSchema,
        response: { 200: quotationViewSchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
      },
    },
    async (request) => quotations.editLines(request.actor, request.params.id, request.body),
  );

  r.post(
    "/quotations/:id/accept",
    {
      config: { access: access.public },
      schema: {
        tags: ["quotations"],
        summary:
          "Accept an approved quotation before it expires: a dealer company's owner or buyer places an order at the quoted prices ({ order_id }); its other requesters accept as the owning account or with the private link's token in the body, and sales is told (order_id null). Accepting again answers the same; expired or not approved is 409; a technician 403; anyone else 404",
        params: idParamSchema,
        body: acceptQuotationSchema,
        response: {
          200: acceptQuotationAnswerSchema,
          400: validationBody,
          403: messageBody,
          404: messageBody,
          409: messageBody,
        },
      },
    },
    async (request) => {
      const { order_id } = await quotations.accept(request.actor, request.params.id, request.body ?? {});
      return { order_id, status: "accepted" as const };
    },
  );
}

/** The CSV's columns: one row per quotation, its products on one line ("2 × Panel; 1 × Inverter"). */
const QUOTATION_CSV_COLUMNS = [
  { header: "Id", value: (q: QuotationView) => q.id },
  { header: "Status", value: (q: QuotationView) => q.status },
  { header: "Date", value: (q: QuotationView) => csvDateTime(q.created_At) },
  { header: "Name", value: (q: QuotationView) => q.requester_name },
  { header: "Email", value: (q: QuotationView) => q.requester_email },
  { header: "Phone", value: (q: QuotationView) => q.requester_phone },
  { header: "Address", value: (q: QuotationView) => q.requester_address },
  { header: "Notes", value: (q: QuotationView) => q.notes },
  { header: "Products", value: (q: QuotationView) => q.products.map((p) => `${p.quantity} × ${p.product_name}`).join("; ") },
  { header: "Currency", value: (q: QuotationView) => (q.valid_until ? q.currency : "") },
  // The JSON's own figures (decision 017): lines and charges, a discount subtracted, VAT per line; the PDF prints the same.
  { header: "Excl. VAT", value: (q: QuotationView) => q.subtotal },
  { header: "VAT rate", value: (q: QuotationView) => (q.total === null ? null : q.vat_rate) },
  { header: "VAT", value: (q: QuotationView) => q.vat },
  { header: "Total", value: (q: QuotationView) => q.total },
  { header: "Other currency", value: (q: QuotationView) => q.other_currency },
  { header: "Other total", value: (q: QuotationView) => q.other_total },
  { header: "Exchange rate", value: (q: QuotationView) => (q.other_currency ? q.exchange_rate : null) },
  { header: "Valid until", value: (q: QuotationView) => csvDate(q.valid_until) },
  { header: "Reason", value: (q: QuotationView) => (q.status === "rejected" ? q.decision_reason : "") },
  { header: "Decided", value: (q: QuotationView) => csvDateTime(q.decided_At) },
];
