/** Service errors carry an HTTP-style `statusCode` (src/server/platform/errors.ts); anything else is unexpected. */
export function knownFailure(err: unknown): { statusCode: number; message: string } | null {
  if (typeof err !== "object" || err === null) return null;
  const { statusCode, message } = err as { statusCode?: unknown; message?: unknown };
  if (typeof statusCode !== "number" || statusCode < 400 || statusCode >= 500) return null;
  if (typeof message !== "string" || message === "") return null;
  return { statusCode, message };
}
