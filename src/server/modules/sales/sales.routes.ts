import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  productSalesQuerySchema,
  productSalesSchema,
  saleInputSchema,
  saleSchema,
  salesFiguresSchema,
  salesQuerySchema,
  statisticsSchema,
} from "#shared/schemas/sales.ts";
import { type Access, access } from "../../platform/auth/access.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import type { Services } from "../../services.ts";

/** Spec §7 "Sales": figures over a range, a recorded sale, sales per product, and the dashboard's statistics (admin). */
// The spec writes some paths with a trailing slash and some without; each is accepted both ways.
export async function salesRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { sales } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * A sales route's options: who may call it (declared on each route) and its schema, tagged sales, with the
   * refusals after what it answers. `hidden` gives the same for the path's other spelling, left out of the document.
   */
  const salesRoute = <S extends { summary: string; response: { 200: z.ZodType } | { 201: z.ZodType } }>(who: Access, schema: S) => ({
    config: { access: who },
    schema: { tags: ["sales"], ...schema, response: { ...schema.response, 400: validationBody, 401: messageBody, 403: messageBody } },
  });
  const hidden = <R extends { schema: object }>(route: R) => ({ ...route, schema: { ...route.schema, hide: true } });
  /** A report over a range of days (salesQuerySchema) at `path`, and at `alias`, its other spelling. */
  const rangeReport = <T extends z.ZodType>(
    [path, alias]: [string, string],
    who: Access,
    summary: string,
    answer: T,
    run: (actor: FastifyRequest["actor"], query: z.output<typeof salesQuerySchema>) => Promise<z.output<T>>,
  ) => {
    const route = salesRoute(who, { summary, querystring: salesQuerySchema, response: { 200: answer as z.ZodType } });
    r.get(path, route, async (request) => run(request.actor, request.query));
    r.get(alias, hidden(route), async (request) => run(request.actor, request.query));
  };

  rangeReport(
    ["/sales", "/sales/"],
    access.staff("sales.read"),
    "Sales over a range of days (from/to, or the last `range` days), optionally of one category (admin)",
    salesFiguresSchema,
    (actor, query) => sales.figures(actor, query),
  );

  const record = salesRoute(access.staff("sales.read"), {
    summary: "Record a sale made outside the website's orders (admin)",
    body: saleInputSchema,
    response: { 201: saleSchema },
  });
  r.post("/sales/", record, async (request, reply) => reply.code(201).send(await sales.record(request.actor, request.body)));
  r.post("/sales", hidden(record), async (request, reply) => reply.code(201).send(await sales.record(request.actor, request.body)));

  r.get(
    "/sales/products",
    salesRoute(access.staff("sales.read"), {
      summary: "Sales per product over a range, largest amount first (admin)",
      querystring: productSalesQuerySchema,
      response: { 200: productSalesSchema },
    }),
    async (request) => sales.productSales(request.actor, request.query),
  );

  rangeReport(
    ["/statistics/", "/statistics"],
    access.staff("sales.read"),
    "The dashboard's counts with this period against the previous one (admin)",
    statisticsSchema,
    (actor, query) => sales.statistics(actor, query),
  );
}
