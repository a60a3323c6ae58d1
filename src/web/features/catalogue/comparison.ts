import { formatSpec, type SpecValues, specDefsFor } from "#shared/specs.ts";

/** What the comparison needs of a product. */
type Comparable = { product_id: number; category_slug: string; specs: SpecValues };

/**
 * The products a comparison's address names, as the page shows them: in the address's order, those of the first
 * found product's category; the others are named apart (`otherCategory`, so the page can offer their own
 * comparison), and ids not in the catalogue are counted (`missing`).
 */
export function compareSelection<P extends Comparable>(
  ids: readonly number[],
  found: readonly P[],
): { category: string | null; shown: P[]; otherCategory: P[]; missing: number } {
  const byId = new Map(found.map((p) => [p.product_id, p]));
  const inOrder = ids.flatMap((id) => byId.get(id) ?? []);
  const category = inOrder[0]?.category_slug ?? null;
  return {
    category,
    shown: inOrder.filter((p) => p.category_slug === category),
    otherCategory: inOrder.filter((p) => p.category_slug !== category),
    missing: ids.length - inOrder.length,
  };
}

/** One specification across the compared products: its values as shown (null: not given) and whether they differ. */
export type ComparisonRow = { key: string; label: string; values: (string | null)[]; differs: boolean };

/**
 * The category's specifications in their order, each with every product's value; a row no product has a value for
 * is left out. A row differs when two products show different values (one given, one not, counts); a single
 * product differs from nothing.
 */
export function comparisonRows(category: string, specs: readonly SpecValues[]): ComparisonRow[] {
  return specDefsFor(category).flatMap((def) => {
    const values = specs.map((s) => {
      const v = s[def.key];
      return v === undefined || v === "" ? null : formatSpec(def, v);
    });
    if (values.every((v) => v === null)) return [];
    return [{ key: def.key, label: def.label, values, differs: new Set(values).size > 1 }];
  });
}
