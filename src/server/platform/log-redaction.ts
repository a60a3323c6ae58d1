/**
 * What never reaches a log line or a start-up error (M8, L2, L6): single-use tokens in page addresses, passwords,
 * session tokens, Paynow's keys and hashes, the user-info of URLs, and a failed query's parameters (a new account's
 * password hash, names, addresses).
 */

const HIDDEN = "[redacted]";

/**
 * `scheme://user:password@` → `scheme://user:***@`, anywhere in a text (a whole URL or a message quoting one). The
 * password runs to the last "@" before a space or quote: one with an unescaped "@", "/" or "#" is hidden whole too.
 */
export function maskUrlCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)([^\s"'@/?#:]*):([^\s"']*)@/gi, "$1$2:***@");
}

/**
 * Names whose value is a secret wherever it appears: a query or form parameter (`token=…`, Paynow's `hash=…`), a
 * JSON property (`"password":"…"`). The reset, invitation and verification pages carry their token as `token=`.
 */
const SECRET_PARAMETERS = "token|password|hash|key|integrationkey|secret|sid|__Host-sid";
const SECRET_PROPERTIES = "token|password|newPassword|currentPassword|hash|integrationKey|secret|sid|authorization|cookie|recoveryCodes?";
const SECRET_PARAMETER = new RegExp(`(^|[?&;\\s"'])(${SECRET_PARAMETERS})=[^&\\s"'#;]*`, "gi");
const SECRET_PROPERTY = new RegExp(`("(?:${SECRET_PROPERTIES})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, "gi");
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/g;
/** The "params: …" line drizzle puts in a failed query's message and stack (as JSON text: after an escaped newline). */
const QUERY_PARAMS_JSON = /\\nparams: (?:[^"\\]|\\[^n])*/g;
const QUERY_PARAMS = /\nparams: [^\n]*/g;

/** A text (a URL, a message, a whole JSON log line) with every secret above replaced. */
export function redactSecrets(text: string): string {
  return maskUrlCredentials(text)
    .replace(SECRET_PARAMETER, `$1$2=${HIDDEN}`)
    .replace(SECRET_PROPERTY, `$1"${HIDDEN}"`)
    .replace(BEARER, `$1${HIDDEN}`)
    .replace(QUERY_PARAMS_JSON, "")
    .replace(QUERY_PARAMS, "");
}

/** Properties of database errors worth keeping (PostgreSQL's code, the constraint); `detail` quotes the values. */
const ERROR_FIELDS = ["code", "statusCode", "severity", "constraint", "table", "column", "routine", "kind"] as const;

/**
 * An error as a log line shows it: type, message, stack, code and cause, without drizzle's `params` or PostgreSQL's
 * `detail` (both carry the row's values); a failed query keeps its SQL text, whose values are placeholders.
 */
export type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

export function errorForLog(err: unknown, depth = 0): LoggedError {
  if (typeof err !== "object" || err === null) return { type: typeof err, message: redactSecrets(String(err)), stack: "" };
  const e = err as Error & Record<string, unknown>;
  const out: LoggedError = {
    type: String(e.constructor?.name ?? e.name),
    message: redactSecrets(String(e.message ?? "")),
    stack: typeof e.stack === "string" ? redactSecrets(e.stack) : "",
  };
  if (typeof e.query === "string") out.query = e.query;
  for (const field of ERROR_FIELDS) if (e[field] !== undefined && typeof e[field] !== "object") out[field] = e[field];
  if (e.cause !== undefined && depth < 3) out.cause = errorForLog(e.cause, depth + 1);
  return out;
}

type Sink = { write(line: string): unknown };

/** The stream the logger writes to: every line passes through redactSecrets first, whatever logged it. */
export function redactingStream(sink: Sink = process.stdout): Sink {
  return { write: (line: string) => sink.write(redactSecrets(line)) };
}
