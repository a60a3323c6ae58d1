import type { PriceList, PriceListRow } from "#shared/schemas/pricing.ts";

/** How many products the page lists at once; the CSV and PDF always have every product. */
export const PRICE_LIST_SHOWN = 300;

export type PriceListQuery = { q: string; category: number | null };

/** The page's search from its address: `?q=` words, `?category=` a category id. */
export function priceListQuery(url: URL): PriceListQuery {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const category = Number(url.searchParams.get("category"));
  return { q, category: Number.isInteger(category) && category > 0 ? category : null };
}

/** The categories the list has, in its order, with how many products each. */
export function priceListCategories(rows: readonly PriceListRow[]): { id: number; name: string; count: number }[] {
  const out = new Map<number, { id: number; name: string; count: number }>();
  for (const r of rows) {
    const c = out.get(r.category_id) ?? { id: r.category_id, name: r.category_name, count: 0 };
    c.count++;
    out.set(r.category_id, c);
  }
  return [...out.values()];
}

/** The rows of a category whose name, SKU or category has every word searched for (any case). */
export function filterPriceList(list: PriceList, query: PriceListQuery): PriceListRow[] {
  const words = query.q.toLowerCase().split(/\s+/).filter(Boolean);
  return list.rows.filter((r) => {
    if (query.category !== null && r.category_id !== query.category) return false;
    const text = `${r.product_name} ${r.sku ?? ""} ${r.category_name}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
