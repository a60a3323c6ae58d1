import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, FieldError, TooManyRequestsError, ValidationError } from "./errors.ts";

export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again later.";

/** Every failure answers `{ message }` with a proper status; 5xx bodies say nothing internal (DESIGN.md §4). */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
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
    const status = typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, "request failed");
      return reply.code(status).send({ message: INTERNAL_ERROR_MESSAGE });
    }
    return reply.code(status).send({ message: err.message });
  });
}
