import type { FastifyInstance } from "fastify";
import type { Services } from "../../services.ts";

/** Document uploads (multipart: taxClearance, certificate, repeated IDsOfDirectors) and private downloads. */
export async function documentsRoutes(_app: FastifyInstance, _opts: { services: Services }) {}
