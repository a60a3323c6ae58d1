// @module-tag db: runs on PostgreSQL too (decision 022)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryPage, Facet } from "#shared/schemas/catalogue.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Category filters, facets and sort against the demo catalogue, on PGlite or (DATABASE_URL) PostgreSQL.

let t: TestApp;
let dealer: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  dealer = await t.loginAs("dealer");
});
afterAll(() => t?.close());

const BASE = "/api/products/get-product-by-category";

async function page(category: string, params: [string, string][] = [], headers?: Record<string, string>) {
  const query = new URLSearchParams([["pageSize", "100"], ...params]);
  const res = await t.inject({ method: "GET", url: `${BASE}/${category}?${query}`, headers });
  return { status: res.statusCode, body: res.json() as CategoryPage & { message?: string; issues?: { message: string }[] } };
}

const facet = (body: CategoryPage, param: string) => body.facets.find((f) => f.param === param) as Facet;
const spec = (row: CategoryPage["rows"][number], key: string) => row.specs[key];

describe("GET /api/products/get-product-by-category/{id} with filters", () => {
  it("answers facets from the category's filterable specifications and brands", async () => {
    const { status, body } = await page("solar-panels");
    expect(status).toBe(200);
    expect(body.facets.map((f) => f.param)).toEqual(["spec.power_w", "spec.efficiency_pct", "spec.cell_type", "brand"]);
    const power = facet(body, "spec.power_w");
    expect(power).toMatchObject({ type: "range", label: "Maximum power", unit: "W" });
    const watts = body.rows.map((r) => spec(r, "power_w")).filter((v): v is number => typeof v === "number");
    expect(power.type === "range" && [power.min, power.max, power.count]).toEqual([Math.min(...watts), Math.max(...watts), watts.length]);
  });

  it("counts each choice as the rows it would show, for every facet of every category", async () => {
    for (const category of ["solar-panels", "hybrid-inverters", "energy-storage", "switch-gear", "cabling", "mounting-equipment"]) {
      const { body } = await page(category);
      for (const f of body.facets) {
        if (f.type !== "choice") continue;
        for (const option of f.options) {
          const filtered = await page(category, [[f.param, option.value]]);
          expect(filtered.status).toBe(200);
          expect(filtered.body.count, `${category} ${f.param}=${option.value}`).toBe(option.count);
          expect(filtered.body.rows.length).toBe(option.count);
        }
      }
    }
  });

  it("filters a choice: every row has one of the values, and values of one facet are alternatives", async () => {
    const all = await page("hybrid-inverters");
    const v48 = await page("hybrid-inverters", [["spec.battery_voltage_v", "48"]]);
    expect(v48.body.count).toBeGreaterThan(0);
    expect(v48.body.count).toBeLessThan(all.body.count);
    expect(v48.body.rows.every((r) => String(spec(r, "battery_voltage_v")) === "48")).toBe(true);
    const either = await page("hybrid-inverters", [
      ["spec.battery_voltage_v", "48"],
      ["spec.battery_voltage_v", "24"],
    ]);
    const v24 = await page("hybrid-inverters", [["spec.battery_voltage_v", "24"]]);
    expect(either.body.count).toBe(v48.body.count + v24.body.count);
    // Its own facet keeps counting the other values (it is left out of its own counts), and marks the chosen one.
    const volts = facet(v48.body, "spec.battery_voltage_v");
    expect(volts.type === "choice" && volts.options.find((o) => o.value === "48")).toMatchObject({ selected: true });
    expect(volts.type === "choice" && volts.options.find((o) => o.value === "24")?.count).toBe(v24.body.count);
  });

  it("filters a number range, both ends included, and different facets all apply", async () => {
    const big = await page("solar-panels", [["spec.power_w.min", "400"]]);
    expect(big.body.count).toBeGreaterThan(0);
    expect(big.body.rows.every((r) => Number(spec(r, "power_w")) >= 400)).toBe(true);
    const band = await page("solar-panels", [
      ["spec.power_w.min", "400"],
      ["spec.power_w.max", "450"],
    ]);
    expect(band.body.rows.every((r) => Number(spec(r, "power_w")) >= 400 && Number(spec(r, "power_w")) <= 450)).toBe(true);
    const one = big.body.rows[0];
    const exact = await page("solar-panels", [
      ["spec.power_w.min", String(spec(one!, "power_w"))],
      ["spec.power_w.max", String(spec(one!, "power_w"))],
    ]);
    expect(exact.body.rows.map((r) => r.product_id)).toContain(one?.product_id);

    const cells = facet(big.body, "spec.cell_type");
    const cell = cells.type === "choice" ? cells.options[0] : undefined;
    const both = await page("solar-panels", [
      ["spec.power_w.min", "400"],
      ["spec.cell_type", cell?.value ?? ""],
    ]);
    expect(both.body.count).toBe(cell?.count);
    expect(both.body.rows.every((r) => Number(spec(r, "power_w")) >= 400 && spec(r, "cell_type") === cell?.value)).toBe(true);
    // A range's own facet shows what the other filters leave, with the chosen ends.
    const power = facet(both.body, "spec.power_w");
    expect(power.type === "range" && power.selected).toEqual({ min: 400, max: null });
  });

  it("filters by brand", async () => {
    const { body } = await page("solar-panels");
    const brands = facet(body, "brand");
    expect(brands.type === "choice" && brands.options.length).toBeGreaterThan(1);
    const first = brands.type === "choice" ? brands.options[0] : undefined;
    const one = await page("solar-panels", [["brand", first?.value ?? ""]]);
    expect(one.body.count).toBe(first?.count);
    expect(one.body.rows.every((r) => r.brand_name === first?.label)).toBe(true);
  });

  it("pages through the filtered rows with their count", async () => {
    const all = await page("solar-panels", [["spec.power_w.min", "300"]]);
    const res = await t.inject({ method: "GET", url: `${BASE}/solar-panels?spec.power_w.min=300&page=2&pageSize=2` });
    const second = res.json() as CategoryPage;
    expect(second.count).toBe(all.body.count);
    expect(second.rows.map((r) => r.product_id)).toEqual(all.body.rows.slice(2, 4).map((r) => r.product_id));
  });

  it("sorts by name, by the category's main figure, and for dealers by price", async () => {
    const byName = await page("energy-storage", [["sort", "name"]]);
    const names = byName.body.rows.map((r) => r.product_name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const biggest = await page("energy-storage", [["sort", "power-desc"]]);
    const kwh = biggest.body.rows.map((r) => spec(r, "capacity_kwh")).filter((v) => v !== undefined) as number[];
    expect(kwh).toEqual([...kwh].sort((a, b) => b - a));
    expect(kwh.length).toBeGreaterThan(1);
    const cheapest = await page("energy-storage", [["sort", "price"]], dealer);
    expect(cheapest.status).toBe(200);
    const prices = cheapest.body.rows.map((r) => Number(r.price_usd));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("refuses what it cannot read, saying why", async () => {
    const cases: [string, [string, string][], RegExp][] = [
      ["solar-panels", [["spec.colour", "red"]], /“colour” is not a specification this category can be filtered by/],
      ["solar-panels", [["spec.voc_v.min", "10"]], /“voc_v.min” is not a specification/],
      ["solar-panels", [["spec.power_w", "400"]], /filtered by a range: use spec.power_w.min/],
      ["solar-panels", [["spec.power_w.min", "lots"]], /must be filtered by a number \(in W\)/],
      [
        "solar-panels",
        [
          ["spec.power_w.min", "500"],
          ["spec.power_w.max", "400"],
        ],
        /the lowest value is more than the highest/,
      ],
      ["solar-panels", [["spec.cell_type.min", "1"]], /filtered by its values/],
      ["solar-panels", [["spec.cell_type", "amorphous"]], /“amorphous” is not one of the cell type values/],
      ["solar-panels", [["brand", "SunVolt"]], /A brand is given by its id/],
      ["solar-panels", [["sort", "cheapest"]], /Sort by one of: name, name-desc, power/],
      ["accessories", [["sort", "power"]], /no figure to sort by/],
      ["solar-panels", [["sort", "price"]], /Sorting by price is for signed-in dealers/],
    ];
    for (const [category, params, message] of cases) {
      const { status, body } = await page(category, params);
      expect(status, JSON.stringify(params)).toBe(400);
      expect(body.message).toMatch(message);
    }
  });

  it("keeps the plain answer for a plain address, and ignores other parameters", async () => {
    const plain = await t.inject({ method: "GET", url: `${BASE}/1?page=1&pageSize=5&utm_source=x` });
    expect(plain.statusCode).toBe(200);
    const body = plain.json() as CategoryPage;
    expect(body.rows.length).toBe(5);
    expect(body.rows.map((r) => r.product_id)).toEqual([...body.rows.map((r) => r.product_id)].sort((a, b) => a - b));
  });
});

describe("the catalogue service's category page", () => {
  it("skips the facets for a caller that shows none", async () => {
    const { createCatalogueService } = await import("#server/modules/catalogue/catalogue.service.ts");
    const { DEFAULT_SITE_SETTINGS } = await import("#shared/schemas/settings.ts");
    const catalogue = createCatalogueService(
      t.database.db,
      { get: async () => DEFAULT_SITE_SETTINGS },
      { exchangeRateOn: async () => null },
    );
    const without = await catalogue.productsByCategory(null, 1, { page: 1, pageSize: 5 }, [], { facets: false });
    expect(without.facets).toEqual([]);
    expect(without.rows).toHaveLength(5);
    expect((await catalogue.productsByCategory(null, 1, { page: 1, pageSize: 5 })).facets.length).toBeGreaterThan(0);
  });
});
