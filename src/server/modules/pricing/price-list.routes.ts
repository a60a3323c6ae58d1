import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { priceListSchema } from "#shared/schemas/pricing.ts";
import { access } from "../../platform/auth/access.ts";
import { csvRoute } from "../../platform/csv-route.ts";
import { messageBody } from "../../platform/error-bodies.ts";
import { csvResponse, fileResponse } from "../../platform/openapi.ts";
import type { Services } from "../../services.ts";
import { PRICE_LIST_FOR_DEALERS } from "./price-list.ts";

/** The dealer's price list as JSON, CSV and PDF: approved dealers at their tier; admins at the dealer list price. */
export async function priceListRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { priceList } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.roles(["dealer", "admin", "super"], { refusal: PRICE_LIST_FOR_DEALERS }) };
  const tags = ["dealer prices"];
  const refused = { 401: messageBody, 403: messageBody };
  const file = (type: string, name: string) => ({
    "content-type": type,
    "content-disposition": `attachment; filename="${name}"`,
    "cache-control": "private, no-store",
  });

  r.get(
    "/dealer/price-list",
    {
      config,
      schema: {
        tags,
        summary:
          "The signed-in dealer's price list, dated: every product at their tier for one unit, its breaks, availability and secondary price at the day's rate (approved dealers; admins get the dealer list price, tier null)",
        response: { 200: priceListSchema, ...refused },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return priceList.priceList(request.actor);
    },
  );
  csvRoute(app, {
    url: "/dealer/price-list.csv",
    access: config.access,
    schema: {
      tags,
      summary:
        "The price list as CSV, named price-list-<date>.csv: SKU, product, category, price for one in USD (and in ZWG at the day's rate when there is one), breaks and availability (approved dealers; admins: the dealer list price)",
      response: { 200: csvResponse("The price list as CSV"), ...refused },
    },
    headers: { "cache-control": "private, no-store" },
    file: (request) => priceList.csv(request.actor),
  });
  r.get(
    "/dealer/price-list.pdf",
    {
      config,
      schema: {
        tags,
        summary:
          "The price list as an A4 PDF, named price-list-<date>.pdf, for printing or sending on (approved dealers; admins: the dealer list price)",
        response: { 200: fileResponse("The price list as a PDF file", ["application/pdf"]), ...refused },
      },
    },
    async (request, reply) => {
      const { fileName, body } = await priceList.pdf(request.actor);
      return reply.headers(file("application/pdf", fileName)).send(Buffer.from(body));
    },
  );
}
