/** A Postgres error code on the error or on one of its causes (drizzle and the drivers wrap it differently). */
function hasPgCode(err: unknown, code: string): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === code) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** unique_violation: two writers raced for the same unique value. */
export const isUniqueViolation = (err: unknown): boolean => hasPgCode(err, "23505");
/** foreign_key_violation: the row is still referenced. */
export const isForeignKeyViolation = (err: unknown): boolean => hasPgCode(err, "23503");

/** Error codes of a database that is gone: shutting down, starting up, or no connection (class 08). */
const UNAVAILABLE_CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ETIMEDOUT",
  "EPIPE",
]);
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly)/i;

/**
 * The database cannot be reached (PostgreSQL restarting or stopped, the network down, the pool unable to
 * connect in time): the request may succeed when tried again, so it is answered 503, not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0 && seen.size < 16) {
    const e = queue.shift() as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const code = typeof e.code === "string" ? e.code : "";
    if (UNAVAILABLE_CODES.has(code) || code.startsWith("08")) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    queue.push(e.cause);
    // ECONNREFUSED to "localhost" comes as an AggregateError over the IPv4 and IPv6 attempts.
    if (Array.isArray(e.errors)) queue.push(...e.errors);
  }
  return false;
}
