import { IMAGE_WIDTHS, imageVariantName, type MediaFolder, THUMBNAIL_WIDTH } from "#shared/media.ts";
import type { Db } from "../../db/client.ts";
import { enqueue } from "../jobs/queue.ts";
import type { createDerivedImages } from "./derived.ts";

/**
 * The job kind that encodes a stored image's AVIF twins (every width), its thumbnail (AVIF and WebP) and its JPEG
 * link preview (largest width).
 */
export const IMAGE_VARIANTS_JOB = "images.variants";

/** The derived files a variants job makes: what pages ask for (AVIF srcset) and link previews (the largest JPEG). */
export function eagerVariantNames(name: string): string[] {
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number;
  return [
    ...IMAGE_WIDTHS.map((w) => imageVariantName(name, w, "avif")),
    imageVariantName(name, THUMBNAIL_WIDTH, "avif"),
    imageVariantName(name, THUMBNAIL_WIDTH, "webp"),
    imageVariantName(name, largest, "jpg"),
  ];
}

/** Queues the twins of a stored image once (the dedupe key is the image); the lazy path stays the fallback. */
export async function queueImageVariants(db: Db, folder: MediaFolder, name: string): Promise<void> {
  await enqueue(db, IMAGE_VARIANTS_JOB, { folder, name }, { dedupeKey: `${IMAGE_VARIANTS_JOB}:${folder}/${name}`, maxAttempts: 3 });
}

/**
 * Encodes the twins through the same limiter as the lazy path (one encode at a time in the process), skipping any
 * already stored; an image removed since is nothing to do.
 */
export async function makeImageVariants(derived: ReturnType<typeof createDerivedImages>, image: { folder: string; name: string }) {
  for (const file of eagerVariantNames(image.name)) {
    if (!(await derived.ensure(image.folder, file))) return;
  }
}
