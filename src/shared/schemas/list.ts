import { z } from "zod";
import { DEFAULT_PAGE } from "../constants.ts";

/**
 * The paging of the lists' queries (?page=&pageSize=), written once. Each list keeps its own page size and maximum:
 * they are part of the API (the OpenAPI document lists them) and the screens rely on them.
 */

/** The highest page a list is asked for: far beyond any real list, it keeps the offset a small number. */
export const MAX_PAGE = 100_000;

/** What a page of a list is asked for by: a 1-based page of a given size. */
export type PageQuery = { page: number; pageSize: number };

/** A 1-based page number (first page when absent), at most `max`. */
export function pageNumberField(max: number = MAX_PAGE) {
  return z.coerce.number().int().min(1).max(max).default(DEFAULT_PAGE);
}

/** A page size: `pageSize` when absent, at most `max`. */
export function pageSizeField(opts: { pageSize: number; max: number }) {
  return z.coerce.number().int().min(1).max(opts.max).default(opts.pageSize);
}

/**
 * The `page` and `pageSize` fields of a list's query, to spread into its `z.object`:
 * `z.object({ q, ...pageFields({ pageSize: 25, max: 200 }) })`. `pageMax` is the highest page (MAX_PAGE).
 */
export function pageFields(opts: { pageSize: number; max: number; pageMax?: number }) {
  return { page: pageNumberField(opts.pageMax), pageSize: pageSizeField(opts) };
}
