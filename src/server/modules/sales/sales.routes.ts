import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  productSalesQuerySchema,
  productSalesSchema,
  saleInputSchema,
  saleSchema,
  salesFiguresSchema,
  salesQuerySchema,
  statisticsSchema,
} from "#shared/schemas/sales.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import type { Services } from "../../services.ts";

/** Spec §7 "Sales": figures over a range, a recorded sale, sales per product, and the dashboard's statistics (admin). */
// The spec writes some paths with a trailing slash and some without; each is accepted both ways.
export async function salesRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { sales } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const figures = {
    config: { access: access.admin },
    schema: {
      tags: ["sales"],
      summary: "Sales over a range of days (from/to, or the last `range` days), optionally of one category (admin)",
      querystring: salesQuerySchema,
      response: { 200: salesFiguresSchema, 400: validationBody, 401: messageBody, 403: messageBody },
    },
  };
  r.get("/sales", figures, async (request) => sales.figures(request.actor, request.query));
  r.get("/sales/", { ...figures, schema: { ...figures.schema, hide: true } }, async (request) =>
    sales.figures(request.actor, request.query),
  );

  const record = {
    config: { access: access.admin },
    schema: {
      tags: ["sales"],
      summary: "Record a sale made outside the website's orders (admin)",
      body: saleInputSchema,
      response: { 201: saleSchema, 400: validationBody, 401: messageBody, 403: messageBody },
    },
  };
  r.post("/sales/", record, async (request, reply) => reply.code(201).send(await sales.record(request.actor, request.body)));
  r.post("/sales", { ...record, schema: { ...record.schema, hide: true } }, async (request, reply) =>
    reply.code(201).send(await sales.record(request.actor, request.body)),
  );

  r.get(
    "/sales/products",
    {
      config: { access: access.admin },
      schema: {
        tags: ["sales"],
        summary: "Sales per product over a range, largest amount first (admin)",
        querystring: productSalesQuerySchema,
        response: { 200: productSalesSchema, 400: validationBody, 401: messageBody, 403: messageBody },
      },
    },
    async (request) => sales.productSales(request.actor, request.query),
  );

  const statistics = {
    config: { access: access.admin },
    schema: {
      tags: ["sales"],
      summary: "The dashboard's counts with this period against the previous one (admin)",
      querystring: salesQuerySchema,
      response: { 200: statisticsSchema, 400: validationBody, 401: messageBody, 403: messageBody },
    },
  };
  r.get("/statistics/", statistics, async (request) => sales.statistics(request.actor, request.query));
  r.get("/statistics", { ...statistics, schema: { ...statistics.schema, hide: true } }, async (request) =>
    sales.statistics(request.actor, request.query),
  );
}
