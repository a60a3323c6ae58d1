import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/client.ts";
import type { PendingFiles } from "../platform/storage/pending-files.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** From now on /readyz answers 503: the process is stopping (main.ts, on SIGTERM, before app.close()). */
    drain(): void;
  }
}

type HealthOptions = { database: Pick<Database, "ping" | "kind">; pendingFiles?: Pick<PendingFiles, "size"> };

/**
 * /healthz (the process answers) and /readyz (it can reach its database and is not stopping). While the demo's
 * pictures are still being drawn after a first start, /readyz also says how many are left (`pictures_to_draw`): the
 * site is ready, and a script that measures or looks at pictures (the bench) waits for them.
 */
export const healthPlugin = fp<HealthOptions>(async (app: FastifyInstance, { database, pendingFiles }) => {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  // Not ready while stopping, so a balancer that routes by /readyz sends this process nothing new.
  let draining = false;
  app.decorate("drain", () => {
    draining = true;
  });
  app.addHook("preClose", async () => {
    draining = true;
  });
  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    if (draining) return reply.code(503).send({ status: "draining", message: "This process is stopping." });
    try {
      await database.ping();
      const left = pendingFiles?.size ?? 0;
      return { status: "ready", database: database.kind, ...(left > 0 ? { pictures_to_draw: left } : {}) };
    } catch {
      return reply.code(503).send({ status: "unavailable", message: "The database is not reachable." });
    }
  });
});
