import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema, pageQuerySchema } from "#shared/schemas/catalogue.ts";
import { QUOTE_SUCCESS, quoteRequestSchema } from "#shared/schemas/quotations.ts";
import type { Services } from "../../services.ts";
import { QUOTATION_STATUSES } from "./quotations.service.ts";

const message = z.object({ message: z.string() });
const validationFailure = z.object({ message: z.string(), issues: z.array(z.object({ path: z.string(), message: z.string() })) });

const quotationSchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  status: z.enum(QUOTATION_STATUSES),
  requester_name: z.string(),
  requester_address: z.string(),
  requester_phone: z.string(),
  requester_email: z.string(),
  notes: z.string(),
  created_At: z.string(),
  products: z.array(
    z.object({ product_id: z.number().nullable(), product_name: z.string(), quantity: z.number(), price: z.string().nullable() }),
  ),
});

const byUserQuery = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  email: z.string().trim().max(254).optional(),
});

const listQuery = pageQuerySchema.extend({
  status: z
    .enum(QUOTATION_STATUSES)
    .or(z.literal("").transform(() => undefined))
    .optional(),
});

export async function quotationsRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { quotations } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/quotations",
    {
      schema: {
        tags: ["quotations"],
        summary: "Request a quotation (visitors and signed-in users)",
        body: quoteRequestSchema,
        response: { 201: z.object({ message: z.string(), id: z.number() }), 400: validationFailure },
      },
    },
    async (request, reply) => {
      const { id } = await quotations.submit(request.actor, request.body);
      return reply.code(201).send({ message: QUOTE_SUCCESS, id });
    },
  );

  r.get(
    "/quotations/get-by-user",
    {
      schema: {
        tags: ["quotations"],
        summary: "The signed-in user's quotations (by their user id or e-mail address)",
        querystring: byUserQuery,
        response: { 200: z.array(quotationSchema), 401: message, 403: message },
      },
    },
    async (request) => quotations.listForUser(request.actor, request.query),
  );

  const listOptions = {
    schema: {
      tags: ["quotations"],
      summary: "All quotations, newest first, optionally of one status (admin)",
      querystring: listQuery,
      response: { 200: z.object({ rows: z.array(quotationSchema), count: z.number() }), 401: message, 403: message },
    },
  };
  r.get("/quotations/", listOptions, async (request) => quotations.list(request.actor, request.query));
  // The spec writes the path with a trailing slash; accept it without one too.
  r.get("/quotations", { schema: { ...listOptions.schema, hide: true } }, async (request) => quotations.list(request.actor, request.query));

  r.get(
    "/quotations/:id/pdf",
    {
      schema: {
        tags: ["quotations"],
        summary: "An approved quotation as a PDF (its owner or an admin; the session cookie works, so pages link here)",
        params: idParamSchema,
        response: { 200: z.any().describe("The quotation as a PDF file (application/pdf)"), 401: message, 404: message, 409: message },
      },
    },
    async (request, reply) => {
      const pdf = await quotations.pdfFor(request.actor, request.params.id);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="quotation-${request.params.id}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(Buffer.from(pdf));
    },
  );
}
