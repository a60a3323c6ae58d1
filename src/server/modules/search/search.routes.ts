import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { searchQuerySchema, searchResultSchema } from "#shared/schemas/search.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody } from "../../platform/error-bodies.ts";
import type { Services } from "../../services.ts";

/**
 * The site search. Public, and not put in the shared cache: every query is a key of its own, and a
 * stream of them would push the catalogue's answers out.
 */
export async function searchRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { search } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/search",
    {
      config: { access: access.public },
      schema: {
        tags: ["search"],
        summary: "Products and content (blogs, case studies, articles, FAQs) matching q, best first",
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: messageBody },
      },
    },
    async (request) => search.search(request.query),
  );
}
