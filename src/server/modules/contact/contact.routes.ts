import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CONTACT_SUCCESS, contactSchema } from "#shared/schemas/contact.ts";
import type { Services } from "../../services.ts";

export async function contactRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { contact } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/contact",
    {
      schema: {
        tags: ["contact"],
        summary: "Send a message to the company (the contact page's 'Get in Touch' form)",
        body: contactSchema,
        response: { 201: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      await contact.submit(request.actor, request.body);
      return reply.code(201).send({ message: CONTACT_SUCCESS });
    },
  );
}
