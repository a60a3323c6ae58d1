import type { Readable } from "node:stream";
import sharp, { type Metadata } from "sharp";
import {
  FILE_EMPTY,
  FILE_TOO_LARGE,
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_UNREADABLE,
  ONLY_IMAGES,
  TOO_MANY_FILES,
} from "#shared/schemas/documents.ts";
import { AppError } from "../errors.ts";

/**
 * Checking uploaded images before anything is stored: the type is decided by the file's first bytes (never its
 * name or declared type), the size is counted while the part streams in (the part is abandoned as soon as it goes
 * over), and every image is decoded and encoded again, which drops metadata (EXIF: location, camera, author) and
 * anything smuggled after the image data.
 */

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

/** A refused upload: answered with its status and the field (and file) it concerns. */
export class UploadError extends AppError {
  constructor(
    statusCode: 400 | 409 | 413 | 415,
    message: string,
    readonly field?: string,
    readonly index?: number,
    readonly fileName?: string,
  ) {
    super(statusCode, message);
  }
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

/** The image format the bytes start with, or null when they are not a JPEG or PNG. */
export function sniffImage(head: Uint8Array): ImageFormat | null {
  const startsWith = (magic: number[]) => head.length >= magic.length && magic.every((b, i) => head[i] === b);
  if (startsWith(JPEG_MAGIC)) return "jpeg";
  if (startsWith(PNG_MAGIC)) return "png";
  return null;
}

// Control and format characters (bidi overrides, zero-width joiners, BOM) and the Unicode line separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * A client's file name made fit for display only (it never names a stored file): the last path segment, without
 * control or bidi characters, leading dots or runs of spaces, at most `max` characters (the extension kept).
 */
export function displayName(raw: string | undefined, fallback: string, max = 120): string {
  const last = (raw ?? "").normalize("NFC").split(/[\\/]/).pop() ?? "";
  const clean = last.replace(INVISIBLE, "").replace(/\s+/g, " ").trim().replace(/^\.+/, "").trim();
  if (!clean) return fallback;
  const chars = [...clean];
  if (chars.length <= max) return clean;
  const ext = /\.[A-Za-z0-9]{1,5}$/.exec(clean)?.[0] ?? "";
  return (
    chars
      .slice(0, max - ext.length)
      .join("")
      .trimEnd() + ext
  );
}

/** The name given to a download: the display name with the stored type's extension, quoted safely. */
export function contentDisposition(name: string, format: ImageFormat | null, disposition: "inline" | "attachment" = "inline"): string {
  const stem = displayName(name, "document").replace(/\.[A-Za-z0-9]{1,5}$/, "") || "document";
  const full = format ? `${stem}.${IMAGE_FORMATS[format].extension}` : stem;
  const ascii = full.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(full).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_ENCODES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export type EncodedImage = { body: Buffer; format: ImageFormat; width: number; height: number };

/**
 * Decodes the image and encodes it again in its own format: turned upright by its EXIF orientation, at most
 * MAX_IMAGE_DIMENSION on its longest side, with no metadata. Throws UploadError when it is not what its first bytes
 * claim or cannot be decoded.
 */
export async function reencodeImage(input: Buffer, format: ImageFormat): Promise<EncodedImage> {
  return limited(async () => {
    const image = sharp(input, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, pages: 1 });
    let meta: Metadata;
    try {
      meta = await image.metadata();
    } catch {
      throw new UploadError(400, IMAGE_UNREADABLE);
    }
    if (meta.format !== format) throw new UploadError(415, ONLY_IMAGES);
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new UploadError(413, IMAGE_TOO_MANY_PIXELS);
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

/** A multipart part as @fastify/multipart yields it (only what is read here, so tests can make their own). */
export type IncomingPart = {
  type: "file" | "field";
  fieldname: string;
  filename?: string;
  file?: Readable & { truncated?: boolean };
  /** A text field's value. */
  value?: unknown;
  valueTruncated?: boolean;
};

export type ImageUploadRules = {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** The accepted file fields and how many files each may carry. */
  maxPerField: Readonly<Record<string, number>>;
  /** Longest display name kept. */
  maxNameLength?: number;
  /** Wording for a field sent more files than it takes, and for a file field not in `maxPerField`. */
  messages?: { tooMany?(field: string, allowed: number): string; unexpected?(field: string, allowed: readonly string[]): string };
};

export type CheckedImage = EncodedImage & {
  field: string;
  /** Position among the files of its field. */
  index: number;
  /** The client's file name, for display only. */
  name: string;
  mimeType: (typeof IMAGE_FORMATS)[ImageFormat]["mimeType"];
  extension: (typeof IMAGE_FORMATS)[ImageFormat]["extension"];
  /** Size of the file as uploaded. */
  uploadedBytes: number;
};

/**
 * Busboy's limits for a request under these rules: one byte over the file limit (so the limit itself passes and
 * the part is cut right after), no more files than the fields allow, and a few small text fields at most.
 */
export function multipartLimits(rules: UploadRules) {
  const files = [...Object.values(rules.maxPerField), ...Object.values(rules.pdfFields ?? {})].reduce((a, b) => a + b, 0);
  const fileSize = Math.max(rules.maxBytes, rules.pdfFields ? (rules.maxPdfBytes ?? 10 * 1024 * 1024) : 0) + 1;
  const fieldSize = rules.maxFieldBytes !== undefined ? rules.maxFieldBytes + 1 : 1024;
  return { limits: { fileSize, files, fields: 40, fieldSize, fieldNameSize: 100, parts: files + 40, headerPairs: 50 } };
}

const MULTIPART_LIMIT_MESSAGES: Record<string, [400 | 413, string]> = {
  FST_FILES_LIMIT: [413, TOO_MANY_FILES],
  FST_REQ_FILE_TOO_LARGE: [413, FILE_TOO_LARGE],
  FST_PARTS_LIMIT: [413, "Too many form fields."],
  FST_FIELDS_LIMIT: [413, "Too many form fields."],
  FST_PROTO_VIOLATION: [400, "A form field name is not allowed."],
};

/** Errors of the multipart parser (limits, a cut-off or malformed body) as UploadErrors; others pass through. */
function fromMultipart(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  const known = typeof code === "string" ? MULTIPART_LIMIT_MESSAGES[code] : undefined;
  if (known) return new UploadError(known[0], known[1]);
  return new UploadError(400, "The upload was cut off or is not valid multipart/form-data. Please try again.");
}

/** Reads one file part, refusing it as soon as its first bytes are not an image or it grows past the limit. */
async function readImageFile(
  file: Readable & { truncated?: boolean },
  maxBytes: number,
  where: { field: string; index: number; name: string },
): Promise<{ body: Buffer; format: ImageFormat }> {
  const fail = (status: 400 | 413 | 415, message: string) => new UploadError(status, message, where.field, where.index, where.name);
  const chunks: Buffer[] = [];
  let size = 0;
  let format: ImageFormat | null = null;
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw fail(413, FILE_TOO_LARGE);
      chunks.push(chunk);
      if (format === null && size >= PNG_MAGIC.length) {
        format = sniffImage(chunks.length === 1 ? chunk : Buffer.concat(chunks));
        if (format === null) throw fail(415, ONLY_IMAGES);
      }
    }
  } catch (err) {
    throw fromMultipart(err);
  }
  if (size === 0) throw fail(400, FILE_EMPTY);
  if (file.truncated) throw fail(413, FILE_TOO_LARGE);
  format ??= sniffImage(Buffer.concat(chunks));
  if (format === null) throw fail(415, ONLY_IMAGES);
  return { body: Buffer.concat(chunks, size), format };
}

/** A PDF as uploaded and checked: parsed and written out again by pdf-lib, so trailing or hidden payloads go. */
export type CheckedPdf = { field: string; index: number; name: string; body: Buffer; uploadedBytes: number };

export type UploadRules = ImageUploadRules & {
  /** PDF fields and how many files each takes (datasheets, certificates). */
  pdfFields?: Readonly<Record<string, number>>;
  maxPdfBytes?: number;
  /** Longest text field kept, in bytes (a blog's story); text fields are ignored without it. */
  maxFieldBytes?: number;
};

export type ReadUploads = {
  images: CheckedImage[];
  pdfs: CheckedPdf[];
  /** Text fields; a repeated field becomes an array. */
  fields: Record<string, string | string[]>;
};

export const ONLY_PDF = "Only PDF files are accepted.";
export const PDF_UNREADABLE = "The PDF could not be read. It may be damaged or password-protected.";
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

async function readPdfFile(
  file: Readable & { truncated?: boolean },
  maxBytes: number,
  where: { field: string; index: number; name: string },
): Promise<CheckedPdf> {
  const fail = (status: 400 | 413 | 415, message: string) => new UploadError(status, message, where.field, where.index, where.name);
  const chunks: Buffer[] = [];
  let size = 0;
  let checkedHead = false;
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw fail(413, `Each PDF must be ${Math.round(maxBytes / 1024 / 1024)} MB or smaller.`);
      chunks.push(chunk);
      if (!checkedHead && size >= PDF_MAGIC.length) {
        const head = Buffer.concat(chunks).subarray(0, PDF_MAGIC.length);
        if (!PDF_MAGIC.every((b, i) => head[i] === b)) throw fail(415, ONLY_PDF);
        checkedHead = true;
      }
    }
  } catch (err) {
    throw fromMultipart(err);
  }
  if (size === 0) throw fail(400, FILE_EMPTY);
  if (!checkedHead) throw fail(415, ONLY_PDF);
  if (file.truncated) throw fail(413, `Each PDF must be ${Math.round(maxBytes / 1024 / 1024)} MB or smaller.`);
  const raw = Buffer.concat(chunks, size);
  let body: Buffer;
  try {
    const { PDFDocument } = await import("pdf-lib");
    const doc = await PDFDocument.load(raw, { updateMetadata: false });
    body = Buffer.from(await doc.save());
  } catch {
    throw fail(400, PDF_UNREADABLE);
  }
  return { ...where, body, uploadedBytes: size };
}

async function readTextField(part: IncomingPart, maxBytes: number): Promise<string> {
  const value = part.value;
  const text = typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
  if (part.valueTruncated || Buffer.byteLength(text) > maxBytes) {
    throw new UploadError(413, `The field ${part.fieldname.slice(0, 40)} is too long.`, part.fieldname);
  }
  return text;
}

/**
 * Reads every part of a multipart request and checks each file (field, count, type by content, size,
 * decodability): images are re-encoded, PDFs parsed and written again, text fields collected. Returns them all, or
 * throws an UploadError at the first refused file and reads no further: nothing is kept of a refused request.
 */
export async function readUploads(parts: AsyncIterable<IncomingPart>, rules: UploadRules): Promise<ReadUploads> {
  const counts = new Map<string, number>();
  const result: ReadUploads = { images: [], pdfs: [], fields: {} };
  const pdfFields = rules.pdfFields ?? {};
  const iterator = parts[Symbol.asyncIterator]();
  let done = false;
  try {
    while (true) {
      let step: IteratorResult<IncomingPart>;
      try {
        step = await iterator.next();
      } catch (err) {
        done = true;
        throw fromMultipart(err);
      }
      if (step.done) {
        done = true;
        break;
      }
      const part = step.value;
      if (part.type !== "file" || !part.file) {
        if (part.type === "field" && rules.maxFieldBytes !== undefined) {
          const text = await readTextField(part, rules.maxFieldBytes);
          const previous = result.fields[part.fieldname];
          result.fields[part.fieldname] = previous === undefined ? text : Array.isArray(previous) ? [...previous, text] : [previous, text];
        }
        continue;
      }
      const field = part.fieldname;
      const index = counts.get(field) ?? 0;
      const name = displayName(part.filename, `${field}-${index + 1}`, rules.maxNameLength);
      const isPdf = Object.hasOwn(pdfFields, field);
      const allowed = isPdf ? pdfFields[field] : Object.hasOwn(rules.maxPerField, field) ? rules.maxPerField[field] : undefined;
      if (allowed === undefined) {
        part.file.destroy();
        const fields = [...Object.keys(rules.maxPerField), ...Object.keys(pdfFields)];
        const message =
          rules.messages?.unexpected?.(field, fields) ?? `Unexpected file field "${field.slice(0, 40)}": send ${fields.join(", ")}.`;
        throw new UploadError(400, message, field, index, name);
      }
      if (index >= allowed) {
        part.file.destroy();
        const message =
          rules.messages?.tooMany?.(field, allowed) ??
          (allowed === 1 ? `Send one file only in ${field}.` : `Send at most ${allowed} files in ${field}.`);
        throw new UploadError(413, message, field, index, name);
      }
      counts.set(field, index + 1);
      if (isPdf) {
        result.pdfs.push(await readPdfFile(part.file, rules.maxPdfBytes ?? 10 * 1024 * 1024, { field, index, name }));
        continue;
      }
      const raw = await readImageFile(part.file, rules.maxBytes, { field, index, name });
      let encoded: EncodedImage;
      try {
        encoded = await reencodeImage(raw.body, raw.format);
      } catch (err) {
        if (err instanceof UploadError) throw new UploadError(err.statusCode as 400, err.message, field, index, name);
        throw err;
      }
      const { mimeType, extension } = IMAGE_FORMATS[encoded.format];
      result.images.push({ ...encoded, field, index, name, mimeType, extension, uploadedBytes: raw.body.length });
    }
  } finally {
    if (!done) await iterator.return?.().catch(() => {});
  }
  return result;
}

/** The images of a multipart request (see readUploads); text fields are ignored. */
export async function readImageUploads(parts: AsyncIterable<IncomingPart>, rules: ImageUploadRules): Promise<CheckedImage[]> {
  return (await readUploads(parts, rules)).images;
}
