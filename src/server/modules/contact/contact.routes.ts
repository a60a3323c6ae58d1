import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "#shared/schemas/catalogue.ts";
import {
  CONTACT_SUCCESS,
  contactInboxQuerySchema,
  contactInboxSchema,
  contactMessageViewSchema,
  contactReadSchema,
  contactReplySchema,
  contactSchema,
} from "#shared/schemas/contact.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import type { Services } from "../../services.ts";

export async function contactRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { contact } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/contact",
    {
      config: { access: access.public },
      schema: {
        tags: ["contact"],
        summary: "Send a message to the company (the contact page's 'Get in Touch' form)",
        body: contactSchema,
        response: { 201: z.object({ message: z.string() }), 429: messageBody },
      },
    },
    async (request, reply) => {
      await contact.submit(request.actor, request.body, { ip: request.ip });
      return reply.code(201).send({ message: CONTACT_SUCCESS });
    },
  );

  // The back office's inbox.
  r.get(
    "/contact",
    {
      config: { access: access.staff("messages.read") },
      schema: {
        tags: ["contact"],
        summary: "Contact messages, newest first, searchable and filtered by read state (admin)",
        querystring: contactInboxQuerySchema,
        response: { 200: contactInboxSchema, 400: validationBody, 401: messageBody, 403: messageBody },
      },
    },
    async (request) => contact.list(request.actor, request.query),
  );

  r.get(
    "/contact/:id",
    {
      config: { access: access.staff("messages.read") },
      schema: {
        tags: ["contact"],
        summary: "One contact message (admin; reading it here does not mark it read)",
        params: idParamSchema,
        response: { 200: contactMessageViewSchema, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => contact.get(request.actor, request.params.id),
  );

  r.put(
    "/contact/:id/read",
    {
      config: { access: access.staff("messages.read") },
      schema: {
        tags: ["contact"],
        summary: "Mark a contact message read or unread (admin)",
        params: idParamSchema,
        body: contactReadSchema,
        response: { 200: contactMessageViewSchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => contact.markRead(request.actor, request.params.id, request.body.read),
  );

  r.post(
    "/contact/:id/reply",
    {
      config: { access: access.staff("messages.read") },
      schema: {
        tags: ["contact"],
        summary:
          "Answer a contact message by e-mail, with the company's address to reply to (admin): recorded now, the mail queued and sent moments later",
        params: idParamSchema,
        body: contactReplySchema,
        response: { 200: contactMessageViewSchema, 400: validationBody, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => contact.reply(request.actor, request.params.id, request.body),
  );
}
