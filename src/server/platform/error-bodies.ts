import { z } from "zod";

/**
 * The bodies of the API's refusals, as the routes document them (OpenAPI) and as `platform/http.ts` and the upload
 * answers send them: declared once here, used by every route file. Each shape is what some answers carry today; the
 * OpenAPI document inlines them, so changing one changes the documented contract of every route that uses it.
 */

/** `{ message }`: every refusal without field issues (401, 403, 404, 409, 429, 503 …). */
export const messageBody = z.object({ message: z.string() });

const issue = z.object({ path: z.string(), message: z.string() });

/** A 400 from a route's schema or a service's ValidationError: the first issue's message and every issue. */
export const validationBody = z.object({ message: z.string(), issues: z.array(issue) });

/** A 400 that may come with issues (a schema's) or without (a service's plain refusal). */
export const messageWithIssuesBody = z.object({ message: z.string(), issues: z.array(issue).optional() });

/** A refused form with files (400, 413, 415): the issue names the field and, for a file, its name. */
export const uploadFailureBody = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string(), file: z.string().optional() })).optional(),
});

/** The same with the refused file's position in its field (the catalogue's forms). */
export const indexedUploadFailureBody = z.object({
  message: z.string(),
  issues: z
    .array(z.object({ path: z.string(), message: z.string(), index: z.number().optional(), file: z.string().optional() }))
    .optional(),
});
