import { data } from "react-router";

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

/** A service's answer, its "not found" becoming the page's 404 with the service's message (any other failure is thrown as it is). */
export async function orNotFound<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (err) {
    const known = knownFailure(err);
    if (known?.statusCode === 404) throw data(known.message, { status: 404 });
    throw err;
  }
}
