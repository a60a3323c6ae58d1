/** Errors services throw; the HTTP layer maps each to its status and a `{ message }` body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message = "The request is not valid.", details?: unknown) {
    super(400, message, details);
  }
}

/**
 * A field of the request body that a service refused (a check no schema can make, such as an unknown product).
 * Answered like a schema failure: `{ message, issues: [{ path: "body.<field>", message }] }`.
 */
export class FieldError extends BadRequestError {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/**
 * Several fields refused at once, by a check made after the request was read (a multipart form's text fields):
 * answered like a schema failure, `{ message, issues: [{ path: "body.<field>", message }] }`.
 */
export class ValidationError extends BadRequestError {
  constructor(readonly issues: { path: string; message: string }[]) {
    super(issues[0]?.message ?? "The request is not valid.");
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = "Please log in to continue.") {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = "You do not have permission to do this.") {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = "Not found.") {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/** Too many attempts (brute-force protection): answered 429 with a Retry-After header in seconds. */
export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = "Too many attempts. Please wait a few minutes and try again.",
  ) {
    super(429, message);
  }
}
