/**
 * Service errors carry an HTTP-style `statusCode` (src/server/platform/errors.ts), and a `field` when one input was
 * refused (FieldError); anything else is unexpected.
 */
export function knownFailure(err: unknown): { statusCode: number; message: string; field?: string } | null {
  if (typeof err !== "object" || err === null) return null;
  const { statusCode, message, field } = err as { statusCode?: unknown; message?: unknown; field?: unknown };
  if (typeof statusCode !== "number" || statusCode < 400 || statusCode >= 500) return null;
  if (typeof message !== "string" || message === "") return null;
  return typeof field === "string" ? { statusCode, message, field } : { statusCode, message };
}
