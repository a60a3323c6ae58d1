import { Readable } from "node:stream";
import { inflateSync, constants as zlibConstants } from "node:zlib";
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
import { createLimiter } from "../limiter.ts";

/**
 * Checking uploaded images before anything is stored: the type is decided by the file's first bytes (never its
 * name or declared type), the size is counted while the part streams in (the part is abandoned as soon as it goes
 * over), a file with data after the image's end marker (a polyglot) or cut off before it is refused, an image whose
 * header claims more than MAX_INPUT_PIXELS is refused before decoding, and every image is decoded and encoded again,
 * which drops metadata (EXIF: location, camera, author) and anything hidden inside the image's own segments.
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
export function contentDisposition(
  name: string,
  format: ImageFormat | "pdf" | null,
  disposition: "inline" | "attachment" = "inline",
): string {
  const stem = displayName(name, "document").replace(/\.[A-Za-z0-9]{1,5}$/, "") || "document";
  const full = format === "pdf" ? `${stem}.pdf` : format ? `${stem}.${IMAGE_FORMATS[format].extension}` : stem;
  const ascii = full.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(full).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
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
  const files = [
    ...Object.values(rules.maxPerField),
    ...Object.values(rules.pdfFields ?? {}),
    ...Object.values(rules.imageOrPdfFields ?? {}),
  ].reduce((a, b) => a + b, 0);
  const takesPdf = rules.pdfFields !== undefined || rules.imageOrPdfFields !== undefined;
  const fileSize = Math.max(rules.maxBytes, takesPdf ? (rules.maxPdfBytes ?? 10 * 1024 * 1024) : 0) + 1;
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
  const body = Buffer.concat(chunks, size);
  try {
    checkImageEnd(body, format);
  } catch (err) {
    if (err instanceof UploadError) throw fail(err.statusCode as 400, err.message);
    throw err;
  }
  return { body, format };
}

/** A PDF as uploaded and checked: parsed and written out again by pdf-lib, so trailing or hidden payloads go. */
export type CheckedPdf = { field: string; index: number; name: string; body: Buffer; uploadedBytes: number };

export type UploadRules = ImageUploadRules & {
  /** PDF fields and how many files each takes (datasheets, certificates). */
  pdfFields?: Readonly<Record<string, number>>;
  /**
   * Fields taking a JPG/PNG image or a PDF (a proof of payment), decided by the file's first bytes;
   * anything else is refused with `onlyImageOrPdf`.
   */
  imageOrPdfFields?: Readonly<Record<string, number>>;
  onlyImageOrPdf?: string;
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
export const PDF_TRAILING_DATA = "The PDF carries other data after its end. Save it again as a plain PDF and upload that.";
export const PDF_HTML = "The PDF also contains web-page markup near its start. Save it again as a plain PDF and upload that.";
export const PDF_EXPANDS_TOO_MUCH = "The PDF expands to far more than its size when opened. Save it again as a plain PDF and upload that.";
/** Bytes after the last %%EOF still taken as end-of-line padding. */
const PDF_TRAILING_TOLERANCE = 32;
/** Markup a browser would sniff as HTML in a PDF's first bytes (the PDF/HTML polyglot). */
const HTML_MARKUP = /<\s*(?:!doctype|html|head|body|script|iframe|svg|img|object|embed)[\s/>]/i;
/**
 * What the object and cross-reference streams of one PDF may inflate to: pdf-lib inflates them while parsing, so a
 * small file of zeros compressed a thousandfold would otherwise take hundreds of megabytes and seconds to open.
 */
const PDF_MAX_INFLATED = 32 * 1024 * 1024;

/**
 * Refuses a PDF that is more than a PDF: data after its last %%EOF (beyond end-of-line padding), HTML markup in
 * its first kilobyte, or object/cross-reference streams that inflate past PDF_MAX_INFLATED (a decompression bomb;
 * inflated with a cap, so the check itself stays cheap).
 */
export function checkPdf(raw: Buffer): void {
  const eof = raw.lastIndexOf("%%EOF");
  if (eof < 0) throw new UploadError(400, PDF_UNREADABLE);
  const tail = raw.subarray(eof + 5);
  if (tail.length > PDF_TRAILING_TOLERANCE || !tail.every((b) => b === 0 || b === 0x0a || b === 0x0d || b === 0x20 || b === 0x09)) {
    throw new UploadError(415, PDF_TRAILING_DATA);
  }
  if (HTML_MARKUP.test(raw.toString("latin1", 0, 1024))) throw new UploadError(415, PDF_HTML);
  let budget = PDF_MAX_INFLATED;
  let at = 0;
  while (true) {
    const start = raw.indexOf("stream", at, "latin1");
    if (start < 0) break;
    const end = raw.indexOf("endstream", start + 6, "latin1");
    if (end < 0) break;
    at = end + 9;
    if (raw[start - 1] === 0x64) continue; // the "stream" of an "endstream"
    const dictStart = raw.lastIndexOf("obj", start, "latin1");
    const dict = raw.toString("latin1", Math.max(0, dictStart), start);
    if (!/\/(?:ObjStm|XRef)\b/.test(dict) || !/\/FlateDecode\b/.test(dict)) continue;
    let dataStart = start + 6;
    if (raw[dataStart] === 0x0d) dataStart++;
    if (raw[dataStart] === 0x0a) dataStart++;
    try {
      budget -= inflateSync(raw.subarray(dataStart, end), { maxOutputLength: budget, finishFlush: zlibConstants.Z_SYNC_FLUSH }).length;
    } catch (err) {
      if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new UploadError(413, PDF_EXPANDS_TOO_MUCH);
      // Not a zlib stream after all: pdf-lib decides what to make of it.
    }
  }
}

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
  try {
    checkPdf(raw);
  } catch (err) {
    if (err instanceof UploadError) throw fail(err.statusCode as 400, err.message);
    throw err;
  }
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

const isPdfHead = (head: Buffer) => head.length >= PDF_MAGIC.length && PDF_MAGIC.every((b, i) => head[i] === b);

/**
 * The first bytes of a file part, and the part again as a stream from its start (its `truncated` still read from
 * the original), so the reader can be chosen by content.
 */
async function peekPart(file: Readable & { truncated?: boolean }): Promise<{ head: Buffer; file: Readable & { truncated?: boolean } }> {
  const iterator = (file as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const first: Buffer[] = [];
  let size = 0;
  let ended = false;
  try {
    while (size < PNG_MAGIC.length) {
      const step = await iterator.next();
      if (step.done) {
        ended = true;
        break;
      }
      first.push(step.value);
      size += step.value.length;
    }
  } catch (err) {
    throw fromMultipart(err);
  }
  const head = Buffer.concat(first);
  async function* replay() {
    yield* first;
    if (ended) return;
    while (true) {
      const step = await iterator.next();
      if (step.done) return;
      yield step.value;
    }
  }
  const again = Readable.from(replay(), { objectMode: false }) as Readable & { truncated?: boolean };
  Object.defineProperty(again, "truncated", { get: () => file.truncated });
  return { head, file: again };
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
      const either = rules.imageOrPdfFields ?? {};
      const isEither = Object.hasOwn(either, field);
      let isPdf = Object.hasOwn(pdfFields, field);
      const allowed = isEither
        ? either[field]
        : isPdf
          ? pdfFields[field]
          : Object.hasOwn(rules.maxPerField, field)
            ? rules.maxPerField[field]
            : undefined;
      if (allowed === undefined) {
        part.file.destroy();
        const fields = [...Object.keys(rules.maxPerField), ...Object.keys(pdfFields), ...Object.keys(either)];
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
      let file = part.file;
      if (isEither) {
        const peeked = await peekPart(part.file);
        file = peeked.file;
        isPdf = isPdfHead(peeked.head);
        if (!isPdf && peeked.head.length > 0 && sniffImage(peeked.head) === null) {
          part.file.destroy();
          throw new UploadError(415, rules.onlyImageOrPdf ?? ONLY_IMAGES, field, index, name);
        }
      }
      if (isPdf) {
        result.pdfs.push(await readPdfFile(file, rules.maxPdfBytes ?? 10 * 1024 * 1024, { field, index, name }));
        continue;
      }
      const raw = await readImageFile(file, rules.maxBytes, { field, index, name });
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
