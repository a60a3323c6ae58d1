/**
 * Checking uploaded images before anything is stored: the type is decided by the file's first bytes (never its
 * name or declared type), the size is counted while the part streams in (the part is abandoned as soon as it goes
 * over), a file with data after the image's end marker (a polyglot) or cut off before it is refused, an image whose
 * header claims more than MAX_INPUT_PIXELS is refused before decoding, and every image is decoded and encoded again,
 * which drops metadata (EXIF: location, camera, author) and anything hidden inside the image's own segments.
 */

// The checks live beside this file, which keeps exporting them to the rest of the server: the refusal itself
// (upload-error.ts), an image's checks (image-check.ts), a PDF's (pdf-check.ts), a client's file name
// (file-names.ts) and the reading of a multipart request (multipart-read.ts).

export { contentDisposition, displayName } from "./file-names.ts";
export {
  checkImageEnd,
  type EncodedImage,
  IMAGE_FORMATS,
  IMAGE_TRAILING_DATA,
  IMAGE_TRUNCATED,
  type ImageFormat,
  MAX_IMAGE_DIMENSION,
  MAX_INPUT_PIXELS,
  reencodeImage,
  sniffImage,
} from "./image-check.ts";
export {
  type CheckedImage,
  type CheckedPdf,
  type ImageUploadRules,
  type IncomingPart,
  multipartLimits,
  type ReadUploads,
  readImageUploads,
  readUploads,
  type UploadRules,
} from "./multipart-read.ts";
export { checkPdf, ONLY_PDF, PDF_EXPANDS_TOO_MUCH, PDF_HTML, PDF_TRAILING_DATA, PDF_UNREADABLE } from "./pdf-check.ts";
export { UploadError } from "./upload-error.ts";
