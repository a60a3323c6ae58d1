import { describe, expect, it } from "vitest";
import { NOTES_MAX } from "./schemas/quotations.ts";
import type { SizingAnswer } from "./schemas/sizing.ts";
import { sizingSummary } from "./sizing-summary.ts";

const inStock = { status: "in_stock" as const, branches: [] };

const answer: Omit<SizingAnswer, "summary"> = {
  daily_kwh: 2.2,
  peak_kw: 0.29,
  surge_kw: 0.59,
  backup_hours: 8,
  sun_hours: 6,
  items: [
    { product_id: 1, quantity: 1, role: "inverter", product_name: "Inverter 1.5 kW", key_spec: null, image: "", availability: inStock },
    { product_id: 2, quantity: 2, role: "battery", product_name: "Gel 12 V", key_spec: null, image: "", availability: inStock },
    { product_id: 3, quantity: 4, role: "panel", product_name: "Panel 100 W", key_spec: null, image: "", availability: inStock },
  ],
  checks: [
    { id: "inverter", ok: true, text: "fine" },
    { id: "battery", ok: true, text: "fine" },
    { id: "panels", ok: true, text: "fine" },
  ],
  working: [],
};

describe("sizingSummary", () => {
  it("says what the kit was sized for, in plain lines", () => {
    const text = sizingSummary({ appliances: [{ name: "Fridge", watts: 150, hours_per_day: 10, quantity: 1 }] }, answer);
    expect(text).toBe(
      [
        "Sized with the website's solar calculator.",
        "Appliances: 1 × Fridge (150 W, 10 h a day).",
        "Daily energy 2.2 kWh, peak load 0.29 kW, surge 0.59 kW; 8 h of backup; 6 sun hours a day.",
        "Kit: 1 × Inverter 1.5 kW (inverter); 2 × Gel 12 V (batteries); 4 × Panel 100 W (panels).",
        "Checks: all passed.",
      ].join("\n"),
    );
  });

  it("names the checks that failed, and stays within a quote request's notes however long the list", () => {
    const many = Array.from({ length: 50 }, (_, i) => ({
      name: `Appliance number ${i} with a long name`,
      watts: 100,
      hours_per_day: 2,
      quantity: 1,
    }));
    const text = sizingSummary(
      { appliances: many },
      { ...answer, items: [], checks: [{ id: "inverter", ok: false, text: "No inverter in the catalogue can carry 25 kW." }] },
    );
    expect(text.length).toBeLessThanOrEqual(NOTES_MAX);
    expect(text).toMatch(/; and \d+ more\./);
    expect(text).toContain("Kit: nothing in the catalogue fits.");
    expect(text).toContain("Not passed: No inverter in the catalogue can carry 25 kW.");
  });
});
