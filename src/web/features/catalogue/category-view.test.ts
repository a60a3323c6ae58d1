import { describe, expect, it } from "vitest";
import { parseCatalogueFilter } from "#shared/catalogue-filters.ts";
import type { Facet } from "#shared/schemas/catalogue.ts";
import { appliedFilters, filteredPath, sortOptions } from "./category-view.ts";

const facets: Facet[] = [
  {
    type: "range",
    param: "spec.power_w",
    label: "Maximum power",
    unit: "W",
    min: 100,
    max: 600,
    count: 13,
    selected: { min: 400, max: null },
  },
  {
    type: "choice",
    param: "spec.cell_type",
    label: "Cell type",
    unit: null,
    options: [
      { value: "mono PERC", label: "mono PERC", count: 5, selected: true },
      { value: "TOPCon", label: "TOPCon", count: 1, selected: false },
    ],
  },
  {
    type: "choice",
    param: "brand",
    label: "Brand",
    unit: null,
    options: [{ value: "2", label: "Kariba Power", count: 2, selected: true }],
  },
];

describe("appliedFilters", () => {
  it("names each filter in force and links the page without it, keeping the rest and the page size", () => {
    const { filter } = parseCatalogueFilter(
      "solar-panels",
      new URLSearchParams("spec.power_w.min=400&spec.cell_type=mono+PERC&brand=2&sort=name"),
    );
    const applied = appliedFilters("/category/solar-panels", filter, facets, [["pageSize", "24"]]);
    expect(applied).toEqual([
      { label: "Maximum power: at least 400 W", without: "/category/solar-panels?spec.cell_type=mono+PERC&brand=2&sort=name&pageSize=24" },
      { label: "Cell type: mono PERC", without: "/category/solar-panels?spec.power_w.min=400&brand=2&sort=name&pageSize=24" },
      {
        label: "Brand: Kariba Power",
        without: "/category/solar-panels?spec.cell_type=mono+PERC&spec.power_w.min=400&sort=name&pageSize=24",
      },
    ]);
    // The filter itself is left as it was.
    expect(filter.brands).toEqual([2]);
  });

  it("says a closed range as from–to", () => {
    const { filter } = parseCatalogueFilter("solar-panels", new URLSearchParams("spec.power_w.min=400&spec.power_w.max=450"));
    const range = { ...facets[0], selected: { min: 400, max: 450 } } as Facet;
    expect(appliedFilters("/c", filter, [range], [])).toEqual([{ label: "Maximum power: 400–450 W", without: "/c" }]);
  });
});

describe("sortOptions", () => {
  it("offers the category's main figure, and price only to those who see prices", () => {
    expect(sortOptions("energy-storage", false).map((o) => o.label)).toEqual([
      "Featured order",
      "Name: A to Z",
      "Name: Z to A",
      "Capacity: low to high",
      "Capacity: high to low",
    ]);
    expect(sortOptions("solar-panels", true).map((o) => o.value)).toEqual([
      "",
      "name",
      "name-desc",
      "power",
      "power-desc",
      "price",
      "price-desc",
    ]);
    expect(sortOptions("accessories", false).map((o) => o.value)).toEqual(["", "name", "name-desc"]);
  });
});

describe("filteredPath", () => {
  it("is the bare path when nothing is kept", () => {
    expect(filteredPath("/category/cabling", { choices: {}, ranges: {}, brands: [], sort: null })).toBe("/category/cabling");
  });
});
