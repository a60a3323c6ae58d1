import type { CategorySlug } from "./schemas/catalogue.ts";
import { CATEGORY_SLUGS } from "./schemas/catalogue.ts";

export type CategoryLink = { slug: CategorySlug; id: number; name: string };

/** The seven categories in the order the site shows them (spec §2, §9); ids from spec §3. */
export const CATEGORIES: readonly CategoryLink[] = [
  { slug: "solar-panels", id: CATEGORY_SLUGS["solar-panels"], name: "Solar Panels" },
  { slug: "hybrid-inverters", id: CATEGORY_SLUGS["hybrid-inverters"], name: "Hybrid Inverters" },
  { slug: "energy-storage", id: CATEGORY_SLUGS["energy-storage"], name: "Energy Storage" },
  { slug: "mounting-equipment", id: CATEGORY_SLUGS["mounting-equipment"], name: "Mounting Equipment" },
  { slug: "cabling", id: CATEGORY_SLUGS.cabling, name: "Cabling" },
  { slug: "accessories", id: CATEGORY_SLUGS.accessories, name: "Accessories" },
  { slug: "switch-gear", id: CATEGORY_SLUGS["switch-gear"], name: "Switch Gear" },
];

/** The home page's tiles leave accessories out (spec §2). */
export const HOME_TILE_CATEGORIES = CATEGORIES.filter((c) => c.slug !== "accessories");

/** A category by its slug or its numeric id, as /category/{categoryId} accepts either. */
export function findCategory(ref: string): CategoryLink | undefined {
  return CATEGORIES.find((c) => c.slug === ref || String(c.id) === ref);
}
