/**
 * The product comparison's rules, written once for the /compare page (server) and the compare list kept
 * in the browser (src/web/enhance/compare.ts). No imports: the browser bundle must stay small.
 *
 * - A comparison holds up to COMPARE_MAX products of one category.
 * - Its address is its whole state: `/compare?ids=1,2,3` (and `&diff=1` for only the differing rows).
 * - The browser keeps the visitor's list under COMPARE_STORAGE_KEY as `{ category, ids }`.
 */
export const COMPARE_MAX = 4;
export const COMPARE_STORAGE_KEY = "compare:v1";

/** The products chosen to compare, all of `category` (a category slug; "" when none are chosen). */
export type CompareList = { category: string; ids: number[] };

export const EMPTY_COMPARE_LIST: CompareList = { category: "", ids: [] };

const isId = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= 2_147_483_647;

/** A stored (or server-sent) list as JSON → a list that keeps the rules; anything unreadable is an empty list. */
export function readCompareList(raw: string | null | undefined): CompareList {
  if (!raw) return EMPTY_COMPARE_LIST;
  try {
    const value = JSON.parse(raw) as { category?: unknown; ids?: unknown };
    if (typeof value?.category !== "string" || !value.category || !Array.isArray(value.ids)) return EMPTY_COMPARE_LIST;
    const ids = [...new Set(value.ids.filter(isId))].slice(0, COMPARE_MAX);
    return ids.length ? { category: value.category, ids } : EMPTY_COMPARE_LIST;
  } catch {
    return EMPTY_COMPARE_LIST;
  }
}

/** What choosing Compare on a product did: added, removed, or refused (the list is full, or of another category). */
export type CompareOutcome = "added" | "removed" | "full" | "other-category";

/** Compare on a product: in the list → out of it; else in, if the list has room and is of its category (or empty). */
export function toggleCompare(
  list: CompareList,
  product: { id: number; category: string },
): { list: CompareList; outcome: CompareOutcome } {
  if (list.ids.includes(product.id)) {
    const ids = list.ids.filter((id) => id !== product.id);
    return { list: ids.length ? { category: list.category, ids } : EMPTY_COMPARE_LIST, outcome: "removed" };
  }
  if (list.ids.length > 0 && list.category !== product.category) return { list, outcome: "other-category" };
  if (list.ids.length >= COMPARE_MAX) return { list, outcome: "full" };
  return { list: { category: product.category, ids: [...list.ids, product.id] }, outcome: "added" };
}

/** The comparison page of these products (in this order), with only the differing rows when `diff`. */
export function compareHref(ids: readonly number[], diff = false): string {
  const query = [ids.length ? `ids=${ids.join(",")}` : "", diff ? "diff=1" : ""].filter(Boolean).join("&");
  return `/compare${query ? `?${query}` : ""}`;
}

/**
 * The `ids` of a comparison's address: product ids in their order, repeats and anything that is not an id left out;
 * the first COMPARE_MAX are compared, `extra` counts those after them.
 */
export function parseCompareIds(value: string | null | undefined): { ids: number[]; extra: number } {
  const all = [
    ...new Set(
      (value ?? "")
        .split(",")
        .slice(0, 100)
        .map((part) => part.trim())
        .filter((part) => /^\d{1,10}$/.test(part))
        .map(Number)
        .filter(isId),
    ),
  ];
  return { ids: all.slice(0, COMPARE_MAX), extra: Math.max(0, all.length - COMPARE_MAX) };
}
