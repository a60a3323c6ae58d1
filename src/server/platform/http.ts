import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { AppError, FieldError, TooManyRequestsError, ValidationError } from "./errors.ts";

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

/** Every failure answers `{ message }` with a proper status; 5xx bodies say nothing internal (DESIGN.md §4). */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
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
