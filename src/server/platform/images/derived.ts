import sharp, { type Sharp } from "sharp";
import { type DerivedImage, derivedImageSource } from "#shared/media.ts";
import { createLimiter } from "../limiter.ts";
import type { Storage } from "../storage/storage.ts";

/**
 * AVIF at effort 2 (about a tenth of a second for 1200 px, a half to a third smaller than the WebP); JPEG for link
 * previews; WebP for the thumbnail width (#shared/media.ts THUMBNAIL_WIDTH), as the stored widths are encoded.
 */
const ENCODERS = {
  avif: (image: Sharp) => image.avif({ quality: 55, effort: 2 }),
  jpg: (image: Sharp) => image.jpeg({ quality: 82, mozjpeg: true }),
  webp: (image: Sharp) => image.webp({ quality: 80 }),
} as const;

export const DERIVED_CONTENT_TYPES = { avif: "image/avif", jpg: "image/jpeg", webp: "image/webp" } as const;

/** At most this many encodes at once: each holds a decoded bitmap and encoder state (tens of MB for AVIF). */
const MAX_ENCODES = 1;

/**
 * The AVIF and JPEG twins of the stored WebP widths, and the thumbnail width, made by a job after an upload (image-jobs.ts) or else on first
 * request, and then kept in storage.
 * Encoding every width of every image eagerly would add tens of seconds to a first start on two cores;
 * made lazily, each costs one encode, once, and concurrent requests for the same file share it.
 */
export function createDerivedImages(storage: Storage) {
  const pending = new Map<string, Promise<Buffer | null>>();
  const encodes = createLimiter(MAX_ENCODES);

  async function make(key: string, sourceKey: string, derived: DerivedImage): Promise<Buffer | null> {
    const source = await storage.get("public", sourceKey);
    if (!source) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of source) chunks.push(chunk as Buffer);
    const image = sharp(Buffer.concat(chunks), { sequentialRead: true });
    const encoded = await ENCODERS[derived.format](derived.width ? image.resize({ width: derived.width }) : image).toBuffer();
    await storage.put("public", key, encoded);
    return encoded;
  }

  /** One encode per key at a time, however many ask for it (requests and the background job alike). */
  function encodeOnce(key: string, folder: string, derived: DerivedImage) {
    let job = pending.get(key);
    if (!job) {
      job = encodes.run(() => make(key, `${folder}/${derived.source}`, derived)).finally(() => pending.delete(key));
      pending.set(key, job);
    }
    return job;
  }

  return {
    /** `folder/file` when it is a derived variant (made now if need be), with its type; null when there is no such image. */
    async get(folder: string, file: string) {
      const derived = derivedImageSource(file);
      if (!derived) return null;
      const key = `${folder}/${file}`;
      const type = DERIVED_CONTENT_TYPES[derived.format];
      const stored = await storage.get("public", key);
      if (stored) return { body: stored, type };
      const body = await encodeOnce(key, folder, derived);
      return body ? { body, type } : null;
    },
    /** Makes `folder/file` unless it is stored already (the images.variants job); false when its source is gone. */
    async ensure(folder: string, file: string): Promise<boolean> {
      const derived = derivedImageSource(file);
      if (!derived) return false;
      const key = `${folder}/${file}`;
      if (await storage.exists("public", key)) return true;
      return (await encodeOnce(key, folder, derived)) !== null;
    },
  };
}
