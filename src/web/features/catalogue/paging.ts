import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from "#shared/constants.ts";

export type Paging = { page: number; pageSize: number };

/** Page and page size from a category address (`?page=2&pageSize=24`); anything unusable falls back to the defaults. */
export function pagingFrom(params: URLSearchParams): Paging {
  const page = Number(params.get("page") ?? DEFAULT_PAGE);
  const pageSize = Number(params.get("pageSize") ?? DEFAULT_PAGE_SIZE);
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : DEFAULT_PAGE,
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/**
 * The query string of a page; the defaults are left out so the plain address stays the canonical one. `keep`: other
 * parameters the page carries (a category's filters and sort), first.
 */
export function pagingSearch({ page, pageSize }: Paging, keep: [string, string][] = []): string {
  const params = new URLSearchParams(keep);
  if (page !== DEFAULT_PAGE) params.set("page", String(page));
  if (pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(pageSize));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The page numbers to link: all of them when few, else the first, the last and two either side of the current. */
export function pageNumbers(current: number, total: number): (number | "gap")[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const shown = new Set([1, total, current - 2, current - 1, current, current + 1, current + 2]);
  const numbers = [...shown].filter((n) => n >= 1 && n <= total).sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const n of numbers) {
    const last = out[out.length - 1];
    if (typeof last === "number" && n - last > 1) out.push("gap");
    out.push(n);
  }
  return out;
}
