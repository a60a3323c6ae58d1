import type { FastifyReply } from "fastify";

/** A PDF answer: private, never cached, downloaded under the file's name (a document's number, a statement's period). */
export function pdfReply(reply: FastifyReply, file: { fileName: string; pdf: Uint8Array }) {
  return reply
    .type("application/pdf")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "private, no-store")
    .send(Buffer.from(file.pdf));
}
