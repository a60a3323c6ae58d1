import { describe, expect, it } from "vitest";
import { appliedFilterCount, filterMessages, filterParams, parseCatalogueFilter, queryEntries } from "./catalogue-filters.ts";

const parse = (slug: string, query: string) => parseCatalogueFilter(slug, new URLSearchParams(query));

describe("parseCatalogueFilter", () => {
  it("reads choices, ranges, brands and the sort, ignoring other parameters and empty values", () => {
    const { filter, problems } = parse(
      "solar-panels",
      "page=2&pageSize=24&spec.cell_type=mono+PERC&spec.cell_type=TOPCon&spec.cell_type=TOPCon&spec.power_w.min=400&spec.power_w.max=&spec.efficiency_pct.max=21,5&brand=3&brand=1&sort=power-desc&utm=x",
    );
    expect(problems).toEqual([]);
    expect(filter).toEqual({
      choices: { cell_type: ["mono PERC", "TOPCon"] },
      ranges: { power_w: { min: 400, max: null }, efficiency_pct: { min: null, max: 21.5 } },
      brands: [3, 1],
      sort: "power-desc",
    });
    expect(appliedFilterCount(filter)).toBe(6);
  });

  it("names what it cannot read, and leaves it out", () => {
    const { filter, problems } = parse(
      "solar-panels",
      "spec.voc_v.min=3&spec.power_w=4&spec.cell_type.min=1&spec.cell_type=amorphous&spec.power_w.min=x&brand=0&sort=up",
    );
    expect(filter).toEqual({ choices: {}, ranges: {}, brands: [], sort: null });
    expect(problems).toHaveLength(7);
    expect(problems[0]).toBe(filterMessages.unknownSpec("voc_v.min"));
    expect(problems).toContain(filterMessages.badBrand);
    expect(problems).toContain(filterMessages.badSort);
    expect(parse("solar-panels", "spec.power_w.min=5&spec.power_w.max=4").problems).toEqual([
      "Maximum power: the lowest value is more than the highest.",
    ]);
    expect(parse("accessories", "sort=power").problems).toEqual([filterMessages.noFigure]);
  });

  it("reads a choice given as a number in a choice's words (battery voltage)", () => {
    expect(parse("hybrid-inverters", "spec.battery_voltage_v=48").filter.choices).toEqual({ battery_voltage_v: ["48"] });
  });

  it("stops reading after the most values an address may carry", () => {
    const many = Array.from({ length: 70 }, (_, i) => `brand=${i + 1}`).join("&");
    const { filter, problems } = parse("solar-panels", many);
    expect(filter.brands).toHaveLength(60);
    expect(problems).toEqual([filterMessages.tooMany]);
  });
});

describe("filterParams", () => {
  it("writes a filter in one order, so equal filters make equal addresses", () => {
    const a = parse("solar-panels", "sort=name&brand=3&brand=1&spec.power_w.min=400&spec.cell_type=TOPCon").filter;
    const b = parse("solar-panels", "spec.cell_type=TOPCon&brand=1&spec.power_w.min=400&brand=3&sort=name").filter;
    expect(new URLSearchParams(filterParams(a)).toString()).toBe("spec.cell_type=TOPCon&spec.power_w.min=400&brand=1&brand=3&sort=name");
    expect(filterParams(b)).toEqual(filterParams(a));
    // What it writes reads back the same.
    expect(parseCatalogueFilter("solar-panels", filterParams(a)).filter).toEqual({ ...a, brands: [1, 3] });
  });
});

describe("queryEntries", () => {
  it("flattens a parsed query's repeated parameters", () => {
    expect(queryEntries({ brand: ["1", "2"], page: 2, "spec.x": "y", skip: undefined })).toEqual([
      ["brand", "1"],
      ["brand", "2"],
      ["page", "2"],
      ["spec.x", "y"],
    ]);
  });
});
