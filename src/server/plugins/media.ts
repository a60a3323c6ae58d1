import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DERIVED_IMAGE_NAME, MEDIA_FOLDERS } from "#shared/media.ts";
import type { createDerivedImages } from "../platform/images/derived.ts";
import { registerMediaFiles } from "../platform/storage/media-files.ts";
import type { PendingFiles } from "../platform/storage/pending-files.ts";
import type { Storage } from "../platform/storage/storage.ts";

/**
 * /media: the AVIF and JPEG twins of the stored images and their thumbnails (made on first request when no job made them yet,
 * platform/images/derived.ts), then the stored public files: @fastify/static on disk, streamed from the bucket on S3
 * (platform/storage/media-files.ts). Cached a year. A demo picture not drawn yet (`pendingFiles`, decision 027) is
 * drawn before its file is served: a visitor's first view waits a moment for it instead of finding no picture.
 */
export const mediaPlugin = fp<{ storage: Storage; derivedImages: ReturnType<typeof createDerivedImages>; pendingFiles?: PendingFiles }>(
  async (app: FastifyInstance, { storage, derivedImages, pendingFiles }) => {
    if (pendingFiles) {
      // Before @fastify/static reads the disk (the storage's reads wait by themselves: withPendingFiles).
      app.addHook("onRequest", async (request) => {
        if (pendingFiles.size === 0 || !request.url.startsWith("/media/")) return;
        const path = request.url.slice("/media/".length).split("?")[0] as string;
        let key: string;
        try {
          key = decodeURIComponent(path);
        } catch {
          return;
        }
        await pendingFiles.ensure("public", key);
      });
    }
    const mediaFolders = new Set<string>(Object.values(MEDIA_FOLDERS));
    app.get<{ Params: { folder: string; file: string } }>(
      `/media/:folder/:file(^[A-Za-z0-9][A-Za-z0-9._-]*${DERIVED_IMAGE_NAME})`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { folder, file } = request.params;
        const image = mediaFolders.has(folder) ? await derivedImages.get(folder, file) : null;
        if (!image) return reply.code(404).send({ message: "Not found." });
        return reply.type(image.type).header("cache-control", "public, max-age=31536000, immutable").send(image.body);
      },
    );
    await registerMediaFiles(app, storage);
  },
);
