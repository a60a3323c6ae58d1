import type { ServerResponse } from "node:http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { AppError, FieldError, TooManyRequestsError, ValidationError } from "./errors.ts";
import { UploadError } from "./uploads/image-upload.ts";

export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again later.";
export const UNAVAILABLE_MESSAGE = "The service is briefly unavailable (the database cannot be reached). Please try again in a minute.";

/** The page a browser gets while the database cannot be reached: plain HTML, no database needed to make it. */
export const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Briefly unavailable</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.5rem;color:#0f172a">
<main id="main"><h1>We will be back in a moment</h1>
<p>The site cannot reach its database just now. Please try again in a minute.</p>
<p><a href="/">Try again</a></p></main></body></html>
`;

/**
 * Runs `fn` once the answer's connection has closed: when it closes, or at once when it already has. Node emits a
 * response's "close" once; a listener added after a visitor left (while the request waited for its session or the
 * database) never runs, and what it was to free stays taken: a page render's place, of which there are six, so six
 * visitors who left early were enough for no page to render again.
 */
export function onceClosed(res: ServerResponse, fn: () => void): void {
  if (res.closed || res.destroyed) fn();
  else res.once("close", fn);
}

export const CONTROL_CHARACTER_MESSAGE = "Text may not contain control characters.";

/**
 * NUL and the other C0 control characters (and DEL), which no form field needs: PostgreSQL refuses NUL in text (a
 * 500 before L2) and the others only hide text. Tab, line feed and carriage return are left to each field's schema.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this expression's purpose.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The path ("body.notes", "querystring.q") of the first text in `value` with a control character, or null. */
export function controlCharacterPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return CONTROL_CHARACTER.test(value) ? path : null;
  if (typeof value !== "object" || value === null || depth > 20 || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = CONTROL_CHARACTER.test(key) ? path : controlCharacterPath(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses control characters in every parsed body, query string and path parameter with 400, once for every route
 * (L2), before the route's schema or service sees them. Multipart fields are checked where they are read
 * (uploads/form-input.ts) and page forms where the web entry reads them (web/web.ts).
 */
export function refuseControlCharacters(app: FastifyInstance) {
  // Thrown, not sent: the error handler answers it like a schema failure, past the route's own response schemas.
  app.addHook("preValidation", async (request) => {
    const path =
      controlCharacterPath(request.params, "params") ??
      controlCharacterPath(request.query, "querystring") ??
      controlCharacterPath(request.body, "body");
    if (path) throw new ValidationError([{ path, message: CONTROL_CHARACTER_MESSAGE }]);
  });
}

/**
 * A refused upload (400, 409, 413, 415): its message and the field (and file) it concerns, in the route's documented
 * shape (`platform/error-bodies.ts`: the route's response schema serializes it, so a shape without `index` drops it).
 * The rest of the refused body is read and dropped (never kept), so the client gets to read the answer.
 */
function sendUploadError(request: FastifyRequest, reply: FastifyReply, err: UploadError) {
  request.raw.unpipe();
  request.raw.resume();
  const issues = err.field
    ? [
        {
          path: `body.${err.field}`,
          message: err.message,
          ...(err.index !== undefined ? { index: err.index } : {}),
          ...(err.fileName ? { file: err.fileName } : {}),
        },
      ]
    : undefined;
  return reply.code(err.statusCode).send({ message: err.message, ...(issues ? { issues } : {}) });
}

/** Every failure answers `{ message }` with a proper status; 5xx bodies say nothing internal (DESIGN.md §4). */
export function registerErrorHandling(app: FastifyInstance) {
  refuseControlCharacters(app);
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof UploadError) return sendUploadError(request, reply, err);
    // Error bodies are the handler's own shapes, not the route's success or 4xx schemas: a body the parser refused
    // (malformed JSON) on a route with its own 400 shape must not turn into a serialization 500.
    reply.type("application/json; charset=utf-8").serializer((payload: unknown) => JSON.stringify(payload));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: [
          err.validationContext,
          ...String(v.instancePath ?? "")
            .split("/")
            .filter(Boolean),
        ]
          .filter(Boolean)
          .join("."),
        message: v.message ?? "Invalid value",
      }));
      return reply.code(400).send({ message: issues[0]?.message ?? "The request is not valid.", issues });
    }
    if (err instanceof FieldError) {
      return reply.code(400).send({ message: err.message, issues: [{ path: `body.${err.field}`, message: err.message }] });
    }
    if (err instanceof ValidationError) return reply.code(400).send({ message: err.message, issues: err.issues });
    if (err instanceof TooManyRequestsError) reply.header("retry-after", String(err.retryAfterSeconds));
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({ message: err.message, ...(err.details ? { details: err.details } : {}) });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: { message: err.message, code: err.code } }, "database unavailable");
      reply.code(503).header("retry-after", "10");
      if (!request.url.startsWith("/api") && request.headers.accept?.includes("text/html")) {
        return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(UNAVAILABLE_PAGE);
      }
      return reply.send({ message: UNAVAILABLE_MESSAGE });
    }
    const status = typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, "request failed");
      return reply.code(status).send({ message: INTERNAL_ERROR_MESSAGE });
    }
    return reply.code(status).send({ message: err.message });
  });
}
