import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import { paymentViewSchema, paynowStateSchema, startPaynowSchema } from "#shared/schemas/payments.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import type { Services } from "../../services.ts";

/** Paynow payments of dealer orders: started by the dealer, confirmed by Paynow's signed result callback. */
export async function paymentsRoutes(app: FastifyInstance, opts: { services: Services; siteUrl: string }) {
  const { payments } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/orders/:id/paynow",
    {
      config: { access: access.verifiedDealer },
      schema: {
        tags: ["payments"],
        summary:
          "Pay an order awaiting payment with Paynow (its verified dealer): method web answers browserUrl to send the browser to; ecocash or onemoney with a phone number answers the instructions to approve on the phone. The amount is the order's total.",
        params: idParamSchema,
        body: startPaynowSchema,
        response: {
          201: paymentViewSchema,
          400: validationBody.or(messageBody),
          401: messageBody,
          403: messageBody,
          404: messageBody,
          409: messageBody,
          502: messageBody,
        },
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await payments.start(request.actor, request.params.id, request.body, opts.siteUrl));
    },
  );

  r.get(
    "/orders/:id/paynow",
    {
      config: { access: access.verifiedDealer },
      schema: {
        tags: ["payments"],
        summary:
          "Whether the order can be paid with Paynow now, and its latest Paynow payment (its dealer); an open payment is checked with Paynow first",
        params: idParamSchema,
        response: { 200: paynowStateSchema, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => payments.state(request.actor, request.params.id),
  );

  // Paynow posts its results as a urlencoded form; kept as the raw text, whose values are hashed in their order.
  await app.register(async (callback) => {
    callback.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, body),
    );
    callback.withTypeProvider<ZodTypeProvider>().post(
      "/payments/paynow/result",
      {
        config: { access: access.public },
        schema: {
          tags: ["payments"],
          summary:
            "Paynow's result callback (server to server, application/x-www-form-urlencoded: reference, paynowreference, amount, status, pollurl, hash). Believed only when the hash, the reference and the amount match; answers 200 at once.",
          response: { 200: messageBody, 400: messageBody, 404: messageBody, 409: messageBody },
        },
      },
      async (request) => {
        await payments.handleResult(typeof request.body === "string" ? request.body : "");
        return { message: "OK" };
      },
    );
  });
}
