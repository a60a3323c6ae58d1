import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema, pageQuerySchema } from "#shared/schemas/catalogue.ts";
import { NOT_MULTIPART } from "#shared/schemas/documents.ts";
import {
  confirmPaymentSchema,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderAnswerSchema,
  orderPreviewQuerySchema,
  orderPreviewSchema,
  orderViewSchema,
  parseLinesParam,
  placeOrderSchema,
  setOrderStatusSchema,
} from "#shared/schemas/orders.ts";
import {
  PAYMENT_PROOF_FILE_FIELD,
  PAYMENT_PROOF_MAX_MB,
  PAYMENT_PROOF_REFERENCE_MAX,
  paymentProofParamsSchema,
  paymentProofViewSchema,
} from "#shared/schemas/payment-proofs.ts";
import { dispatchOrderSchema, serialSchema, serialViewSchema } from "#shared/schemas/stock.ts";
import { access } from "../../platform/auth/access.ts";
import { csvDateTime } from "../../platform/csv.ts";
import { csvRoute } from "../../platform/csv-route.ts";
import { messageBody, uploadFailureBody, validationBody } from "../../platform/error-bodies.ts";
import { csvResponse, fileResponse } from "../../platform/openapi.ts";
import { type IncomingPart, multipartLimits, UploadError } from "../../platform/uploads/image-upload.ts";
import { sendPrivateFile } from "../../platform/uploads/private-file.ts";
import type { Services } from "../../services.ts";
import { PAYMENT_PROOF_UPLOAD_RULES, PAYMENT_PROOFS_NOT_FOR_TECHNICIANS } from "./payment-proofs.service.ts";

const listQuery = pageQuerySchema.extend({
  status: z
    .enum(ORDER_STATUSES)
    .or(z.literal("").transform(() => undefined))
    .optional(),
  /** The reference (or its number), the dealer's name or e-mail, or the contact name. */
  q: z.string().trim().max(100).optional(),
});

/** A proof's multipart parts, read lazily (the service reads them once the caller and the order are checked). */
function proofParts(request: FastifyRequest): AsyncIterable<IncomingPart> {
  if (request.isMultipart()) return request.parts(multipartLimits(PAYMENT_PROOF_UPLOAD_RULES)) as AsyncIterable<IncomingPart>;
  return {
    [Symbol.asyncIterator]: () => ({
      next: async (): Promise<IteratorResult<IncomingPart>> => {
        throw new UploadError(415, NOT_MULTIPART);
      },
    }),
  };
}

/** Dealer checkout and orders: paid by bank transfer or ZIPIT, confirmed by an admin. */
export async function ordersRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { orders } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/orders",
    {
      config: { access: access.verifiedDealer },
      schema: {
        tags: ["orders"],
        summary:
          "Place an order from the cart (verified dealers). A retried submit with the same idempotencyKey answers 200 with the first order.",
        body: placeOrderSchema,
        response: { 200: orderViewSchema, 201: orderViewSchema, 400: validationBody, 401: messageBody, 403: messageBody },
      },
    },
    async (request, reply) => {
      const { order, created } = await orders.placeOrder(request.actor, request.body);
      return reply.code(created ? 201 : 200).send(order);
    },
  );

  r.get(
    "/orders/preview",
    {
      config: { access: access.roles(["dealer"]) },
      schema: {
        tags: ["orders"],
        summary: "The cart's lines at the dealer's prices, with their totals in USD and the secondary currency (dealers)",
        querystring: orderPreviewQuerySchema,
        response: { 200: orderPreviewSchema, 400: validationBody, 401: messageBody, 403: messageBody },
      },
    },
    async (request) => orders.previewOrder(request.actor, parseLinesParam(request.query.lines), request.query.city),
  );

  r.get(
    "/orders/mine",
    {
      config: { access: access.signedIn },
      schema: {
        tags: ["orders"],
        summary: "The signed-in account's orders, newest first, with their lines and status timelines",
        response: { 200: z.array(orderAnswerSchema), 401: messageBody },
      },
    },
    async (request) => orders.myOrders(request.actor),
  );

  r.get(
    "/orders",
    {
      config: { access: access.staff("orders.read") },
      schema: {
        tags: ["orders"],
        summary: "All orders, newest first, optionally of one status (admin)",
        querystring: listQuery,
        response: { 200: z.object({ rows: z.array(orderViewSchema), count: z.number() }), 401: messageBody, 403: messageBody },
      },
    },
    async (request) => orders.list(request.actor, request.query),
  );

  csvRoute(app, {
    url: "/orders/export.csv",
    access: access.staff("orders.read"),
    schema: {
      tags: ["orders"],
      summary: "The orders as CSV, with the list's filters (admin; at most 10,000 rows)",
      querystring: listQuery.omit({ page: true, pageSize: true }),
      response: { 200: csvResponse("The orders as CSV"), 401: messageBody, 403: messageBody },
    },
    filename: "orders",
    rows: async (request) => (await orders.list(request.actor, { ...request.query, page: 1, pageSize: 10_000 })).rows,
    columns: [
      { header: "Reference", value: (o) => o.reference },
      { header: "Placed", value: (o) => csvDateTime(o.created_At) },
      { header: "Dealer company", value: (o) => o.dealer_company },
      { header: "Dealer", value: (o) => o.dealer_name },
      { header: "Status", value: (o) => ORDER_STATUS_LABELS[o.status] },
      { header: "Currency", value: (o) => o.currency },
      { header: "Excl. VAT", value: (o) => o.subtotal },
      { header: "VAT rate", value: (o) => o.vat_rate },
      { header: "VAT", value: (o) => o.vat },
      { header: "Total", value: (o) => o.total },
      { header: "Total USD", value: (o) => o.total_usd },
      { header: "Invoice", value: (o) => o.invoice?.number },
      { header: "Fulfilment", value: (o) => o.fulfilment },
      { header: "Contact", value: (o) => o.contactName },
      { header: "Phone", value: (o) => o.contactPhone },
      { header: "Delivery address", value: (o) => o.deliveryAddress },
      { header: "Payment reference", value: (o) => o.paymentReference },
      { header: "Products", value: (o) => o.products.map((p) => `${p.quantity} × ${p.product_name}`).join("; ") },
    ],
  });

  r.get(
    "/orders/:id",
    {
      config: { access: access.signedIn },
      schema: {
        tags: ["orders"],
        summary: "One order (its dealer or an admin; anyone else 404)",
        params: idParamSchema,
        response: { 200: orderAnswerSchema, 401: messageBody, 404: messageBody },
      },
    },
    async (request) => orders.orderFor(request.actor, request.params.id),
  );

  r.put(
    "/orders/:id/confirm-payment",
    {
      config: { access: access.staff("orders.payments") },
      schema: {
        tags: ["orders"],
        summary: "Confirm the bank transfer or ZIPIT payment of an order awaiting payment (admin); e-mails the dealer",
        params: idParamSchema,
        body: confirmPaymentSchema.optional(),
        response: { 200: orderViewSchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
      },
    },
    async (request) => orders.confirmPayment(request.actor, request.params.id, request.body ?? { paymentReference: "" }),
  );

  r.put(
    "/orders/:id/status",
    {
      // Decision 035: the move decides the permission (a payment or a cancellation orders.payments, the goods'
      // moves orders.dispatch), so the service asks it once the body is read; the route turns away whoever may not
      // even see orders.
      config: { access: access.staff("orders.read") },
      schema: {
        tags: ["orders"],
        summary: "Move an order to its next status (admin); illegal moves answer 409; e-mails the dealer",
        params: idParamSchema,
        body: setOrderStatusSchema,
        response: { 200: orderViewSchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
      },
    },
    async (request) => orders.setStatus(request.actor, request.params.id, request.body),
  );

  r.post(
    "/orders/:id/dispatch",
    {
      config: { access: access.staff("orders.dispatch") },
      schema: {
        tags: ["orders"],
        summary:
          "Send a processing order out (delivery) or ready it for collection (admin), with a serial number per unit of each serialised product and the waybill or collection reference; the stock leaves the branch; e-mails the dealer",
        params: idParamSchema,
        body: dispatchOrderSchema,
        response: { 200: orderViewSchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
      },
    },
    async (request) => orders.dispatch(request.actor, request.params.id, request.body),
  );

  csvRoute(app, {
    url: "/orders/:id/serials.csv",
    access: access.signedIn,
    schema: {
      tags: ["orders"],
      summary: "The serial numbers an order went out with, as CSV (its dealer or an admin; anyone else 404)",
      params: idParamSchema,
      response: { 200: csvResponse("The order's serial numbers as CSV"), 401: messageBody, 404: messageBody },
    },
    filename: "serials",
    rows: async (request) => {
      const { reference, rows } = await orders.serialRows(request.actor, request.params.id);
      return { rows, filename: `serials-${reference}` };
    },
    columns: [
      { header: "Order", value: (row: string[]) => row[0] },
      { header: "Product", value: (row) => row[1] },
      { header: "Serial number", value: (row) => row[2] },
      { header: "Waybill or collection reference", value: (row) => row[3] },
    ],
  });

  r.get(
    "/serials/:serial",
    {
      config: { access: access.staff("orders.read") },
      schema: {
        tags: ["orders"],
        summary: "Which order, dealer and day a serial number went out with (admin; 404 when it never did)",
        params: z.object({ serial: serialSchema }),
        response: { 200: serialViewSchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => opts.services.stock.lookupSerial(request.actor, request.params.serial),
  );
  // Proofs of bank transfer and ZIPIT payments.
  const { paymentProofs } = opts.services;
  r.post(
    "/orders/:id/payment-proof",
    {
      config: { access: access.verifiedDealer },
      schema: {
        tags: ["orders"],
        summary: "Send the bank slip or ZIPIT confirmation of the company's order awaiting payment, with its reference (owners and buyers)",
        description: `Multipart: \`${PAYMENT_PROOF_FILE_FIELD}\` (a JPG or PNG image or a PDF, decided by its content, at most ${PAYMENT_PROOF_MAX_MB} MB; images are re-encoded without metadata, PDFs written again; stored privately) and \`reference\` (the payment's reference, at most ${PAYMENT_PROOF_REFERENCE_MAX} characters). Another company's order is 404; an order no longer awaiting payment 409. Answers the order's proofs. The sales address is e-mailed.`,
        consumes: ["multipart/form-data"],
        params: idParamSchema,
        response: {
          201: z.array(paymentProofViewSchema),
          400: uploadFailureBody,
          401: messageBody,
          403: messageBody,
          404: messageBody,
          409: messageBody,
          413: uploadFailureBody,
          415: uploadFailureBody,
        },
      },
    },
    async (request, reply) => {
      const proofs = await paymentProofs.upload(request.actor, request.params.id, proofParts(request));
      return reply.code(201).send(proofs);
    },
  );

  // Proofs of payment are the company's finance: its owner and buyers (role dealer) and admins, under the money rule;
  // a technician (or any other role) is refused before any id is read.
  const proofReaders = access.roles(["dealer", "admin", "super"], { refusal: PAYMENT_PROOFS_NOT_FOR_TECHNICIANS });
  r.get(
    "/orders/:id/payment-proofs",
    {
      config: { access: proofReaders },
      schema: {
        tags: ["orders"],
        summary:
          "The proofs of payment of an order, oldest first (its company's owner and buyers or an admin; a technician 403; anyone else 404)",
        params: idParamSchema,
        response: { 200: z.array(paymentProofViewSchema), 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => paymentProofs.list(request.actor, request.params.id),
  );

  r.get(
    "/orders/:id/payment-proofs/:proofId/file",
    {
      config: { access: proofReaders },
      schema: {
        tags: ["orders"],
        summary: "A proof of payment's file (the order's company's owner and buyers or an admin; a technician 403; anyone else 404)",
        params: paymentProofParamsSchema,
        response: {
          200: fileResponse("The bank slip or ZIPIT confirmation", ["image/jpeg", "image/png", "application/pdf"]),
          401: messageBody,
          403: messageBody,
          404: messageBody,
        },
      },
    },
    async (request, reply) => sendPrivateFile(reply, await paymentProofs.file(request.actor, request.params.id, request.params.proofId)),
  );
}
