import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { siteSettingsSchema } from "#shared/schemas/settings.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody, validationBody } from "../../platform/error-bodies.ts";
import type { Services } from "../../services.ts";

/** The company's details shown across the site (DESIGN.md §6): read by anyone, the whole set and changes by admins. */
export async function settingsRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { settings } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/settings",
    {
      config: { access: access.public },
      schema: {
        tags: ["settings"],
        summary: "The site settings the pages show (company name, phones, e-mails, address, map, social links …)",
        response: { 200: siteSettingsSchema.omit({ bankDetails: true }) },
      },
    },
    async () => settings.getPublic(),
  );

  r.get(
    "/settings/all",
    {
      config: { access: access.staff("settings.edit") },
      schema: {
        tags: ["settings"],
        summary: "Every site setting, the bank details included (admin)",
        response: { 200: siteSettingsSchema, 401: messageBody, 403: messageBody },
      },
    },
    async (request) => settings.getAll(request.actor),
  );

  r.put(
    "/settings",
    {
      config: { access: access.staff("settings.edit") },
      schema: {
        tags: ["settings"],
        summary: "Replace the site settings (admin); pages and e-mails use the new values at once",
        body: siteSettingsSchema,
        response: { 200: siteSettingsSchema, 400: validationBody, 401: messageBody, 403: messageBody },
      },
    },
    async (request) => settings.update(request.actor, request.body),
  );
}
