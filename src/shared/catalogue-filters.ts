import type { CategorySlug } from "./schemas/catalogue.ts";
import { type SpecDef, specDefsFor } from "./specs.ts";

/**
 * A category page's filters and sort, as its address carries them, so that a filtered page works
 * without scripts and can be shared:
 * - `spec.<key>=value` (repeatable): a choice specification is one of the values;
 * - `spec.<key>.min=` / `spec.<key>.max=`: a number specification in a range (its own unit, both ends included);
 * - `brand=<id>` (repeatable): the product is of one of the brands;
 * - `sort=`: `name`, `name-desc`, `power`, `power-desc` (the category's main figure: a panel's watts, a battery's
 *   kWh…), `price`, `price-desc` (dealers only: visitors see no prices). No sort: the catalogue's own order.
 * Values of one facet are alternatives (OR); different facets all apply (AND).
 */

export const CATALOGUE_SORTS = ["name", "name-desc", "power", "power-desc", "price", "price-desc"] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** The figure "power" sorts a category by: its main rating. Accessories have none. */
export const MAIN_FIGURE: Record<CategorySlug, string | null> = {
  "solar-panels": "power_w",
  "hybrid-inverters": "power_kw",
  "energy-storage": "capacity_kwh",
  "mounting-equipment": "panels_supported",
  cabling: "cross_section_mm2",
  accessories: null,
  "switch-gear": "current_a",
};

export type Range = { min: number | null; max: number | null };

export type CatalogueFilter = {
  /** Choice specifications: key → the values any of which a product may have. */
  choices: Record<string, string[]>;
  /** Number specifications: key → the range a product's value must be in. */
  ranges: Record<string, Range>;
  brands: number[];
  sort: CatalogueSort | null;
};

export const emptyFilter = (): CatalogueFilter => ({ choices: {}, ranges: {}, brands: [], sort: null });

/** The most values one address may carry (a form offers far fewer): more are refused, not read. */
export const MAX_FILTER_VALUES = 60;

export const filterMessages = {
  unknownSpec: (key: string) => `“${key}” is not a specification this category can be filtered by.`,
  notChoice: (def: SpecDef) => `${def.label} is filtered by a range: use spec.${def.key}.min and spec.${def.key}.max.`,
  notRange: (def: SpecDef) => `${def.label} is filtered by its values: use spec.${def.key}=value.`,
  badChoice: (def: SpecDef, value: string) => `“${value}” is not one of the ${def.label.toLowerCase()} values: ${def.choices?.join(", ")}.`,
  badNumber: (def: SpecDef) => `${def.label} must be filtered by a number${def.unit ? ` (in ${def.unit})` : ""}.`,
  emptyRange: (def: SpecDef) => `${def.label}: the lowest value is more than the highest.`,
  badBrand: "A brand is given by its id, a whole number.",
  badSort: `Sort by one of: ${CATALOGUE_SORTS.join(", ")}.`,
  noFigure: "This category has no figure to sort by.",
  tooMany: `At most ${MAX_FILTER_VALUES} filter values can be given.`,
} as const;

/** The specifications of a category a page can be filtered by. */
export function filterableSpecs(slug: string): readonly SpecDef[] {
  return specDefsFor(slug).filter((def) => def.filter);
}

function readNumber(raw: string): number | null {
  const text = raw.trim().replace(",", ".");
  if (text === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : Number.NaN;
}

/**
 * The filter an address's parameters ask for, and what in them could not be read. Parameters that are not filters
 * (page, pageSize, anything else) are not looked at; an empty value is no filter. A reader that must be strict (the
 * API) refuses the address when there are problems; a page shows what could be read.
 */
export function parseCatalogueFilter(slug: string, entries: Iterable<[string, string]>): { filter: CatalogueFilter; problems: string[] } {
  const defs = new Map(filterableSpecs(slug).map((d) => [d.key, d]));
  const filter = emptyFilter();
  const problems: string[] = [];
  let values = 0;
  for (const [name, raw] of entries) {
    const value = raw.trim();
    if (value === "") continue;
    if (name === "sort") {
      if (!(CATALOGUE_SORTS as readonly string[]).includes(value)) problems.push(filterMessages.badSort);
      else if (value.startsWith("power") && MAIN_FIGURE[slug as CategorySlug] == null) problems.push(filterMessages.noFigure);
      else filter.sort = value as CatalogueSort;
      continue;
    }
    if (name !== "brand" && !name.startsWith("spec.")) continue;
    if (++values > MAX_FILTER_VALUES) {
      problems.push(filterMessages.tooMany);
      break;
    }
    if (name === "brand") {
      const id = Number(value);
      if (!/^\d{1,10}$/.test(value) || id < 1 || id > 2_147_483_647) problems.push(filterMessages.badBrand);
      else if (!filter.brands.includes(id)) filter.brands.push(id);
      continue;
    }
    const [, key = "", end] = name.match(/^spec\.([a-z0-9_]+)(?:\.(min|max))?$/) ?? [];
    const def = defs.get(key);
    if (!def) {
      problems.push(filterMessages.unknownSpec(name.slice("spec.".length)));
      continue;
    }
    if (def.type === "number") {
      if (!end) {
        problems.push(filterMessages.notChoice(def));
        continue;
      }
      const n = readNumber(value);
      if (n === null) continue;
      if (Number.isNaN(n)) {
        problems.push(filterMessages.badNumber(def));
        continue;
      }
      filter.ranges[key] ??= { min: null, max: null };
      (filter.ranges[key] as Range)[end as "min" | "max"] = n;
      continue;
    }
    if (end) {
      problems.push(filterMessages.notRange(def));
      continue;
    }
    if (!def.choices?.includes(value)) {
      problems.push(filterMessages.badChoice(def, value));
      continue;
    }
    const list = filter.choices[key] ?? [];
    if (!list.includes(value)) filter.choices[key] = [...list, value];
  }
  for (const [key, range] of Object.entries(filter.ranges)) {
    const def = defs.get(key) as SpecDef;
    if (range.min !== null && range.max !== null && range.min > range.max) problems.push(filterMessages.emptyRange(def));
  }
  return { filter, problems };
}

/** Fastify's query object (a repeated parameter is an array) as name/value pairs. */
export function queryEntries(query: Record<string, unknown>): [string, string][] {
  return Object.entries(query).flatMap(([name, v]) =>
    (Array.isArray(v) ? v : [v])
      .filter((x): x is string | number => typeof x === "string" || typeof x === "number")
      .map((x): [string, string] => [name, String(x)]),
  );
}

/** How many filters (not the sort) are applied: a value or a range end each. */
export function appliedFilterCount(filter: CatalogueFilter): number {
  const ranges = Object.values(filter.ranges).reduce((n, r) => n + (r.min !== null ? 1 : 0) + (r.max !== null ? 1 : 0), 0);
  return filter.brands.length + Object.values(filter.choices).reduce((n, v) => n + v.length, 0) + ranges;
}

/** The address parameters of a filter, in one order (so equal filters make equal addresses, for the shared cache). */
export function filterParams(filter: CatalogueFilter): [string, string][] {
  const out: [string, string][] = [];
  for (const key of Object.keys(filter.choices).sort()) for (const v of filter.choices[key] ?? []) out.push([`spec.${key}`, v]);
  for (const key of Object.keys(filter.ranges).sort()) {
    const r = filter.ranges[key] as Range;
    if (r.min !== null) out.push([`spec.${key}.min`, String(r.min)]);
    if (r.max !== null) out.push([`spec.${key}.max`, String(r.max)]);
  }
  for (const id of [...filter.brands].sort((a, b) => a - b)) out.push(["brand", String(id)]);
  if (filter.sort) out.push(["sort", filter.sort]);
  return out;
}
