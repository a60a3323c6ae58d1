import type { FastifyInstance } from "fastify";
import type { Services } from "../../services.ts";

/** The spec's Dealer API (§7) under /api/dealer. */
export async function dealersRoutes(_app: FastifyInstance, _opts: { services: Services }) {}
