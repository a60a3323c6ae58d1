import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { contentTypeOf } from "./s3-storage.ts";
import { RangeNotSatisfiableError, type Storage } from "./storage.ts";

/** Public files never change under one name (new uploads get new names): browsers keep them a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/**
 * /media/<key>: the storage's public files. The disk driver's folder is served by @fastify/static; a bucket
 * (S3 driver) is read through `storage.open` with the same headers: its type from the extension, a year's
 * immutable cache, the object's ETag (If-None-Match answered 304) and single byte ranges (206), which Safari
 * needs to play the home page's film. Private files are never reachable here: only `public/` is read.
 */
export async function registerMediaFiles(app: FastifyInstance, storage: Storage): Promise<void> {
  if (storage.publicDir) {
    await app.register(fastifyStatic, {
      root: storage.publicDir,
      prefix: "/media/",
      decorateReply: false,
      index: false,
      maxAge: "365d",
      immutable: true,
    });
    return;
  }
  const open = storage.open?.bind(storage);
  if (!open) throw new Error("The storage driver has neither publicDir nor open(): /media cannot be served");

  app.route<{ Params: { "*": string } }>({
    method: ["GET", "HEAD"],
    url: "/media/*",
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = request.params["*"];
      if (!SAFE_KEY.test(key) || key.includes("..")) return reply.code(404).send({ message: "Not found." });
      const range = request.headers.range;
      const ifNoneMatch = request.headers["if-none-match"];
      let file: Awaited<ReturnType<typeof open>>;
      try {
        file = await open("public", key, { range, ifNoneMatch });
      } catch (err) {
        if (err instanceof RangeNotSatisfiableError) return reply.code(416).send({ message: "Range not satisfiable." });
        throw err;
      }
      if (file === null) return reply.code(404).send({ message: "Not found." });
      reply.header("cache-control", MEDIA_CACHE_CONTROL);
      if (file === "not-modified") return reply.code(304).send();
      reply.header("content-type", contentTypeOf(key)).header("accept-ranges", "bytes").header("content-length", file.length);
      if (file.etag) reply.header("etag", file.etag);
      if (file.modified) reply.header("last-modified", file.modified.toUTCString());
      if (file.contentRange) reply.code(206).header("content-range", file.contentRange);
      if (request.method === "HEAD") {
        file.body.destroy();
        return reply.send();
      }
      return reply.send(file.body);
    },
  });
}
