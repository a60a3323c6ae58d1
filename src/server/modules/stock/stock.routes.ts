import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { parseProductIds, productIdsQuerySchema } from "#shared/schemas/catalogue.ts";
import { availabilitySchema, branchViewSchema, deliveryFeeViewSchema } from "#shared/schemas/stock.ts";
import { access } from "../../platform/auth/access.ts";
import { sharePublicReads } from "../../platform/shared-cache.ts";
import type { Services } from "../../services.ts";

/** Public reads of stock: availability of products, the branches, the delivery fees. */
export async function stockRoutes(app: FastifyInstance, opts: { services: Services }) {
  sharePublicReads(app);
  const { stock } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/products/availability",
    {
      config: { access: access.public },
      schema: {
        tags: ["products"],
        summary: "Availability of the given products per branch (quantities for dealers and admins only); unknown ids are left out",
        querystring: productIdsQuerySchema,
        response: { 200: z.array(availabilitySchema.extend({ product_id: z.number() })) },
      },
    },
    async (request) => {
      const found = await stock.availability(request.actor, parseProductIds(request.query.ids));
      return [...found].map(([product_id, a]) => ({ product_id, ...a }));
    },
  );

  r.get(
    "/branches",
    {
      config: { access: access.public },
      schema: {
        tags: ["stock"],
        summary: "The branches: where stock is kept and orders may be collected",
        response: { 200: z.array(branchViewSchema) },
      },
    },
    async () => stock.branches(),
  );

  r.get(
    "/delivery-fees",
    {
      config: { access: access.public },
      schema: {
        tags: ["stock"],
        summary: "The delivery fee to each city served, USD excluding VAT",
        response: { 200: z.array(deliveryFeeViewSchema) },
      },
    },
    async () => stock.deliveryFees(),
  );
}
