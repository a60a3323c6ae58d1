import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/** A private file as a service hands it out: a dealer document, a proof of payment. */
export type PrivateFile = { body: Readable; contentType: string; disposition: string };

/**
 * Sends a private file: never cached, never sniffed as another type. A stream is sent as it is (no serializer); the
 * routes' response schemas describe their JSON failures only.
 */
export function sendPrivateFile(reply: FastifyReply, file: PrivateFile) {
  return reply
    .type(file.contentType)
    .header("cache-control", "private, no-store")
    .header("content-disposition", file.disposition)
    .header("x-content-type-options", "nosniff")
    .send(file.body as never);
}
