import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import { movedSchema, moveSchema } from "#shared/schemas/content.ts";
import {
  dealerTierAssignSchema,
  dealerTierRowSchema,
  dealerTierSchema,
  dealerTierViewSchema,
  priceRulesSchema,
  priceRulesViewSchema,
} from "#shared/schemas/pricing.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import type { Services } from "../../services.ts";

const refused = { 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody };

/** Dealer prices in the back office: tiers, a dealer's tier, a product's quantity breaks and tier prices. */
export async function pricingRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { pricing } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: access.admin };
  const tags = ["dealer prices"];

  r.get(
    "/dealer-tiers",
    {
      config: admin,
      schema: {
        tags,
        summary: "The dealer tiers, lowest first, with how many approved dealers buy at each (admin)",
        response: { 200: z.array(dealerTierRowSchema), 401: messageBody, 403: messageBody },
      },
    },
    async (request) => pricing.tiers(request.actor),
  );
  r.post(
    "/dealer-tiers",
    {
      config: admin,
      schema: {
        tags,
        summary: "Add a tier: a discount in per cent off the dealer list price (admin); it goes last",
        body: dealerTierSchema,
        response: { 201: dealerTierViewSchema, ...refused },
      },
    },
    async (request, reply) => reply.code(201).send(await pricing.createTier(request.actor, request.body)),
  );
  r.put(
    "/dealer-tiers/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Change a tier's name or discount (admin); names are unique",
        params: idParamSchema,
        body: dealerTierSchema,
        response: { 200: dealerTierViewSchema, ...refused },
      },
    },
    async (request) => pricing.updateTier(request.actor, request.params.id, request.body),
  );
  r.delete(
    "/dealer-tiers/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Delete a tier (admin): 409 while dealers are in it; its product prices go with it",
        params: idParamSchema,
        response: { 200: messageBody, ...refused },
      },
    },
    async (request) => pricing.deleteTier(request.actor, request.params.id),
  );
  r.post(
    "/dealer-tiers/:id/move",
    {
      config: admin,
      schema: {
        tags,
        summary: "Move a tier one place up or down (admin): dealers without a tier buy at the first",
        params: idParamSchema,
        body: moveSchema,
        response: { 200: movedSchema, ...refused },
      },
    },
    async (request) => pricing.moveTier(request.actor, request.params.id, request.body.direction),
  );
  r.put(
    "/dealer/tier/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Put a dealer's company in a tier (admin; the id is the dealer's user id); audited",
        params: idParamSchema,
        body: dealerTierAssignSchema,
        response: { 200: dealerTierViewSchema, ...refused },
      },
    },
    async (request) => pricing.setDealerTier(request.actor, request.params.id, request.body.tier_id),
  );
  r.get(
    "/products/:id/price-rules",
    {
      config: admin,
      schema: {
        tags,
        summary: "A product's quantity breaks and tier prices (admin)",
        params: idParamSchema,
        response: { 200: priceRulesViewSchema, ...refused },
      },
    },
    async (request) => pricing.priceRules(request.actor, request.params.id),
  );
  r.put(
    "/products/:id/price-rules",
    {
      config: admin,
      schema: {
        tags,
        summary: "Replace a product's quantity breaks and tier prices (admin)",
        description:
          "Both lists are whole: what is left out is removed. A break takes its discount, in per cent, off the dealer's tier price from `min_quantity` units on one line (2 or more); a bigger break takes off more. A tier price replaces that tier's discount for this product; the breaks still apply on top.",
        params: idParamSchema,
        body: priceRulesSchema,
        response: { 200: priceRulesViewSchema, ...refused },
      },
    },
    async (request) => pricing.setPriceRules(request.actor, request.params.id, request.body),
  );
}
