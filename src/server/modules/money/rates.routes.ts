import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  correctExchangeRateSchema,
  correctTaxRateSchema,
  exchangeRateQuerySchema,
  exchangeRateSchema,
  newExchangeRateSchema,
  newTaxRateSchema,
  taxRateSchema,
} from "#shared/schemas/rates.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import { resourceRoutes } from "../../platform/resources/resource-routes.ts";
import type { Services } from "../../services.ts";
import { exchangeRateResource, taxRateResource } from "./rates-resources.ts";

/** Dated rates: the secondary currency's official exchange rate and the VAT rate (each a resource: its list, additions, corrections). */
export async function ratesRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { rates } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/exchange-rates/current",
    {
      config: { access: access.public },
      schema: {
        tags: ["rates"],
        summary: "The exchange rate in force today (units of the currency per 1 USD)",
        querystring: exchangeRateQuerySchema,
        response: { 200: exchangeRateSchema, 400: validationBody, 404: messageBody },
      },
    },
    async (request) => rates.currentExchangeRate(request.query.currency),
  );

  resourceRoutes(app, exchangeRateResource, {
    path: "/exchange-rates",
    tags: ["rates"],
    permission: "rates.edit",
    view: exchangeRateSchema,
    list: {
      summary: "Every exchange rate of a currency, newest effective date first (announced future rates included)",
      access: access.public,
      query: exchangeRateQuerySchema,
      run: (_, query) => rates.exchangeRateHistory(query.currency),
    },
    create: {
      summary: "Enter an official rate from a day on; a future day's rate takes effect that day (admin)",
      body: newExchangeRateSchema,
      refused: [400, 401, 403, 409],
      run: (actor, input) => rates.addExchangeRate(actor, input),
    },
    update: {
      method: "PATCH",
      summary: "Correct a mistyped rate or its source, with the reason (admin; audited). Documents already issued keep their frozen rate",
      body: correctExchangeRateSchema,
      refused: [400, 401, 403, 404],
      run: (actor, id, input) => rates.correctExchangeRate(actor, id, input),
    },
  });

  resourceRoutes(app, taxRateResource, {
    path: "/tax-rates",
    tags: ["rates"],
    permission: "rates.edit",
    view: taxRateSchema,
    list: {
      summary: "The standard VAT rates with the day each takes effect, oldest first",
      access: access.public,
      run: () => rates.taxRates(),
    },
    create: {
      summary:
        "Enter the standard VAT rate from a day after today on (admin): today's and earlier days keep the rate their documents were issued at",
      body: newTaxRateSchema,
      refused: [400, 401, 403, 409],
      run: (actor, input) => rates.addTaxRate(actor, input),
    },
    update: {
      method: "PATCH",
      summary:
        "Correct a VAT rate not yet in force (its rate, or its day: still after today), with the reason (admin; audited). One in force or past is 409",
      body: correctTaxRateSchema,
      run: (actor, id, input) => rates.correctTaxRate(actor, id, input),
    },
  });
}
