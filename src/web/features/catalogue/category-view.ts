import { type CatalogueFilter, filterParams, MAIN_FIGURE } from "#shared/catalogue-filters.ts";
import { plainFigure } from "#shared/figures.ts";
import type { CategorySlug, Facet } from "#shared/schemas/catalogue.ts";
import { specDefsFor } from "#shared/specs.ts";
import type { AppliedFilter, SortOption } from "./catalogue-filters.tsx";

/** A category page's address for a filter, keeping the page size (the page itself starts again at 1). */
export function filteredPath(path: string, filter: CatalogueFilter, keep: [string, string][] = []): string {
  const search = new URLSearchParams([...filterParams(filter), ...keep]).toString();
  return search ? `${path}?${search}` : path;
}

const clone = (f: CatalogueFilter): CatalogueFilter => ({
  choices: Object.fromEntries(Object.entries(f.choices).map(([k, v]) => [k, [...v]])),
  ranges: Object.fromEntries(Object.entries(f.ranges).map(([k, r]) => [k, { ...r }])),
  brands: [...f.brands],
  sort: f.sort,
});

const figure = plainFigure;

/** Each filter in force, named as a reader would say it ("Maximum power: at least 400 W"), with its removal address. */
export function appliedFilters(path: string, filter: CatalogueFilter, facets: Facet[], keep: [string, string][]): AppliedFilter[] {
  const out: AppliedFilter[] = [];
  for (const f of facets) {
    if (f.type === "choice") {
      for (const o of f.options.filter((option) => option.selected)) {
        const next = clone(filter);
        if (f.param === "brand") next.brands = next.brands.filter((b) => String(b) !== o.value);
        else {
          const key = f.param.slice("spec.".length);
          next.choices[key] = (next.choices[key] ?? []).filter((v) => v !== o.value);
        }
        out.push({ label: `${f.label}: ${o.label}`, without: filteredPath(path, next, keep) });
      }
      continue;
    }
    const { min, max } = f.selected;
    if (min === null && max === null) continue;
    const unit = f.unit ? ` ${f.unit}` : "";
    const said =
      min !== null && max !== null
        ? `${figure(min)}–${figure(max)}${unit}`
        : min !== null
          ? `at least ${figure(min)}${unit}`
          : `at most ${figure(max as number)}${unit}`;
    const next = clone(filter);
    delete next.ranges[f.param.slice("spec.".length)];
    out.push({ label: `${f.label}: ${said}`, without: filteredPath(path, next, keep) });
  }
  return out;
}

/** The sorts a category offers: by name, by its main figure ("Capacity: low to high"), and by price to those who see prices. */
export function sortOptions(slug: CategorySlug, withPrices: boolean): SortOption[] {
  const key = MAIN_FIGURE[slug];
  const def = key ? specDefsFor(slug).find((d) => d.key === key) : undefined;
  const options: SortOption[] = [
    { value: "", label: "Featured order" },
    { value: "name", label: "Name: A to Z" },
    { value: "name-desc", label: "Name: Z to A" },
  ];
  if (def) {
    const name = def.label.replace(/^Maximum power$/, "Power").replace(/^Rated output$/, "Power");
    options.push({ value: "power", label: `${name}: low to high` }, { value: "power-desc", label: `${name}: high to low` });
  }
  if (withPrices) options.push({ value: "price", label: "Price: low to high" }, { value: "price-desc", label: "Price: high to low" });
  return options;
}
