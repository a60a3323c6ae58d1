import type { z } from "zod";
import { CERTIFICATE_MAX_BYTES, CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_TOO_LARGE } from "#shared/schemas/content.ts";
import { FILE_TOO_LARGE } from "#shared/schemas/documents.ts";
import { FieldError } from "../../platform/errors.ts";
import { type CheckedImage, type CheckedPdf, UploadError, type UploadRules } from "../../platform/uploads/image-upload.ts";

/** A back-office form as the service receives it: text fields (or the JSON body) and the checked files. */
export type ContentForm = { fields: Record<string, unknown>; images: CheckedImage[]; pdfs: CheckedPdf[] };

/**
 * Reads the request's form under these rules. The service calls it only once the caller is authorised, so no
 * byte of a non-admin's upload is read, and with the rules of the record at hand.
 */
export type FormReader = (rules: UploadRules) => Promise<ContentForm>;

export type FormIssue = { path: string; message: string };

/** Fields the shared schema refused: every issue is answered (the HTTP layer's FieldError fallback shows the first). */
export class FormIssuesError extends FieldError {
  constructor(readonly issues: FormIssue[]) {
    const first = issues[0] ?? { path: "body", message: "The request is not valid." };
    super(first.message, first.path.replace(/^body\.?/, "") || "body");
  }
}

/** The form's text fields checked with the shared schema of the form. */
export function parseForm<S extends z.ZodType>(schema: S, fields: unknown): z.output<S> {
  const result = schema.safeParse(fields ?? {});
  if (result.success) return result.data;
  throw new FormIssuesError(result.error.issues.map((i) => ({ path: ["body", ...i.path.map(String)].join("."), message: i.message })));
}

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

/** The platform's size message names the dealer documents' limit; content images have their own. */
export function rewordUploadError(err: unknown): unknown {
  if (err instanceof UploadError && err.message === FILE_TOO_LARGE) {
    return new UploadError(413, CONTENT_IMAGE_TOO_LARGE, err.field, err.index, err.fileName);
  }
  return err;
}

/** A form with no files (a JSON body, or a page action's values). */
export const jsonForm =
  (body: unknown): FormReader =>
  async () => ({
    fields: body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {},
    images: [],
    pdfs: [],
  });
