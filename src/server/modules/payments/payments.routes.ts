import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import { paymentViewSchema, paynowStateSchema, startPaynowSchema } from "#shared/schemas/payments.ts";
import { access } from "../../platform/auth/access.ts";
import type { Services } from "../../services.ts";

const message = z.object({ message: z.string() });
const validationFailure = z.object({ message: z.string(), issues: z.array(z.object({ path: z.string(), message: z.string() })) });

/** Paynow payments of dealer orders (issue 5): started by the dealer, confirmed by Paynow's signed result callback. */
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
          400: validationFailure.or(message),
          401: message,
          403: message,
          404: message,
          409: message,
          502: message,
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
        response: { 200: paynowStateSchema, 401: message, 403: message, 404: message },
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
          response: { 200: message, 400: message, 404: message, 409: message },
        },
      },
      async (request) => {
        await payments.handleResult(typeof request.body === "string" ? request.body : "");
        return { message: "OK" };
      },
    );
  });
}
