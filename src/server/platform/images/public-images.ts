import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { IMAGE_WIDTHS, imageVariantName, type MediaFolder, THUMBNAIL_WIDTH } from "#shared/media.ts";
import type { Storage } from "../storage/storage.ts";

/** A stored name made from a client's name (ASCII words only, for readable URLs) and a random part. */
function serverName(stem: string, extension: string): string {
  const words =
    stem
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40)
      .replace(/-+$/, "") || "file";
  return `${words}-${randomBytes(5).toString("hex")}.${extension}`;
}

/**
 * Public images uploaded in the back office (products, blogs, team …): stored as WebP at every width of
 * IMAGE_WIDTHS (`<name>-w<width>.webp`) plus the plain name at the largest, under a name the server makes.
 * The AVIF/JPEG twins are made by a background job that `onStored` queues (image-jobs.ts), or else on first request
 * (derived.ts). Input is an image already checked and re-encoded by readUploads (uploads/image-upload.ts).
 */
export async function storePublicImage(
  storage: Storage,
  folder: MediaFolder,
  image: { body: Buffer; width: number },
  stem: string,
  onStored?: (folder: MediaFolder, name: string) => Promise<void>,
) {
  const name = serverName(stem, "webp");
  const top = Math.max(...IMAGE_WIDTHS);
  const largestWidth = Math.min(image.width, top);
  const encode = (width: number) =>
    sharp(image.body).resize({ width, withoutEnlargement: true }).webp({ quality: 78, effort: 3 }).toBuffer();
  const variants: [string, Buffer][] = [];
  for (const width of IMAGE_WIDTHS) variants.push([imageVariantName(name, width), await encode(width)]);
  const largest = largestWidth === top ? (variants.at(-1)?.[1] as Buffer) : await encode(largestWidth);
  await Promise.all([
    storage.put("public", `${folder}/${name}`, largest),
    ...variants.map(([variant, body]) => storage.put("public", `${folder}/${variant}`, body)),
  ]);
  await onStored?.(folder, name);
  return name;
}

/** Removes a stored image with every width and derived twin; names the server did not make are left alone. */
export async function removePublicImage(storage: Storage, folder: MediaFolder, name: string): Promise<void> {
  if (!/^[a-z0-9-]+\.webp$/.test(name)) return;
  const keys = [name];
  for (const width of IMAGE_WIDTHS) {
    keys.push(imageVariantName(name, width), imageVariantName(name, width, "avif"), imageVariantName(name, width, "jpg"));
  }
  keys.push(imageVariantName(name, THUMBNAIL_WIDTH), imageVariantName(name, THUMBNAIL_WIDTH, "avif"));
  await Promise.all(keys.map((k) => storage.remove("public", `${folder}/${k}`)));
}

/** A public file (datasheet, certificate PDF) under a server-made name. */
export async function storePublicFile(storage: Storage, folder: MediaFolder, body: Buffer, stem: string, extension: string) {
  const name = serverName(stem, extension);
  await storage.put("public", `${folder}/${name}`, body);
  return name;
}
