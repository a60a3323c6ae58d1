import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sizingRequestSchema, sizingResultSchema } from "#shared/schemas/sizing.ts";
import { access } from "../../platform/auth/access.ts";
import { validationBody } from "../../platform/error-bodies.ts";
import type { Services } from "../../services.ts";

/**
 * The solar calculator for API clients: the same service as the /solar-calculator page. Public; it
 * stores nothing, sends no mail and shows no price, so it is not limited like the forms that mail (FormLimits): one
 * small query and a few hundred multiplications a call.
 */
export async function sizingRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { sizing } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/sizing",
    {
      config: { access: access.public },
      schema: {
        tags: ["sizing"],
        summary: "Size a solar system: daily energy, peak and surge, and a kit of the catalogue's inverter, batteries and panels",
        body: sizingRequestSchema,
        response: { 200: sizingResultSchema, 400: validationBody },
      },
    },
    async (request) => sizing.size(request.body, request.actor),
  );
}
