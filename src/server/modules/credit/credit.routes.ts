import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import {
  AGEING_BUCKET_LABELS,
  AGEING_BUCKETS,
  type Ageing,
  ageingQuerySchema,
  ageingSchema,
  allocatePaymentSchema,
  CREDIT_TERMS_LABELS,
  creditSummarySchema,
  recordPaymentSchema,
  setCreditTermsSchema,
  statementQuerySchema,
  statementSchema,
} from "#shared/schemas/credit.ts";
import { access } from "../../platform/auth/access.ts";
import { toCsv } from "../../platform/csv.ts";
import { csvRoute } from "../../platform/csv-route.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import { csvResponse, fileResponse } from "../../platform/openapi.ts";
import { pdfReply } from "../../platform/pdf/pdf-reply.ts";
import type { Services } from "../../services.ts";
import { statementCsvColumns, statementCsvRows, statementFileName, statementPdf } from "./statement-pdf.ts";

const paymentParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  paymentId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** A company's row of the ageing CSV, or the totals' row (no terms, limit or hold). */
type AgeingCsvRow = Ageing["totals"] & Partial<Omit<Ageing["rows"][number], keyof Ageing["totals"]>> & { company: string };
const ageingColumns = [
  { header: "Company", value: (r: AgeingCsvRow) => r.company },
  { header: "Terms", value: (r: AgeingCsvRow) => (r.terms ? CREDIT_TERMS_LABELS[r.terms] : "") },
  { header: "Limit USD", value: (r: AgeingCsvRow) => r.limit },
  ...AGEING_BUCKETS.map((b) => ({ header: `${AGEING_BUCKET_LABELS[b]} USD`, value: (r: AgeingCsvRow) => r[b] })),
  { header: "Total USD", value: (r: AgeingCsvRow) => r.total },
  { header: "Unallocated USD", value: (r: AgeingCsvRow) => r.unallocated },
  { header: "On hold", value: (r: AgeingCsvRow) => (r.on_hold === undefined ? "" : r.on_hold ? "yes" : "no") },
];

/** Dealers on account (decision 034): the dealer's own figures and statement, the back office's terms, payments, ledgers and ageing. */
export async function creditRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { credit, settings } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A company's owner and buyers: its technicians read no amounts (the money rule), refused before anything is parsed.
  const companyPeople = access.roles(["dealer"]);

  r.get(
    "/dealer/credit",
    {
      config: { access: companyPeople },
      schema: {
        tags: ["credit"],
        summary: "The company's payment terms, credit limit, balance, credit available and overdue amount, in USD (its owner and buyers)",
        response: { 200: creditSummarySchema, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => credit.myCredit(request.actor),
  );

  r.get(
    "/dealer/statement",
    {
      config: { access: companyPeople },
      schema: {
        tags: ["credit"],
        summary: "The company's statement of account for a period (from: the first of this month, to: today by default)",
        querystring: statementQuerySchema,
        response: { 200: statementSchema, 400: validationBody, 401: messageBody, 403: messageBody },
      },
    },
    async (request) => credit.statement(request.actor, request.actor?.companyUserId ?? 0, request.query),
  );

  const statementFiles = (
    url: string,
    who: string,
    company: (request: { actor: Parameters<typeof credit.statement>[0]; params: unknown }) => number,
  ) => {
    r.get(
      `${url}.pdf`,
      {
        config: { access: who === "dealer" ? companyPeople : access.staff("dealers.read") },
        schema: {
          tags: ["credit"],
          summary: `The statement of account as a PDF (${who === "dealer" ? "the company's owner and buyers" : "admins"})`,
          ...(who === "dealer" ? {} : { params: idParamSchema }),
          querystring: statementQuerySchema,
          response: {
            200: fileResponse("The statement as a PDF file", ["application/pdf"]),
            400: validationBody,
            401: messageBody,
            403: messageBody,
            404: messageBody,
          },
        },
      },
      async (request, reply) => {
        const statement = await credit.statement(request.actor, company(request), request.query);
        return pdfReply(reply, { fileName: statementFileName(statement, "pdf"), pdf: await statementPdf(statement, await settings.get()) });
      },
    );
    csvRoute(app, {
      url: `${url}.csv`,
      access: who === "dealer" ? companyPeople : access.staff("dealers.read"),
      schema: {
        tags: ["credit"],
        summary: `The statement of account as CSV for the accountant (${who === "dealer" ? "the company's owner and buyers" : "admins"})`,
        ...(who === "dealer" ? {} : { params: idParamSchema }),
        querystring: statementQuerySchema,
        response: {
          200: csvResponse("One row per entry, with the opening and closing balances"),
          400: validationBody,
          401: messageBody,
          403: messageBody,
          404: messageBody,
        },
      },
      file: async (request) => {
        const statement = await credit.statement(request.actor, company(request), request.query as z.infer<typeof statementQuerySchema>);
        return { fileName: statementFileName(statement, "csv"), body: toCsv(statementCsvRows(statement), statementCsvColumns) };
      },
    });
  };
  statementFiles("/dealer/statement", "dealer", (request) => request.actor?.companyUserId ?? 0);
  statementFiles("/dealers/:id/ledger", "admin", (request) => (request.params as { id: number }).id);

  r.get(
    "/dealers/:id/credit",
    {
      config: { access: access.staff("dealers.read") },
      schema: {
        tags: ["credit"],
        summary: "A company's terms and figures (admins)",
        params: idParamSchema,
        response: { 200: creditSummarySchema.extend({ company: z.string() }), 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => credit.companyCredit(request.actor, request.params.id),
  );

  r.put(
    "/dealers/:id/credit",
    {
      config: { access: access.staff("dealers.terms") },
      schema: {
        tags: ["credit"],
        summary:
          "Set a company's payment terms and credit limit in USD (dealers.terms, with a step-up code given within 10 minutes; audited)",
        params: idParamSchema,
        body: setCreditTermsSchema,
        response: { 200: creditSummarySchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => credit.setTerms(request.actor, request.params.id, request.body),
  );

  r.get(
    "/dealers/:id/ledger",
    {
      config: { access: access.staff("dealers.read") },
      schema: {
        tags: ["credit"],
        summary: "A company's ledger: the statement of its account for a period, with what is open (admins)",
        params: idParamSchema,
        querystring: statementQuerySchema,
        response: { 200: statementSchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => credit.statement(request.actor, request.params.id, request.query),
  );

  r.post(
    "/dealers/:id/payments",
    {
      config: { access: access.staff("orders.payments") },
      schema: {
        tags: ["credit"],
        summary:
          "Record a payment received (admins; audited): allocated to the oldest open invoices first, or by hand; what is left stays a credit on the account",
        params: idParamSchema,
        body: recordPaymentSchema,
        response: {
          201: z.object({ id: z.number(), amount_usd: z.string(), summary: creditSummarySchema }),
          400: validationBody,
          401: messageBody,
          403: messageBody,
          404: messageBody,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await credit.recordPayment(request.actor, request.params.id, request.body)),
  );

  r.post(
    "/dealers/:id/payments/:paymentId/allocations",
    {
      config: { access: access.staff("orders.payments") },
      schema: {
        tags: ["credit"],
        summary: "Give a payment's unallocated credit to invoices by hand (admins; audited)",
        params: paymentParams,
        body: allocatePaymentSchema,
        response: { 200: creditSummarySchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
      },
    },
    async (request) => credit.allocatePayment(request.actor, request.params.id, request.params.paymentId, request.body),
  );

  r.get(
    "/credit/ageing",
    {
      config: { access: access.staff("orders.payments") },
      schema: {
        tags: ["credit"],
        summary:
          "The ageing of what dealers owe on a day: current, 1–30, 31–60, 61–90 and over 90 days overdue, per company and in total (admins)",
        querystring: ageingQuerySchema,
        response: { 200: ageingSchema, 400: validationBody, 401: messageBody, 403: messageBody },
      },
    },
    async (request) => credit.ageing(request.actor, request.query.on),
  );

  csvRoute(app, {
    url: "/credit/ageing.csv",
    access: access.staff("orders.payments"),
    schema: {
      tags: ["credit"],
      summary: "The ageing report as CSV for the accountant (admins)",
      querystring: ageingQuerySchema,
      response: { 200: csvResponse("One row per company, then the totals"), 400: validationBody, 401: messageBody, 403: messageBody },
    },
    file: async (request) => {
      const ageing = await credit.ageing(request.actor, (request.query as z.infer<typeof ageingQuerySchema>).on);
      const body = toCsv<AgeingCsvRow>([...ageing.rows, { ...ageing.totals, company: "Total" }], ageingColumns);
      return { fileName: `ageing-${ageing.on}.csv`, body };
    },
  });
}
