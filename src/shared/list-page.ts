import type { PageQuery } from "./schemas/list.ts";

/**
 * In-memory sorting and paging of lists small enough to load whole (featured products, brands, FAQs, positions …):
 * the back office's screens and the services that page such lists share them, so both sort and search alike.
 */

/** Sorts rows by a key (stable: equal keys keep their order; nulls last). */
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
export function pageOf<T>(rows: readonly T[], params: PageQuery & { q: string }, text: (row: T) => string): { rows: T[]; count: number } {
  const needle = params.q.toLowerCase();
  const matching = needle ? rows.filter((r) => text(r).toLowerCase().includes(needle)) : [...rows];
  const start = (params.page - 1) * params.pageSize;
  return { rows: matching.slice(start, start + params.pageSize), count: matching.length };
}
