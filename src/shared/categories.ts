// Types only from the schema module: this list is used by the browser bundle, which must not pull in zod.
import type { CATEGORY_SLUGS, CategorySlug } from "./schemas/catalogue.ts";

/** A category link; the type ties each slug to its id in CATEGORY_SLUGS. */
export type CategoryLink = { [S in CategorySlug]: { slug: S; id: (typeof CATEGORY_SLUGS)[S]; name: string } }[CategorySlug];

/** The seven categories in the order the site shows them (spec §2, §9); ids from spec §3. */
export const CATEGORIES: readonly CategoryLink[] = [
  { slug: "solar-panels", id: 1, name: "Solar Panels" },
  { slug: "hybrid-inverters", id: 7, name: "Hybrid Inverters" },
  { slug: "energy-storage", id: 6, name: "Energy Storage" },
  { slug: "mounting-equipment", id: 8, name: "Mounting Equipment" },
  { slug: "cabling", id: 4, name: "Cabling" },
  { slug: "accessories", id: 5, name: "Accessories" },
  { slug: "switch-gear", id: 9, name: "Switch Gear" },
];

/** The home page's tiles leave accessories out (spec §2). */
export const HOME_TILE_CATEGORIES = CATEGORIES.filter((c) => c.slug !== "accessories");

/** A category by its slug or its numeric id, as /category/{categoryId} accepts either. */
export function findCategory(ref: string): CategoryLink | undefined {
  return CATEGORIES.find((c) => c.slug === ref || String(c.id) === ref);
}
