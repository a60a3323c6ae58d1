import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * The server's logger as services and the job worker use it: the app's pino logger (`app.log`), whose lines pass
 * through the redaction of platform/log-redaction.ts. Injected through the services' dependencies (services.ts); with
 * LOG_LEVEL=silent it writes nothing.
 */
export type Log = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** For code built without the app's logger (unit tests). */
export const silentLog: Log = { info() {}, warn() {}, error() {} };

/**
 * Outside production (the app's mode "development"): the log as a person reads it in a terminal, one line per
 * request or event, `HH:MM:SS [LEVEL] message key=value…`, an error's stack indented below it. The line given is
 * pino's JSON, already through the redaction (redactingStream wraps this stream), so nothing here can show a secret
 * the JSON would not. Production and tests keep the JSON lines (operators' tools and tests read them).
 */
export function readableLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith("\n") ? json : `${json}\n`;
  }
  const { level, time, msg, err, pid: _pid, hostname: _hostname, reqId: _reqId, ...rest } = entry;
  const clock = new Date(typeof time === "number" ? time : Date.now()).toTimeString().slice(0, 8);
  const label = typeof level === "number" && level !== 30 ? ` ${LEVEL_LABELS[level] ?? `LEVEL${level}`}` : "";
  const fields = Object.entries(rest).map(([k, v]) => ` ${k}=${typeof v === "string" ? v : JSON.stringify(v)}`);
  let line = `${clock}${label} ${typeof msg === "string" ? msg : ""}${fields.join("")}`;
  if (err && typeof err === "object") {
    const e = err as { type?: unknown; message?: unknown; stack?: unknown };
    const stack = typeof e.stack === "string" && e.stack ? e.stack : `${e.type ?? "Error"}: ${e.message ?? ""}`;
    line += `\n${stack.replace(/^/gm, "    ")}`;
  }
  return `${line}\n`;
}

const LEVEL_LABELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 40: "WARN", 50: "ERROR", 60: "FATAL" };

/** The logger's stream in development: each JSON line written as readableLogLine makes it. */
export function readableLogStream(sink: { write(line: string): unknown } = process.stdout): { write(line: string): unknown } {
  return { write: (line: string) => sink.write(readableLogLine(line)) };
}

/**
 * A successful request for a file (the build's /assets, /media, anything with an extension, Vite's /@… modules in
 * `npm run dev`): a page brings several, so in development their lines are at debug level, not shown by default.
 */
export function isQuietRequest(url: string, statusCode: number): boolean {
  if (statusCode >= 400) return false;
  const pathname = url.split(/[?#]/, 1)[0] ?? "";
  return /^\/(assets|media)\//.test(pathname) || pathname.startsWith("/@") || /\.[a-z0-9]+$/i.test(pathname);
}

/**
 * Fastify's own request lines in development: one line when the request is answered, `GET /products 200 12 ms`
 * (error level for a 5xx or a failed request, with the error; debug for a page's files, isQuietRequest), none when it
 * comes in, no "Route … not found" beside the 404's line.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const line = `${request.method} ${request.url} ${status} ${Math.round(reply.elapsedTime)} ms`;
    if (error || status >= 500) reply.log.error(error ? { err: error } : {}, line);
    else reply.log[isQuietRequest(request.url, status) ? "debug" : "info"](line);
  }
}
