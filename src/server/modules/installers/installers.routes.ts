import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IMAGE_MAX_MB } from "#shared/schemas/catalogue-admin.ts";
import {
  INSTALLATION_PHOTOS_MAX,
  INSTALLER_DESCRIPTION_MAX,
  installationIdParams,
  installerSchema,
  installerSlugParams,
  installersQuerySchema,
  installersSchema,
  myPublicProfileSchema,
} from "#shared/schemas/installers.ts";
import { access } from "../../platform/auth/access.ts";
import { messageBody, uploadFailureBody, validationBody } from "../../platform/error-bodies.ts";
import { formInput } from "../../platform/uploads/form-input.ts";
import type { Services } from "../../services.ts";

const refusals = {
  400: uploadFailureBody,
  401: messageBody,
  403: messageBody,
  404: messageBody,
  409: messageBody,
  413: uploadFailureBody,
  415: messageBody,
};
const IMAGES_NOTE = `Images: JPG or PNG, at most ${IMAGE_MAX_MB} MB each, stored as WebP at 400, 800 and 1200 px. All or nothing.`;

/**
 * The certified installer directory: public listing and profiles of verified dealers who opted in, and
 * the owner's editing of the company's public profile. Never an end customer's contact.
 */
export async function installersRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { installers } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/installers",
    {
      config: { access: access.public },
      schema: {
        tags: ["installers"],
        summary: "Verified dealers who opted in to the directory; province matches the home province or a served one",
        querystring: installersQuerySchema,
        response: { 200: installersSchema, 400: validationBody },
      },
    },
    async (request) =>
      installers.list({ province: request.query.province, services: request.query.service ? [request.query.service] : [] }),
  );

  r.get(
    "/installers/:slug",
    {
      config: { access: access.public },
      schema: {
        tags: ["installers"],
        summary: "One listed installer's profile with its shown installations (404 when not listed)",
        params: installerSlugParams,
        response: { 200: installerSchema, 400: validationBody, 404: messageBody },
      },
    },
    async (request) => installers.bySlug(request.params.slug),
  );

  r.get(
    "/dealer/public-profile",
    {
      config: { access: access.companyOwner },
      schema: {
        tags: ["installers"],
        summary: "The company's public profile and its installations' choices (the company's owner)",
        response: { 200: myPublicProfileSchema, 401: messageBody, 403: messageBody, 404: messageBody },
      },
    },
    async (request) => installers.myProfile(request.actor),
  );

  r.put(
    "/dealer/public-profile",
    {
      config: { access: access.companyOwner },
      schema: {
        tags: ["installers"],
        summary: "Save the company's public profile (the owner of an approved company; multipart with an optional logo, or JSON)",
        description:
          `Fields: published, description (≤ ${INSTALLER_DESCRIPTION_MAX}), city, province, provinces_served (repeated), services ` +
          `(repeated), phone, whatsapp, email, remove_logo. File: logo (optional). ${IMAGES_NOTE}`,
        consumes: ["multipart/form-data", "application/json"],
        response: { 200: myPublicProfileSchema, ...refusals },
      },
    },
    async (request) => installers.updateProfile(request.actor, formInput(request)),
  );

  r.put(
    "/dealer/installations/:id/public",
    {
      config: { access: access.companyOwner },
      schema: {
        tags: ["installers"],
        summary: "Show an installation on the public profile, its town and photos (the owner; multipart or JSON)",
        description: `Fields: show_public, town, remove_photos (repeated stored names). Files: photos (up to ${INSTALLATION_PHOTOS_MAX} in all). ${IMAGES_NOTE}`,
        params: installationIdParams,
        consumes: ["multipart/form-data", "application/json"],
        response: { 200: myPublicProfileSchema, ...refusals },
      },
    },
    async (request) => installers.updateInstallation(request.actor, request.params.id, formInput(request)),
  );
}
