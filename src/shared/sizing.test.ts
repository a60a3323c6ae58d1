import { describe, expect, it } from "vitest";
import { sizingRequestSchema } from "./schemas/sizing.ts";
import { type ApplianceInput, COMMON_APPLIANCES, planStrings, type SizingProduct, sizeSystem, surgeFactor } from "./sizing.ts";

/*
 * A small fake catalogue. Panel A: 450 W, Voc 49.5 V, Vmp 41.5 V. At the default coldest morning (5 °C) and
 * −0.28 %/°C, Voc × (1 + (−0.0028) × (5 − 25)) = 49.5 × 1.056 = 52.272 V per panel.
 */
const panel = (id: number, power_w: number, voc_v: number, vmp_v: number, price: number): SizingProduct => ({
  id,
  name: `Panel ${power_w} W`,
  category: "solar-panels",
  specs: { power_w, voc_v, isc_a: 11.6, vmp_v, imp_a: 10.85, efficiency_pct: 21 },
  price,
});
const inverter = (id: number, power_kw: number, specs: Record<string, unknown>, price: number): SizingProduct => ({
  id,
  name: `Inverter ${power_kw} kW`,
  category: "hybrid-inverters",
  specs: { power_kw, phase: "single", ...specs },
  price,
});
const P450 = panel(1, 450, 49.5, 41.5, 100);
const P550 = panel(2, 550, 49.9, 42.0, 120);
const I3 = inverter(11, 3, { max_pv_input_w: 4000, mppt_min_v: 120, mppt_max_v: 450, mppt_count: 1, battery_voltage_v: 24 }, 500);
const I5 = inverter(12, 5, { max_pv_input_w: 6500, mppt_min_v: 120, mppt_max_v: 500, mppt_count: 2, battery_voltage_v: 48 }, 800);
const I8 = inverter(13, 8, { max_pv_input_w: 10000, mppt_min_v: 150, mppt_max_v: 500, mppt_count: 2, battery_voltage_v: 48 }, 1300);
const I15x3 = inverter(
  14,
  15,
  { phase: "three", max_pv_input_w: 20000, mppt_min_v: 160, mppt_max_v: 800, mppt_count: 2, battery_voltage_v: 48 },
  3000,
);
const LFP: SizingProduct = {
  id: 21,
  name: "LiFePO4 5.12 kWh",
  category: "energy-storage",
  specs: { capacity_kwh: 5.12, voltage_v: 51.2, chemistry: "LiFePO4", cycles: 6000, max_discharge_kw: 5.12, depth_of_discharge_pct: 90 },
  price: 1200,
};
const GEL: SizingProduct = {
  id: 22,
  name: "Gel 12 V 100 Ah",
  category: "energy-storage",
  specs: { capacity_kwh: 1.2, voltage_v: 12, chemistry: "lead-acid gel", cycles: 1200, max_discharge_kw: 0.6, depth_of_discharge_pct: 50 },
  price: 180,
};
const CATALOGUE = [P450, P550, I3, I5, I8, I15x3, LFP, GEL];

const SMALL_HOME: ApplianceInput[] = [
  { name: "Fridge", watts: 150, hours_per_day: 10, quantity: 1 },
  { name: "LED light", watts: 10, hours_per_day: 5, quantity: 6 },
  { name: "TV", watts: 80, hours_per_day: 4, quantity: 1 },
];

const item = (r: ReturnType<typeof sizeSystem>, role: string) => r.items.find((i) => i.role === role);
const check = (r: ReturnType<typeof sizeSystem>, id: string) => r.checks.find((c) => c.id === id);

describe("sizeSystem", () => {
  it("sizes a small home: fridge, six lights, TV, 8 h backup", () => {
    const r = sizeSystem({ appliances: SMALL_HOME, backup_hours: 8 }, CATALOGUE);
    // Daily: 150 × 10 + 6 × 10 × 5 + 80 × 4 = 1500 + 300 + 320 = 2120 Wh = 2.12 kWh.
    // Peak: 150 + 60 + 80 = 290 W; surge (fridge 3×): 450 + 60 + 80 = 590 W.
    expect(r).toMatchObject({ daily_kwh: 2.12, peak_kw: 0.29, surge_kw: 0.59 });
    // Inverter: max(0.29 × 1.25 = 0.3625, 0.59 ÷ 2 = 0.295) = 0.3625 kW → the 3 kW (24 V) is the smallest.
    expect(item(r, "inverter")).toEqual({ product_id: 11, quantity: 1, role: "inverter" });
    // Batteries: 2.12 × 8 / 24 = 0.7067 kWh. The 51.2 V LiFePO4 can't make 24 V; the 12 V gel can, 2 in series.
    // Gel: 0.7067 ÷ 0.5 ÷ 0.9 = 1.5704 kWh; a string of 2 holds 2.4 kWh → 1 string; peak 0.29 kW ≤ 2 × 0.6 → 2 batteries.
    expect(item(r, "battery")).toEqual({ product_id: 22, quantity: 2, role: "battery" });
    // Panels: 2120 ÷ (6 × 0.8) = 441.67 W → ⌈441.67 ÷ 450⌉ = 1 panel; but the MPPT minimum 120 V needs
    // ⌈120 ÷ 41.5⌉ = 3 in a string (3 × 52.272 = 156.8 V ≤ 450 V). 3 × 450 W: 1350 W ≤ 4000 W, cost 300.
    // The 550 W panel also needs ⌈120 ÷ 42⌉ = 3, cost 360 → the 450 W panel, 1 string of 3.
    expect(item(r, "panel")).toEqual({ product_id: 1, quantity: 3, role: "panel" });
    expect(r.checks.every((c) => c.ok)).toBe(true);
    expect(check(r, "panels")?.text).toContain("1 string of 3: 156.8 V");
    expect(check(r, "battery")?.text).toContain("2 in series × 1 in parallel");
    expect(r.working[0]).toBe("Your appliances use 2.12 kWh a day (each one's watts × hours a day × quantity, added up).");
  });

  it("lets the borehole pump's starting surge decide a bigger inverter", () => {
    const appliances = [...SMALL_HOME, { name: "Borehole pump", watts: 2000, hours_per_day: 3, quantity: 1 }];
    const r = sizeSystem({ appliances, backup_hours: 8 }, CATALOGUE);
    // Daily: 2120 + 2000 × 3 = 8120 Wh. Peak: 290 + 2000 = 2290 W. Surge: 590 + 3 × 2000 = 6590 W.
    expect(r).toMatchObject({ daily_kwh: 8.12, peak_kw: 2.29, surge_kw: 6.59 });
    // Margin: 2.29 × 1.25 = 2.8625 kW (the 3 kW would do); surge: 6.59 ÷ 2 = 3.295 kW → the 5 kW, 48 V.
    expect(item(r, "inverter")?.product_id).toBe(12);
    expect(r.working.some((w) => w.includes("(the surge decides)"))).toBe(true);
    // Batteries: 8.12 × 8 / 24 = 2.7067 kWh. LiFePO4: ÷ 0.9 ÷ 0.9 = 3.3416 kWh → 1 × 5.12 kWh, cost 1200.
    // Gel: ÷ 0.5 ÷ 0.9 = 6.0148 kWh, 4 in series = 4.8 kWh a string → 2 strings = 8 batteries, cost 1440.
    expect(item(r, "battery")).toEqual({ product_id: 21, quantity: 1, role: "battery" });
    // Panels: 8120 ÷ 4.8 = 1691.67 W → 4 × 450 W (cost 400) or 4 × 550 W (cost 480). 4 × 52.272 = 209.1 V ≤ 500,
    // 4 × 41.5 = 166 V ≥ 120 → 1 string of 4, 1800 W ≤ 6500 W.
    expect(item(r, "panel")).toEqual({ product_id: 1, quantity: 4, role: "panel" });
    expect(r.checks.every((c) => c.ok)).toBe(true);
  });

  it("says plainly when no inverter can carry the load", () => {
    const appliances: ApplianceInput[] = [
      { name: "Geyser", watts: 3000, hours_per_day: 2, quantity: 1 },
      { name: "Stove", watts: 3000, hours_per_day: 1, quantity: 1 },
      { name: "Kettle", watts: 2000, hours_per_day: 0.25, quantity: 1 },
      { name: "Iron", watts: 1000, hours_per_day: 0.5, quantity: 1 },
      { name: "Microwave", watts: 700, hours_per_day: 0.25, quantity: 1 },
      { name: "LED light", watts: 10, hours_per_day: 5, quantity: 6 },
      { name: "TV", watts: 80, hours_per_day: 4, quantity: 1 },
      { name: "Fan", watts: 80, hours_per_day: 8, quantity: 1 },
    ];
    const r = sizeSystem({ appliances, backup_hours: 4 }, CATALOGUE);
    // Peak: 3000 + 3000 + 2000 + 1000 + 700 + 60 + 80 + 80 = 9920 W; × 1.25 = 12.4 kW > 8 kW, the largest
    // single-phase inverter (the 15 kW three-phase one is not offered to a home).
    expect(r.peak_kw).toBe(9.92);
    expect(r.items).toEqual([]);
    expect(check(r, "inverter")).toEqual({
      id: "inverter",
      ok: false,
      text: "No inverter in the catalogue can carry 12.4 kW: split the load or ask us for a three-phase system.",
    });
    expect(check(r, "battery")?.ok).toBe(false);
    expect(check(r, "panels")?.ok).toBe(false);
  });

  describe("a string too long for a cold morning", () => {
    // 850 W for 24 h = 20.4 kWh; 20400 ÷ 4.8 = 4250 W → ⌈4250 ÷ 450⌉ = 10 panels. At 25 °C 10 × 49.5 = 495 V
    // would pass a 500 V MPPT, but at 5 °C 10 × 52.272 = 522.7 V doesn't: at most ⌊500 ÷ 52.272⌋ = 9 a string.
    const input = { appliances: [{ name: "Cold room", watts: 850, hours_per_day: 24, quantity: 1, surge_factor: 1 }], backup_hours: 2 };

    it("is split into two strings when the inverter has two MPPT inputs", () => {
      const r = sizeSystem(input, [P450, I5, LFP]);
      expect(item(r, "panel")).toEqual({ product_id: 1, quantity: 10, role: "panel" });
      // 2 strings of 5: 5 × 52.272 = 261.4 V ≤ 500 V; 5 × 41.5 = 207.5 V ≥ 120 V; 4500 W ≤ 6500 W.
      expect(check(r, "panels")).toMatchObject({ ok: true });
      expect(check(r, "panels")?.text).toContain("2 strings of 5: 261.4 V");
    });

    it("fails with the reason when the inverter takes one string", () => {
      const oneMppt = inverter(
        15,
        5,
        { max_pv_input_w: 6500, mppt_min_v: 120, mppt_max_v: 500, mppt_count: 1, battery_voltage_v: 48 },
        800,
      );
      const r = sizeSystem(input, [P450, oneMppt, LFP]);
      expect(item(r, "panel")).toBeUndefined();
      expect(check(r, "panels")).toEqual({
        id: "panels",
        ok: false,
        text:
          "Panel 450 W on Inverter 5 kW: 10 panels need 2 strings of at most 9 (a 5 °C morning raises each panel's Voc from 49.5 V " +
          "to 52.27 V, and the MPPT maximum is 500 V), but the inverter takes 1 string (1 MPPT input). Ask us for a larger inverter or a different panel.",
      });
      // The same inverter taking two strings on its one MPPT input carries them.
      const parallel = { ...oneMppt, specs: { ...oneMppt.specs, strings_per_mppt: 2 } };
      expect(check(sizeSystem(input, [P450, parallel, LFP]), "panels")?.ok).toBe(true);
    });

    it("fails when the array is more than the inverter's PV input", () => {
      const small = inverter(16, 5, { max_pv_input_w: 4000, mppt_min_v: 120, mppt_max_v: 500, mppt_count: 2, battery_voltage_v: 48 }, 800);
      const r = sizeSystem(input, [P450, small, LFP]);
      expect(check(r, "panels")?.text).toContain("10 panels make 4.5 kW, more than the inverter's 4 kW PV input");
    });
  });

  it("takes a panel's Voc coefficient and the settings' cold morning", () => {
    const p = { power_w: 450, voc_v: 49.5, isc_a: 11.6, vmp_v: 41.5, imp_a: 10.85, efficiency_pct: 21 };
    const inv = {
      power_kw: 5,
      max_pv_input_w: 6500,
      mppt_min_v: 120,
      mppt_max_v: 500,
      mppt_count: 1,
      battery_voltage_v: 48,
      phase: "single",
    } as const;
    // At 25 °C nothing changes: ⌊500 ÷ 49.5⌋ = 10 panels fit one string.
    expect(planStrings(p, 10, inv, { coldest_c: 25, voc_coefficient_pct: -0.28 }).layout).toEqual({
      strings: 1,
      per_string: 10,
      panels: 10,
    });
    // −0.4 %/°C at −5 °C: 49.5 × 1.12 = 55.44 V → ⌊500 ÷ 55.44⌋ = 9.
    expect(planStrings({ ...p, voc_coefficient_pct: -0.4 }, 9, inv, { coldest_c: -5, voc_coefficient_pct: -0.28 }).layout?.per_string).toBe(
      9,
    );
  });

  it("leaves out products with incomplete specs and counts by installed kWh without prices", () => {
    const unpriced = CATALOGUE.map((p) => ({ ...p, price: null }));
    const broken: SizingProduct = { id: 99, name: "Mystery battery", category: "energy-storage", specs: { capacity_kwh: "lots" } };
    const appliances = [...SMALL_HOME, { name: "Borehole pump", watts: 2000, hours_per_day: 3, quantity: 1 }];
    const r = sizeSystem({ appliances, backup_hours: 8 }, [...unpriced, broken]);
    // LiFePO4 1 × 5.12 kWh installed against gel 8 × 1.2 = 9.6 kWh.
    expect(item(r, "battery")).toEqual({ product_id: 21, quantity: 1, role: "battery" });
    expect(r.working).toContain("Left out for incomplete specifications: Mystery battery.");
  });
});

describe("specifications as the catalogue stores them", () => {
  it("reads an inverter's battery voltage stored as its choice's word (\"24\")", () => {
    const stored: SizingProduct = { ...I3, specs: { ...I3.specs, battery_voltage_v: "24" } };
    const r = sizeSystem({ appliances: SMALL_HOME, backup_hours: 8 }, [P450, stored, GEL]);
    // The same kit as the small home's with the number 24: the 3 kW inverter, 2 gel batteries in series.
    expect(item(r, "inverter")).toEqual({ product_id: 11, quantity: 1, role: "inverter" });
    expect(item(r, "battery")).toEqual({ product_id: 22, quantity: 2, role: "battery" });
    expect(check(r, "inverter")?.text).toContain("24 V battery bank");
  });
});

describe("the common appliances", () => {
  it("start motors at 3× and the rest at 1×", () => {
    expect(COMMON_APPLIANCES.find((a) => a.name === "Fridge")).toMatchObject({ watts: 150, hours_per_day: 10, surge_factor: 3 });
    for (const a of COMMON_APPLIANCES) expect(surgeFactor({ ...a, surge_factor: undefined, quantity: 1 })).toBe(a.surge_factor);
  });
});

describe("sizingRequestSchema", () => {
  const ok = { appliances: [{ name: "Fridge", watts: 150, hours_per_day: 10, quantity: 1 }], backup_hours: 8 };

  it("accepts a plain request, with or without sun hours", () => {
    expect(sizingRequestSchema.safeParse(ok).success).toBe(true);
    expect(sizingRequestSchema.safeParse({ ...ok, sun_hours: 5.5 }).success).toBe(true);
  });

  it("refuses negative watts in plain English", () => {
    const r = sizingRequestSchema.safeParse({ ...ok, appliances: [{ ...ok.appliances[0], watts: -150 }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ["appliances", 0, "watts"],
      message: "The power of an appliance must be more than zero.",
    });
  });

  it("refuses 60 appliances", () => {
    const r = sizingRequestSchema.safeParse({ ...ok, appliances: Array.from({ length: 60 }, () => ok.appliances[0]) });
    expect(r.error?.issues[0]).toMatchObject({ path: ["appliances"], message: "List at most 50 appliances." });
  });

  it("refuses no appliances, zero backup, a day longer than 24 h and a fractional quantity", () => {
    for (const [bad, message] of [
      [{ ...ok, appliances: [] }, "List at least one appliance."],
      [{ ...ok, backup_hours: 0 }, "The hours of backup must be more than zero."],
      [{ ...ok, appliances: [{ ...ok.appliances[0], hours_per_day: 25 }] }, "The hours a day an appliance runs can be at most 24 hours."],
      [{ ...ok, appliances: [{ ...ok.appliances[0], quantity: 1.5 }] }, "Enter how many of each appliance as a whole number."],
    ] as const) {
      expect(sizingRequestSchema.safeParse(bad).error?.issues[0]?.message).toBe(message);
    }
  });
});
