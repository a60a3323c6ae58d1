import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditEntrySchema, auditQuerySchema } from "#shared/schemas/audit.ts";
import { access } from "../../platform/auth/access.ts";
import { csvDateTime } from "../../platform/csv.ts";
import { csvRoute } from "../../platform/csv-route.ts";
import { messageBody } from "../../platform/error-bodies.ts";
import { csvResponse } from "../../platform/openapi.ts";
import type { Services } from "../../services.ts";

/** The back office's audit log (admins): filterable list, filter values and CSV export. */
export async function auditRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { audit } = opts.services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/audit",
    {
      config: { access: access.staff("audit.read") },
      schema: {
        tags: ["audit"],
        summary: "Changes made in the back office, newest first, each with the acting account's id and role beside its name (admin)",
        querystring: auditQuerySchema,
        response: { 200: z.object({ rows: z.array(auditEntrySchema), count: z.number() }), 401: messageBody, 403: messageBody },
      },
    },
    async (request) => audit.list(request.actor, request.query),
  );

  r.get(
    "/audit/facets",
    {
      config: { access: access.staff("audit.read") },
      schema: {
        tags: ["audit"],
        summary: "The entities and actions in the log, for filters (admin)",
        response: { 200: z.object({ entities: z.array(z.string()), actions: z.array(z.string()) }), 401: messageBody, 403: messageBody },
      },
    },
    async (request) => audit.facets(request.actor),
  );

  csvRoute(app, {
    url: "/audit/export.csv",
    access: access.staff("audit.read"),
    schema: {
      tags: ["audit"],
      summary: "The filtered log as CSV, at most 10,000 rows (admin)",
      querystring: auditQuerySchema.omit({ page: true, pageSize: true }),
      response: { 200: csvResponse("The audit log as CSV"), 401: messageBody, 403: messageBody },
    },
    filename: "audit-log",
    rows: async (request) => (await audit.list(request.actor, { ...request.query, page: 1, pageSize: 10_000 })).rows,
    columns: [
      { header: "When", value: (e) => csvDateTime(e.createdAt) },
      { header: "Who", value: (e) => e.actorName },
      { header: "Account id", value: (e) => e.actorId ?? "" },
      { header: "Role", value: (e) => e.actorRole ?? "" },
      { header: "Entity", value: (e) => e.entity },
      { header: "Id", value: (e) => e.entityId },
      { header: "Action", value: (e) => e.action },
      { header: "Summary", value: (e) => e.summary },
      { header: "Before", value: (e) => (e.before === null ? "" : JSON.stringify(e.before)) },
      { header: "After", value: (e) => (e.after === null ? "" : JSON.stringify(e.after)) },
    ],
  });
}
