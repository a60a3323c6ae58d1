import { Readable } from "node:stream";
import { FILE_EMPTY, FILE_TOO_LARGE, ONLY_IMAGES, TOO_MANY_FILES } from "#shared/schemas/documents.ts";
import { AppError } from "../errors.ts";
import { displayName } from "./file-names.ts";
import { checkImageEnd, type EncodedImage, IMAGE_FORMATS, type ImageFormat, PNG_MAGIC, reencodeImage, sniffImage } from "./image-check.ts";
import { checkPdf, isPdfHead, ONLY_PDF, PDF_MAGIC, PDF_UNREADABLE } from "./pdf-check.ts";
import { UploadError } from "./upload-error.ts";

// Reading a multipart request's parts under an upload's rules: each file checked as it streams in (image-check.ts,
// pdf-check.ts), text fields collected, the parser's own errors answered as UploadErrors.

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
