import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import {
  adminLeadSchema,
  assignLeadSchema,
  dealerLeadSchema,
  dealerLeadsSchema,
  leadDealerOptionSchema,
  leadListQuerySchema,
  leadsPauseSchema,
} from "#shared/schemas/leads.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import type { Services } from "../../services.ts";

/**
 * Enquiries for a certified installer. A dealer company's owner and buyers read their offers and accept
 * or decline them (technicians: 403); the customer's contact only once accepted. The back office reads every lead
 * with its history and assigns one by hand.
 */
export async function leadsRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { leads } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["installer leads"];
  const dealer = { access: access.roles(["dealer"]) };

  r.get(
    "/dealer/leads",
    {
      config: dealer,
      schema: {
        tags,
        summary:
          "The signed-in dealer company's installation enquiries: open offers first with when they lapse, the customer's contact only on accepted ones",
        response: { 200: dealerLeadsSchema, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => leads.listForDealer(request.actor),
  );
  r.post(
    "/dealer/leads/:id/accept",
    {
      config: dealer,
      schema: {
        tags,
        summary: "Accept an offered enquiry: the first of the dealers offered it wins and gets the customer's contact; the others get 409",
        params: idParamSchema,
        response: { 200: dealerLeadSchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
      },
    },
    async (request) => leads.accept(request.actor, request.params.id),
  );
  r.post(
    "/dealer/leads/:id/decline",
    {
      config: dealer,
      schema: {
        tags,
        summary: "Decline an offered enquiry: it moves on to the next installer serving the province",
        params: idParamSchema,
        response: { 204: z.null(), 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
      },
    },
    async (request, reply) => {
      await leads.decline(request.actor, request.params.id);
      return reply.code(204).send(null);
    },
  );
  r.put(
    "/dealer/leads/pause",
    {
      config: dealer,
      schema: {
        tags,
        summary: "Pause new leads (true) or resume them (false) for the signed-in dealer company",
        body: leadsPauseSchema,
        response: { 200: leadsPauseSchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => leads.setPaused(request.actor, request.body.paused),
  );

  r.get(
    "/leads",
    {
      config: { access: access.staff("leads.assign") },
      schema: {
        tags,
        summary:
          "Every installation enquiry, newest first, optionally of one status, with its offers (admin); and the verified dealers to assign to",
        querystring: leadListQuerySchema,
        response: {
          200: z.object({ rows: z.array(adminLeadSchema), dealers: z.array(leadDealerOptionSchema) }),
          400: validationBody,
          401: messageBody,
          403: messageBody,
        },
      },
    },
    async (request) => leads.list(request.actor, request.query),
  );
  r.post(
    "/leads/:id/assign",
    {
      config: { access: access.staff("leads.assign") },
      schema: {
        tags,
        summary: "Assign an open or unassigned enquiry to a verified dealer by hand: the dealer and the customer are told (admin)",
        params: idParamSchema,
        body: assignLeadSchema,
        response: { 204: z.null(), 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
      },
    },
    async (request, reply) => {
      await leads.assign(request.actor, request.params.id, request.body.dealer_id);
      return reply.code(204).send(null);
    },
  );
}
