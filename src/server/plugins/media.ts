import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DERIVED_IMAGE_NAME, MEDIA_FOLDERS } from "#shared/media.ts";
import type { createDerivedImages } from "../platform/images/derived.ts";
import { registerMediaFiles } from "../platform/storage/media-files.ts";
import type { Storage } from "../platform/storage/storage.ts";

/**
 * /media: the AVIF and JPEG twins of the stored images and their thumbnails (made on first request when no job made them yet,
 * platform/images/derived.ts), then the stored public files: @fastify/static on disk, streamed from the bucket on S3
 * (platform/storage/media-files.ts). Cached a year.
 */
export const mediaPlugin = fp<{ storage: Storage; derivedImages: ReturnType<typeof createDerivedImages> }>(
  async (app: FastifyInstance, { storage, derivedImages }) => {
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
