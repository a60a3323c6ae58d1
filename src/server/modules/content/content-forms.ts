import { CERTIFICATE_MAX_BYTES, CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_TOO_LARGE } from "#shared/schemas/content.ts";
import { FILE_TOO_LARGE } from "#shared/schemas/documents.ts";
import { type FormInput, type ReadForm, readForm } from "../../platform/uploads/form-input.ts";
import { UploadError, type UploadRules } from "../../platform/uploads/image-upload.ts";

/** Text fields up to this size (a blog's story of 50,000 characters fits). */
const MAX_FIELD_BYTES = 256 * 1024;

/** The upload rules of a content form: its image fields (with the wording for one too many) and PDF fields. */
export function contentRules(opts: { images?: Record<string, number>; pdfs?: Record<string, number>; tooMany?: string }): UploadRules {
  const tooMany = opts.tooMany;
  return {
    maxBytes: CONTENT_IMAGE_MAX_BYTES,
    maxPerField: opts.images ?? {},
    maxFieldBytes: MAX_FIELD_BYTES,
    maxNameLength: 120,
    ...(opts.pdfs ? { pdfFields: opts.pdfs, maxPdfBytes: CERTIFICATE_MAX_BYTES } : {}),
    messages: {
      tooMany: (field, allowed) =>
        tooMany ?? (allowed === 1 ? "Send one image only." : `Send at most ${allowed} files in ${field.slice(0, 40)}.`),
    },
  };
}

/**
 * Reads a content form (multipart or JSON) under its rules. The platform's size message names the dealer
 * documents' 3 MB; content images (photos of people and projects) may be larger and say their own limit.
 */
export async function readContentForm(input: FormInput, rules: UploadRules): Promise<ReadForm> {
  try {
    return await readForm(input, rules);
  } catch (err) {
    if (err instanceof UploadError && err.message === FILE_TOO_LARGE) {
      throw new UploadError(413, CONTENT_IMAGE_TOO_LARGE, err.field, err.index, err.fileName);
    }
    throw err;
  }
}
