import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
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
import { resourceRoutes } from "../../platform/resources/resource-routes.ts";
import type { Services } from "../../services.ts";
import { dealerTierResource } from "./pricing-resources.ts";

const refused = { 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody };

/** Dealer prices in the back office: tiers, a dealer's tier, a product's quantity breaks and tier prices. */
export async function pricingRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { pricing } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: access.staff("prices.edit") };
  const tags = ["dealer prices"];

  resourceRoutes(app, dealerTierResource, {
    path: "/dealer-tiers",
    tags,
    permission: "prices.edit",
    view: dealerTierViewSchema,
    list: {
      summary: "The dealer tiers, lowest first, with how many approved dealers buy at each (admin)",
      row: dealerTierRowSchema,
      run: (actor) => pricing.tiers(actor),
    },
    create: {
      summary: "Add a tier: a discount in per cent off the dealer list price (admin); it goes last",
      body: dealerTierSchema,
      run: (actor, input) => pricing.createTier(actor, input),
    },
    update: {
      summary: "Change a tier's name or discount (admin); names are unique",
      body: dealerTierSchema,
      run: (actor, id, input) => pricing.updateTier(actor, id, input),
    },
    delete: {
      summary: "Delete a tier (admin): 409 while dealers are in it; its product prices go with it",
      run: (actor, id) => pricing.deleteTier(actor, id),
    },
    move: {
      summary: "Move a tier one place up or down (admin): dealers without a tier buy at the first",
      run: (actor, id, direction) => pricing.moveTier(actor, id, direction),
    },
  });
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
