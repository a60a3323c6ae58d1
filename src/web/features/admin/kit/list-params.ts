/**
 * A back-office list's state lives in the URL (search, filters, sort, page), so a list can be linked, reloaded and
 * walked with Back. Loaders read it with `readListParams`; the table writes it with `listHref`.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export type ListParams<Sort extends string = string> = {
  q: string;
  sort: Sort;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
  /** The filters named in the options, "" when unset. */
  filters: Record<string, string>;
};

export type ListParamOptions<Sort extends string = string> = {
  /** Columns the list may be sorted by; anything else falls back to the default. */
  sorts: readonly Sort[];
  defaultSort: Sort;
  defaultDir?: "asc" | "desc";
  filters?: readonly string[];
  defaultPageSize?: number;
};

function positiveInt(value: string | null, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

export function readListParams<Sort extends string = string>(
  input: URL | URLSearchParams | string,
  options: ListParamOptions<Sort>,
): ListParams<Sort> {
  const search = input instanceof URLSearchParams ? input : new URL(input, "http://x").searchParams;
  // A card list's "Sort by" menu sends "sortBy=<key>:<dir>" when the page has no JavaScript yet.
  const [menuSort, menuDir] = (search.get("sortBy") ?? "").split(":");
  const sort = search.get("sort") ?? menuSort ?? "";
  const dir = search.get("dir") ?? menuDir ?? null;
  const pageSize = positiveInt(search.get("pageSize"), options.defaultPageSize ?? 25, 100);
  const filters: Record<string, string> = {};
  for (const name of options.filters ?? []) filters[name] = (search.get(name) ?? "").trim().slice(0, 100);
  return {
    q: (search.get("q") ?? "").trim().slice(0, 100),
    sort: options.sorts.find((s) => s === sort) ?? options.defaultSort,
    dir: dir === "asc" || dir === "desc" ? dir : (options.defaultDir ?? "asc"),
    page: positiveInt(search.get("page"), 1, 100_000),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : (options.defaultPageSize ?? 25),
    filters,
  };
}

/**
 * The URL of the list with some parameters changed. Any change other than the page goes back to page 1, and
 * empty values are dropped so URLs stay short.
 */
export function listHref(pathname: string, current: URLSearchParams, change: Record<string, string | number | undefined>): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  if (!("page" in change)) next.delete("page");
  if (next.get("page") === "1") next.delete("page");
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Sorting and paging of lists loaded whole: shared with the services that page such lists. */
export { pageOf, sortRows } from "#shared/list-page.ts";
