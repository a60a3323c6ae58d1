import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { queryEntries } from "#shared/catalogue-filters.ts";
import {
  allProductsQuerySchema,
  brandMinSchema,
  categoryPageSchema,
  categoryQuerySchema,
  categoryRefSchema,
  categorySchema,
  featuredSchema,
  idParamSchema,
  parseProductIds,
  productExistenceSchema,
  productIdsQuerySchema,
  productPageSchema,
  productSchema,
} from "#shared/schemas/catalogue.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody } from "../../platform/error-bodies.ts";
import { sharePublicReads } from "../../platform/shared-cache.ts";
import type { Services } from "../../services.ts";

export async function catalogueRoutes(app: FastifyInstance, opts: { services: Services }) {
  // Public reads: what visitors get may be answered from the shared cache.
  sharePublicReads(app);
  const { catalogue } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/products/categories",
    {
      config: { access: access.public },
      schema: { tags: ["products"], summary: "The product categories", response: { 200: z.array(categorySchema) } },
    },
    async () => catalogue.listCategories(),
  );

  r.get(
    "/products/get-all-products",
    {
      config: { access: access.public },
      schema: {
        tags: ["products"],
        summary: "One page of every product, or of one category's (id or slug)",
        querystring: allProductsQuerySchema,
        response: { 200: productPageSchema },
      },
    },
    async (request) => catalogue.allProducts(request.actor, request.query),
  );

  r.get(
    "/products/get-product-by-category/:categoryId",
    {
      config: { access: access.public },
      schema: {
        tags: ["products"],
        summary: "One page of a category's products (id or slug), filtered and sorted, with the category's facets",
        params: z.object({ categoryId: categoryRefSchema }),
        querystring: categoryQuerySchema,
        response: { 200: categoryPageSchema, 400: messageBody },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const params = queryEntries(request.query as Record<string, unknown>);
      const { rows, count, facets } = await catalogue.productsByCategory(
        request.actor,
        request.params.categoryId,
        { page, pageSize },
        params,
        {
          strict: true,
        },
      );
      return { rows, count, facets };
    },
  );

  r.get(
    "/products/get-product-by-id/:id",
    {
      config: { access: access.public },
      schema: {
        tags: ["products"],
        summary: "One product, as a one-element list",
        params: idParamSchema,
        response: { 200: z.array(productSchema), 404: messageBody },
      },
    },
    async (request) => [await catalogue.productById(request.actor, request.params.id)],
  );

  r.get(
    "/products/exists",
    {
      config: { access: access.public },
      schema: {
        tags: ["products"],
        summary: "Which of the given products are still in the catalogue",
        querystring: productIdsQuerySchema,
        response: { 200: productExistenceSchema },
      },
    },
    async (request) => {
      const asked = parseProductIds(request.query.ids);
      return { asked, available: await catalogue.existingProductIds(asked) };
    },
  );

  r.get(
    "/featured/get-featured",
    {
      config: { access: access.public },
      schema: { tags: ["featured"], summary: "The featured products", response: { 200: z.array(featuredSchema) } },
    },
    async () => catalogue.listFeatured(),
  );

  r.get(
    "/featured/get-featured/:id",
    {
      config: { access: access.public },
      schema: {
        tags: ["featured"],
        summary: "One featured product",
        params: idParamSchema,
        response: { 200: featuredSchema, 404: messageBody },
      },
    },
    async (request) => catalogue.featuredById(request.params.id),
  );

  r.get(
    "/brands/min",
    {
      config: { access: access.public },
      schema: { tags: ["brands"], summary: "Every brand's id and name", response: { 200: z.array(brandMinSchema) } },
    },
    async () => catalogue.listBrandsMin(),
  );
}
