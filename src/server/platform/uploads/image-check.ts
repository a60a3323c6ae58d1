import sharp, { type Metadata } from "sharp";
import { IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE, ONLY_IMAGES } from "#shared/schemas/documents.ts";
import { createLimiter } from "../limiter.ts";
import { UploadError } from "./upload-error.ts";

// An image's own checks (image-upload.ts says what the whole upload checks): its type by its first bytes, its end
// where its format says, and its decoding and encoding again.

export type ImageFormat = "jpeg" | "png";
export const IMAGE_FORMATS = {
  jpeg: { mimeType: "image/jpeg", extension: "jpg" },
  png: { mimeType: "image/png", extension: "png" },
} as const;

/** Longest side kept: a phone photo of an A4 page stays legible well below this. */
export const MAX_IMAGE_DIMENSION = 4000;
/** Decoding more than this is refused before it starts: a small compressed file can claim enormous dimensions. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Encodes at once in this process: each holds a decoded bitmap (up to ~160 MB for 40 MP RGBA). */
const MAX_ENCODES = 2;

export const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

/** The image format the bytes start with, or null when they are not a JPEG or PNG. */
export function sniffImage(head: Uint8Array): ImageFormat | null {
  const startsWith = (magic: number[]) => head.length >= magic.length && magic.every((b, i) => head[i] === b);
  if (startsWith(JPEG_MAGIC)) return "jpeg";
  if (startsWith(PNG_MAGIC)) return "png";
  return null;
}

/** Refusals of files that are more (or less) than the image or PDF they claim to be. */
export const IMAGE_TRAILING_DATA =
  "The file carries other data after the end of the image. Save it again as a plain JPEG or PNG and upload that.";
export const IMAGE_TRUNCATED = "The image is cut off: only part of the file arrived. Please upload the whole file.";

/** Bytes after an image's end marker still taken as padding (some tools add a few zeros or a newline). */
const TRAILING_TOLERANCE = 16;
const isPadding = (bytes: Uint8Array) =>
  bytes.length <= TRAILING_TOLERANCE && bytes.every((b) => b === 0 || b === 0x0a || b === 0x0d || b === 0x20);

/** Where a PNG ends: just after its IEND chunk; null when the chunks run out first (a cut-off file). */
function pngEnd(body: Buffer): number | null {
  let at = PNG_MAGIC.length;
  while (at + 12 <= body.length) {
    const length = body.readUInt32BE(at);
    const type = body.toString("latin1", at + 4, at + 8);
    const end = at + 12 + length;
    if (end > body.length) return null;
    if (type === "IEND") return end;
    at = end;
  }
  return null;
}

/**
 * Where a JPEG ends: just after its EOI marker, found by walking the segments (an EXIF thumbnail's own EOI sits
 * inside a segment and is skipped) and the entropy-coded data after each SOS; null when the file ends first.
 */
function jpegEnd(body: Buffer): number | null {
  let at = 2;
  while (at + 1 < body.length) {
    if (body[at] !== 0xff) return null;
    const marker = body[at + 1] as number;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 4 > body.length) return null;
    at += 2 + body.readUInt16BE(at + 2);
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart marker.
      while (at + 1 < body.length) {
        if (body[at] === 0xff) {
          const next = body[at + 1] as number;
          if (next !== 0 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        at++;
      }
    }
  }
  return null;
}

/**
 * Refuses an image that does not end where its format says (a polyglot: a JPEG or PNG with a ZIP, HTML or script
 * after its end marker) or ends too soon (cut off). Re-encoding would drop the extra data, but a file built to be
 * two things at once is not an honest upload: it is refused outright.
 */
export function checkImageEnd(body: Buffer, format: ImageFormat): void {
  let end = format === "png" ? pngEnd(body) : jpegEnd(body);
  if (end === null) throw new UploadError(400, IMAGE_TRUNCATED);
  // Phones and cameras append further whole JPEGs to a JPEG (MPF: a depth map, a second exposure): allowed.
  while (format === "jpeg" && sniffImage(body.subarray(end, end + 8)) === "jpeg") {
    const next = jpegEnd(body.subarray(end));
    if (next === null) break;
    end += next;
  }
  if (!isPadding(body.subarray(end))) throw new UploadError(415, IMAGE_TRAILING_DATA);
}

const encodes = createLimiter(MAX_ENCODES);

export type EncodedImage = { body: Buffer; format: ImageFormat; width: number; height: number };

/**
 * Decodes the image and encodes it again in its own format: turned upright by its EXIF orientation, at most
 * MAX_IMAGE_DIMENSION on its longest side, with no metadata. Throws UploadError when it is not what its first bytes
 * claim or cannot be decoded.
 */
export async function reencodeImage(input: Buffer, format: ImageFormat): Promise<EncodedImage> {
  return encodes.run(async () => {
    // The header alone (no pixel is decoded) says how large the image is: one claiming more than the limit (a
    // decompression bomb) is refused as too large before decoding. The decoder keeps the limit too.
    let meta: Metadata;
    try {
      meta = await sharp(input, { failOn: "error", limitInputPixels: false, pages: 1 }).metadata();
    } catch {
      throw new UploadError(400, IMAGE_UNREADABLE);
    }
    if (meta.format !== format) throw new UploadError(415, ONLY_IMAGES);
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new UploadError(413, IMAGE_TOO_MANY_PIXELS);
    const image = sharp(input, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, pages: 1 });
    const upright = image
      .autoOrient()
      .resize({ width: MAX_IMAGE_DIMENSION, height: MAX_IMAGE_DIMENSION, fit: "inside", withoutEnlargement: true });
    // A palette PNG (a scan saved with few colours) stays one: as RGB it would come out several times larger.
    const encoder =
      format === "jpeg" ? upright.jpeg({ quality: 85 }) : upright.png({ compressionLevel: 8, palette: meta.isPalette === true });
    try {
      const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
      return { body: data, format, width: info.width, height: info.height };
    } catch {
      throw new UploadError(400, IMAGE_UNREADABLE);
    }
  });
}
