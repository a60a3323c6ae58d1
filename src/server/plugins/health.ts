import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/client.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** From now on /readyz answers 503: the process is stopping (main.ts, on SIGTERM, before app.close()). */
    drain(): void;
  }
}

/** /healthz (the process answers) and /readyz (it can reach its database and is not stopping). */
export const healthPlugin = fp<{ database: Pick<Database, "ping" | "kind"> }>(async (app: FastifyInstance, { database }) => {
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
      return { status: "ready", database: database.kind };
    } catch {
      return reply.code(503).send({ status: "unavailable", message: "The database is not reachable." });
    }
  });
});
