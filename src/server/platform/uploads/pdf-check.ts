import { inflateSync, constants as zlibConstants } from "node:zlib";
import { UploadError } from "./upload-error.ts";

// A PDF's own checks: its first bytes, nothing after its end, no web-page markup, no decompression bomb.

export const ONLY_PDF = "Only PDF files are accepted.";
export const PDF_UNREADABLE = "The PDF could not be read. It may be damaged or password-protected.";
export const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
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

export const isPdfHead = (head: Buffer) => head.length >= PDF_MAGIC.length && PDF_MAGIC.every((b, i) => head[i] === b);
