import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
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
import type { Services } from "../../services.ts";

/** Dated rates: the secondary currency's official exchange rate and the VAT rate. */
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

  r.get(
    "/exchange-rates",
    {
      config: { access: access.public },
      schema: {
        tags: ["rates"],
        summary: "Every exchange rate of a currency, newest effective date first (announced future rates included)",
        querystring: exchangeRateQuerySchema,
        response: { 200: z.array(exchangeRateSchema), 400: validationBody },
      },
    },
    async (request) => rates.exchangeRateHistory(request.query.currency),
  );

  r.post(
    "/exchange-rates",
    {
      config: { access: access.admin },
      schema: {
        tags: ["rates"],
        summary: "Enter an official rate from a day on; a future day's rate takes effect that day (admin)",
        body: newExchangeRateSchema,
        response: { 201: exchangeRateSchema, 400: validationBody, 401: messageBody, 403: messageBody, 409: messageBody },
      },
    },
    async (request, reply) => reply.code(201).send(await rates.addExchangeRate(request.actor, request.body)),
  );

  r.patch(
    "/exchange-rates/:id",
    {
      config: { access: access.admin },
      schema: {
        tags: ["rates"],
        summary: "Correct a mistyped rate or its source, with the reason (admin; audited). Documents already issued keep their frozen rate",
        params: idParamSchema,
        body: correctExchangeRateSchema,
        response: { 200: exchangeRateSchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => rates.correctExchangeRate(request.actor, request.params.id, request.body),
  );

  r.get(
    "/tax-rates",
    {
      config: { access: access.public },
      schema: {
        tags: ["rates"],
        summary: "The standard VAT rates with the day each takes effect, oldest first",
        response: { 200: z.array(taxRateSchema) },
      },
    },
    async () => rates.taxRates(),
  );

  r.post(
    "/tax-rates",
    {
      config: { access: access.admin },
      schema: {
        tags: ["rates"],
        summary:
          "Enter the standard VAT rate from a day after today on (admin): today's and earlier days keep the rate their documents were issued at",
        body: newTaxRateSchema,
        response: { 201: taxRateSchema, 400: validationBody, 401: messageBody, 403: messageBody, 409: messageBody },
      },
    },
    async (request, reply) => reply.code(201).send(await rates.addTaxRate(request.actor, request.body)),
  );

  r.patch(
    "/tax-rates/:id",
    {
      config: { access: access.admin },
      schema: {
        tags: ["rates"],
        summary:
          "Correct a VAT rate not yet in force (its rate, or its day: still after today), with the reason (admin; audited). One in force or past is 409",
        params: idParamSchema,
        body: correctTaxRateSchema,
        response: { 200: taxRateSchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody, 409: messageBody },
      },
    },
    async (request) => rates.correctTaxRate(request.actor, request.params.id, request.body),
  );
}
