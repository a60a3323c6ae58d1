import { describe, expect, it } from "vitest";
import { CATEGORY_SLUGS, type CategorySlug } from "./schemas/catalogue.ts";
import { CATEGORY_SPECS, formatSpec, SPEC_UNKNOWN, specRows, specsFromForm, specsSchemaFor } from "./specs.ts";

const issues = (slug: string, value: unknown) => {
  const parsed = specsSchemaFor(slug).safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
};

describe("CATEGORY_SPECS", () => {
  it("describes every category, each key once, choices only on choice fields", () => {
    expect(Object.keys(CATEGORY_SPECS).sort()).toEqual(Object.keys(CATEGORY_SLUGS).sort());
    for (const defs of Object.values(CATEGORY_SPECS)) {
      expect(new Set(defs.map((d) => d.key)).size).toBe(defs.length);
      for (const d of defs) expect(d.type === "choice").toBe((d.choices?.length ?? 0) > 0);
    }
  });

  it.each<[CategorySlug, string[]]>([
    ["solar-panels", ["power_w", "voc_v", "isc_a", "vmp_v", "imp_a", "efficiency_pct", "cell_type", "dimensions_mm", "weight_kg"]],
    ["hybrid-inverters", ["power_kw", "max_pv_input_w", "mppt_min_v", "mppt_max_v", "mppt_count", "battery_voltage_v", "phase"]],
    ["energy-storage", ["capacity_kwh", "voltage_v", "chemistry", "cycles", "max_discharge_kw", "depth_of_discharge_pct"]],
    ["cabling", ["cross_section_mm2", "length_m", "rating_v", "cable_type"]],
    ["switch-gear", ["current_a", "voltage_v", "poles", "kind"]],
  ])("%s has the keys installers compare", (slug, keys) => {
    expect(CATEGORY_SPECS[slug].map((d) => d.key)).toEqual(expect.arrayContaining(keys));
  });
});

describe("specsSchemaFor", () => {
  it("accepts numbers, choices from the list and text; every key is optional", () => {
    const specs = { power_w: 410, voc_v: 37.5, efficiency_pct: 21, cell_type: "mono PERC", dimensions_mm: "1722 × 1134 × 30" };
    expect(specsSchemaFor("solar-panels").parse(specs)).toEqual(specs);
    expect(specsSchemaFor("solar-panels").parse({})).toEqual({});
    expect(specsSchemaFor("hybrid-inverters").parse({ battery_voltage_v: 48, phase: "three" })).toEqual({
      battery_voltage_v: "48",
      phase: "three",
    });
  });

  it("refuses a string for a number, a choice not in the list and an unknown key, each on its own path", () => {
    expect(issues("solar-panels", { power_w: "410", cell_type: "amorphous", colour: "black" })).toEqual([
      { path: "power_w", message: "Maximum power must be a number (in W)." },
      { path: "cell_type", message: expect.stringContaining("Cell type must be one of: mono PERC, TOPCon") },
      { path: "colour", message: SPEC_UNKNOWN },
    ]);
    expect(issues("energy-storage", { depth_of_discharge_pct: 120 })).toEqual([
      { path: "depth_of_discharge_pct", message: "Depth of discharge must be at most 100 %." },
    ]);
    expect(issues("cabling", "6 mm²")).toHaveLength(1);
    expect(issues("cabling", [1])).toHaveLength(1);
  });

  it("knows no keys for an unknown category", () => {
    expect(issues("toasters", { power_w: 1 })).toEqual([{ path: "power_w", message: SPEC_UNKNOWN }]);
  });
});

describe("reading and showing specifications", () => {
  it("reads a form's text: numbers as numbers, empty fields left out, unreadable numbers kept for the schema to refuse", () => {
    expect(specsFromForm("energy-storage", { capacity_kwh: "5,12", chemistry: "LiFePO4", cycles: "", voltage_v: "abc" })).toEqual({
      capacity_kwh: 5.12,
      chemistry: "LiFePO4",
      voltage_v: "abc",
    });
  });

  it("lists a product's values in its category's order, with units", () => {
    const rows = specRows("hybrid-inverters", { phase: "single", battery_voltage_v: "48", power_kw: 5 });
    expect(rows.map((r) => [r.def.label, r.value])).toEqual([
      ["Rated output", "5 kW"],
      ["Battery voltage", "48 V"],
      ["Phase", "single"],
    ]);
    const [dimensions] = CATEGORY_SPECS["solar-panels"].filter((d) => d.key === "dimensions_mm");
    expect(dimensions && formatSpec(dimensions, "1722 × 1134 × 30")).toBe("1722 × 1134 × 30");
  });
});
