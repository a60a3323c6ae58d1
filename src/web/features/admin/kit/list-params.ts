/**
 * A back-office list's state lives in the URL (search, filters, sort, page), so a list can be linked, reloaded and
 * walked with Back. Loaders read it with `readListParams`; the table writes it with `listHref`.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export type ListParams = {
  q: string;
  sort: string;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
  /** The filters named in the options, "" when unset. */
  filters: Record<string, string>;
};

export type ListParamOptions = {
  /** Columns the list may be sorted by; anything else falls back to the default. */
  sorts: readonly string[];
  defaultSort: string;
  defaultDir?: "asc" | "desc";
  filters?: readonly string[];
  defaultPageSize?: number;
};

function positiveInt(value: string | null, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

export function readListParams(input: URL | URLSearchParams | string, options: ListParamOptions): ListParams {
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
    sort: options.sorts.includes(sort) ? sort : options.defaultSort,
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

/** Sorts rows in memory for the lists that are small enough to load whole (FAQs, positions …). */
export function sortRows<T>(rows: readonly T[], key: (row: T) => string | number | null, dir: "asc" | "desc"): T[] {
  const factor = dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return (typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y))) * factor;
  });
}

/** One page of rows loaded whole, filtered by a search over the given text. */
export function pageOf<T>(rows: readonly T[], params: ListParams, text: (row: T) => string): { rows: T[]; count: number } {
  const needle = params.q.toLowerCase();
  const matching = needle ? rows.filter((r) => text(r).toLowerCase().includes(needle)) : [...rows];
  const start = (params.page - 1) * params.pageSize;
  return { rows: matching.slice(start, start + params.pageSize), count: matching.length };
}
