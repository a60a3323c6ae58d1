import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import {
  creditNoteInputSchema,
  debitNoteInputSchema,
  FISCAL_STATUS_LABELS,
  noteOptionsSchema,
  TAX_DOCUMENT_KIND_LABELS,
  taxDocumentListQuerySchema,
  taxDocumentSchema,
} from "#shared/schemas/tax-documents.ts";
import { access } from "../../platform/auth/access.ts";
import { csvDateTime } from "../../platform/csv.ts";
import { csvRoute } from "../../platform/csv-route.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import { csvResponse, fileResponse } from "../../platform/openapi.ts";
import { pdfReply } from "../../platform/pdf/pdf-reply.ts";
import type { Services } from "../../services.ts";

/** Credit and debit notes print and export their amounts with their effect: a credit negative, a debit positive. */
const signed = (d: { kind: string }, amount: string) => (d.kind === "credit_note" ? `-${amount}` : amount);

const orderDocumentParams = z.object({ id: z.coerce.number().int().positive(), documentId: z.coerce.number().int().positive() });

/** Tax invoices, credit and debit notes: the dealer's own through their order, every one for admins. */
export async function taxDocumentsRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { taxDocuments } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [path, kind] of [
    ["/orders/:id/invoice.pdf", "invoice"],
    ["/orders/:id/credit-note.pdf", "credit_note"],
  ] as const) {
    r.get(
      path,
      {
        config: { access: access.signedIn },
        schema: {
          tags: ["orders"],
          summary: `The order's ${kind === "invoice" ? "tax invoice" : "credit note"} as a PDF (the order's dealer or an admin; anyone else 404)`,
          params: idParamSchema,
          response: { 200: fileResponse("The document as a PDF file", ["application/pdf"]), 401: messageBody, 404: messageBody },
        },
      },
      async (request, reply) => {
        const doc = await taxDocuments.documentForOrder(request.actor, request.params.id, kind);
        return pdfReply(reply, await taxDocuments.pdfOf(doc));
      },
    );
  }

  r.get(
    "/orders/:id/documents/:documentId/pdf",
    {
      config: { access: access.signedIn },
      schema: {
        tags: ["orders"],
        summary:
          "One of the order's tax documents (invoice, credit or debit note) as a PDF (the order's dealer or an admin; anyone else 404)",
        params: orderDocumentParams,
        response: { 200: fileResponse("The document as a PDF file", ["application/pdf"]), 401: messageBody, 404: messageBody },
      },
    },
    async (request, reply) => {
      const doc = await taxDocuments.orderDocumentById(request.actor, request.params.id, request.params.documentId);
      return pdfReply(reply, await taxDocuments.pdfOf(doc));
    },
  );

  r.get(
    "/tax-documents/:id/note-options",
    {
      config: { access: access.staff("money.documents") },
      schema: {
        tags: ["tax documents"],
        summary: "What a credit or debit note of this invoice can correct: its lines with what remains of each (admin)",
        params: idParamSchema,
        response: { 200: noteOptionsSchema, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => taxDocuments.noteOptions(request.actor, request.params.id),
  );

  for (const [path, kind] of [
    ["/tax-documents/:id/credit-notes", "credit"],
    ["/tax-documents/:id/debit-notes", "debit"],
  ] as const) {
    r.post(
      path,
      {
        config: { access: access.staff("money.documents") },
        schema: {
          tags: ["tax documents"],
          summary:
            kind === "credit"
              ? "Issues a credit note of the invoice: units returned or amounts off, never more than remains; reason required (admin)"
              : "Issues a debit note of the invoice: an amount added to lines or a charge line at one of its VAT rates; reason required (admin)",
          params: idParamSchema,
          body: kind === "credit" ? creditNoteInputSchema : debitNoteInputSchema,
          response: { 201: taxDocumentSchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
        },
      },
      async (request, reply) => {
        const row =
          kind === "credit"
            ? await taxDocuments.issuePartialCreditNote(request.actor, request.params.id, creditNoteInputSchema.parse(request.body))
            : await taxDocuments.issueDebitNote(request.actor, request.params.id, debitNoteInputSchema.parse(request.body));
        return reply.code(201).send((await taxDocuments.byId(row.id)).view);
      },
    );
  }

  r.post(
    "/tax-documents/:id/credit-and-reissue",
    {
      config: { access: access.staff("money.documents") },
      schema: {
        tags: ["tax documents"],
        summary: "Credits in full an invoice FDMS kept with an error and issues a new invoice of its order, both fiscalised (admin)",
        params: idParamSchema,
        response: {
          201: z.object({ credit_note: taxDocumentSchema, invoice: taxDocumentSchema }),
          401: messageBody,
          403: messageBody,
          404: messageBody,
          409: messageBody,
        },
      },
    },
    async (request, reply) => {
      const done = await taxDocuments.creditAndReissue(request.actor, request.params.id);
      const [creditNote, invoice] = await Promise.all([taxDocuments.byId(done.creditNote.id), taxDocuments.byId(done.invoice.id)]);
      return reply.code(201).send({ credit_note: creditNote.view, invoice: invoice.view });
    },
  );

  r.get(
    "/tax-documents",
    {
      config: { access: access.staff("money.documents") },
      schema: {
        tags: ["tax documents"],
        summary: "Tax invoices, credit and debit notes, newest first, by kind, issue days and search (admin)",
        querystring: taxDocumentListQuerySchema,
        response: {
          200: z.object({ rows: z.array(taxDocumentSchema), count: z.number() }),
          400: validationBody,
          401: messageBody,
          403: messageBody,
        },
      },
    },
    async (request) => taxDocuments.list(request.actor, request.query),
  );

  csvRoute(app, {
    url: "/tax-documents/export.csv",
    access: access.staff("money.documents"),
    schema: {
      tags: ["tax documents"],
      summary: "The documents as CSV for the accountant, oldest first, with the list's filters (admin; at most 10,000 rows)",
      querystring: taxDocumentListQuerySchema.omit({ page: true, pageSize: true }),
      response: { 200: csvResponse("The documents as CSV"), 400: validationBody, 401: messageBody, 403: messageBody },
    },
    filename: "tax-documents",
    rows: (request) => taxDocuments.exportRows(request.actor, request.query),
    columns: [
      { header: "Number", value: (d) => d.number },
      { header: "Type", value: (d) => TAX_DOCUMENT_KIND_LABELS[d.kind] },
      { header: "Date", value: (d) => csvDateTime(d.issued_at) },
      { header: "Corrects invoice", value: (d) => d.credits },
      { header: "Order", value: (d) => d.order_reference },
      { header: "Buyer", value: (d) => d.buyer_name },
      { header: "Buyer TIN", value: (d) => d.buyer_tin },
      { header: "Buyer VAT number", value: (d) => d.buyer_vat_number },
      { header: "Currency", value: (d) => d.currency },
      { header: "Excl. VAT", value: (d) => signed(d, d.subtotal) },
      { header: "VAT rate", value: (d) => d.vat_rate },
      { header: "VAT", value: (d) => signed(d, d.vat) },
      { header: "Total", value: (d) => signed(d, d.total) },
      { header: "Exchange rate", value: (d) => d.exchange_rate },
      { header: "Fiscal status", value: (d) => FISCAL_STATUS_LABELS[d.fiscal_status] },
      { header: "Fiscal device", value: (d) => d.fiscal?.device_id },
      { header: "Fiscal day", value: (d) => d.fiscal?.fiscal_day_no },
      { header: "Receipt global no.", value: (d) => d.fiscal?.receipt_global_no },
      { header: "Verification code", value: (d) => d.fiscal?.verification_code },
    ],
  });

  r.get(
    "/tax-documents/:id/pdf",
    {
      config: { access: access.staff("money.documents") },
      schema: {
        tags: ["tax documents"],
        summary: "One tax invoice, credit or debit note as a PDF (admin)",
        params: idParamSchema,
        response: {
          200: fileResponse("The document as a PDF file", ["application/pdf"]),
          401: messageBody,
          403: messageBody,
          404: messageBody,
        },
      },
    },
    async (request, reply) => pdfReply(reply, await taxDocuments.pdfOf(await taxDocuments.adminDocument(request.actor, request.params.id))),
  );
}
