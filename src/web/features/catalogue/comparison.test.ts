import { describe, expect, it } from "vitest";
import { compareSelection, comparisonRows } from "./comparison.ts";

const p = (product_id: number, category_slug: string, specs: Record<string, number | string> = {}) => ({
  product_id,
  category_slug,
  specs,
});

describe("compareSelection", () => {
  it("keeps the address's order and the first found product's category; names the others and counts the unknown", () => {
    const found = [p(2, "solar-panels"), p(9, "hybrid-inverters"), p(1, "solar-panels")];
    const s = compareSelection([404, 9, 1, 2], found);
    expect(s.category).toBe("hybrid-inverters");
    expect(s.shown.map((x) => x.product_id)).toEqual([9]);
    expect(s.otherCategory.map((x) => x.product_id)).toEqual([1, 2]);
    expect(s.missing).toBe(1);
    expect(compareSelection([1, 2], found)).toMatchObject({ category: "solar-panels", otherCategory: [], missing: 0 });
  });

  it("finds nothing for no ids or unknown ones", () => {
    expect(compareSelection([], [])).toEqual({ category: null, shown: [], otherCategory: [], missing: 0 });
    expect(compareSelection([5, 6], [])).toEqual({ category: null, shown: [], otherCategory: [], missing: 2 });
  });
});

describe("comparisonRows", () => {
  it("lists the category's specifications in order with units, marks those that differ, leaves out ones nobody has", () => {
    const rows = comparisonRows("solar-panels", [
      { power_w: 410, voc_v: 37.5, cell_type: "mono PERC" },
      { power_w: 450, voc_v: 37.5, cell_type: "mono PERC", weight_kg: 21 },
    ]);
    expect(rows).toEqual([
      { key: "power_w", label: "Maximum power", values: ["410 W", "450 W"], differs: true },
      { key: "voc_v", label: "Open-circuit voltage (Voc)", values: ["37.5 V", "37.5 V"], differs: false },
      { key: "cell_type", label: "Cell type", values: ["mono PERC", "mono PERC"], differs: false },
      // Given for one and not the other: that differs too.
      { key: "weight_kg", label: "Weight", values: [null, "21 kg"], differs: true },
    ]);
  });

  it("marks nothing for one product, and knows no rows of an unknown category", () => {
    expect(comparisonRows("solar-panels", [{ power_w: 410 }])).toEqual([
      { key: "power_w", label: "Maximum power", values: ["410 W"], differs: false },
    ]);
    expect(comparisonRows("nothing", [{ power_w: 410 }])).toEqual([]);
  });
});
