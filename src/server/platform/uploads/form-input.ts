import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { ValidationError } from "../errors.ts";
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPath } from "../http.ts";
import { type IncomingPart, multipartLimits, type ReadUploads, readUploads, UploadError, type UploadRules } from "./image-upload.ts";

/**
 * A back-office form as a route hands it to a service: a multipart body (text fields, images, PDFs) that is read
 * only when the service opens it (after its authorization check, with the rules it decides, such as how many more
 * images a product has room for), or a JSON body, or nothing.
 */
export type FormInput =
  | { kind: "multipart"; open(rules: UploadRules): AsyncIterable<IncomingPart> }
  | { kind: "json"; body: unknown }
  | { kind: "none" };

export const NOT_A_FORM = "Send the form as multipart/form-data or JSON.";
export const FILES_NOT_MULTIPART = "Send the files as multipart/form-data.";

/** Busboy's limits with room for one file more than the rules take, so the rules' own message says what is wrong. */
function limitsFor(rules: UploadRules) {
  const { limits } = multipartLimits(rules);
  return { limits: { ...limits, files: limits.files + 1, parts: limits.parts + 1 } };
}

export function formInput(request: FastifyRequest): FormInput {
  if (request.isMultipart()) {
    return { kind: "multipart", open: (rules) => request.parts(limitsFor(rules)) as AsyncIterable<IncomingPart> };
  }
  if (!request.headers["content-type"] && (request.body === undefined || request.body === null)) return { kind: "none" };
  return { kind: "json", body: request.body };
}

export type ReadForm = Omit<ReadUploads, "fields"> & { fields: Record<string, unknown> };

/**
 * Reads the form under the rules: every file checked before anything is kept (see readUploads). A JSON body
 * gives text fields only; `filesOnly` refuses anything but multipart (415).
 */
export async function readForm(input: FormInput, rules: UploadRules, opts: { filesOnly?: boolean } = {}): Promise<ReadForm> {
  if (input.kind === "multipart") return readUploads(input.open(rules), rules);
  if (input.kind === "none") return { images: [], pdfs: [], fields: {} };
  if (opts.filesOnly) throw new UploadError(415, FILES_NOT_MULTIPART);
  const body = input.body;
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new UploadError(415, NOT_A_FORM);
  return { images: [], pdfs: [], fields: body as Record<string, unknown> };
}

/** The zod issues of a form's fields as the API reports them (`body.<field>`). */
export function fieldIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: ["body", ...issue.path.map(String)].join("."), message: issue.message }));
}

/** Parses a form's fields with its shared schema; throws a ValidationError with every issue. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const control = controlCharacterPath(fields, "body");
  if (control) throw new ValidationError([{ path: control, message: CONTROL_CHARACTER_MESSAGE }]);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new ValidationError(fieldIssues(parsed.error));
  return parsed.data;
}
