import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Access } from "./auth/access.ts";
import { type CsvColumn, csvDisposition, toCsv } from "./csv.ts";

/**
 * The back office's CSV downloads, declared once: a GET route whose 200 is a CSV file (UTF-8, with the byte-order
 * mark toCsv writes) sent as an attachment. The route keeps its own access and schema (summary, querystring, the
 * answers with csvResponse from openapi.ts), so the OpenAPI document describes each export as before.
 */

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

/** The request of a route declared with `schema`, its querystring and params typed by the zod schemas. */
export type CsvRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression<RawServerDefault>,
  S,
  ZodTypeProvider
>;

type CsvRouteBase<S extends FastifySchema> = {
  url: string;
  /** Who may download it (platform/auth/access.ts). */
  access: Access;
  schema: S;
  /** Further answer headers, after the content type and disposition (the price list's cache-control). */
  headers?: Record<string, string>;
};

/** A file its service names and writes itself (the price list: `price-list-<its date>.csv`). */
export type CsvFile = { fileName: string; body: string };

export type CsvRouteOptions<S extends FastifySchema, T> = CsvRouteBase<S> &
  (
    | {
        /** The file's name before the date: "orders" sends orders-2026-11-21.csv (today in Harare, csvDisposition). */
        filename: string;
        columns: readonly CsvColumn<T>[];
        /**
         * The rows; or, when the name depends on what was read (an order's serial numbers, named by its reference),
         * the rows with that name, which is dated the same way.
         */
        rows(request: CsvRequest<S>): Promise<readonly T[] | { rows: readonly T[]; filename: string }>;
      }
    | { file(request: CsvRequest<S>): Promise<CsvFile> }
  );

/** Declares a CSV export route (see the file's comment); `app` is the module's plugin instance. */
export function csvRoute<S extends FastifySchema, T>(app: FastifyInstance, options: CsvRouteOptions<S, T>): void {
  // Registered with the plain FastifySchema, as the answer is text whatever S says; the zod validator has parsed the
  // querystring and params by S before the handler runs, so `rows` and `file` get the request typed by S.
  const schema: FastifySchema = options.schema;
  app.get(options.url, { config: { access: options.access }, schema }, async (request, reply) => {
    const { disposition, body } = await fileOf(options, request as unknown as CsvRequest<S>);
    reply.type(CSV_CONTENT_TYPE).header("content-disposition", disposition);
    for (const [name, value] of Object.entries(options.headers ?? {})) reply.header(name, value);
    return reply.send(body);
  });
}

async function fileOf<S extends FastifySchema, T>(
  options: CsvRouteOptions<S, T>,
  request: CsvRequest<S>,
): Promise<{ disposition: string; body: string }> {
  if ("file" in options) {
    const { fileName, body } = await options.file(request);
    return { disposition: `attachment; filename="${fileName}"`, body };
  }
  const read = await options.rows(request);
  const { rows, filename } = isNamed(read) ? read : { rows: read, filename: options.filename };
  return { disposition: csvDisposition(filename), body: toCsv(rows, options.columns) };
}

function isNamed<T>(read: readonly T[] | { rows: readonly T[]; filename: string }): read is { rows: readonly T[]; filename: string } {
  return !Array.isArray(read);
}
