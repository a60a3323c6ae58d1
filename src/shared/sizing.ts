/**
 * System sizing: from a list of appliances and the hours of backup wanted, the daily energy, the peak
 * and starting loads, and the catalogue's inverter, batteries and panels that carry them, with the checks a
 * technician would make and the arithmetic in plain English. A pure module: plain numbers (no money here), rounded
 * only where shown; no zod (the request schema is in ./schemas/sizing.ts) so the browser can run it too.
 *
 * The rules, in one place:
 * - Inverter: single-phase (homes are supplied single-phase); rated power ≥ peak × margin (1.25) and its surge
 *   rating (2 × rated power for a few seconds) ≥ the starting surge, i.e. rated ≥ surge / 2. Smallest adequate,
 *   then 48 V for systems needing more than 3 kW, then cheapest.
 * - Batteries: the backup carries the day's average load (daily kWh / 24) for the backup hours, divided by the
 *   depth of discharge and the round-trip efficiency. Batteries whose nominal voltage divides the inverter's battery
 *   voltage (12 V → 2 in series on 24 V, 4 on 48 V), enough parallel strings for that energy and for the peak load's
 *   discharge; cheapest adequate (else least installed kWh).
 * - Panels: array W = daily Wh / (sun hours × performance ratio), count = ⌈array W / panel W⌉. Strings of n panels
 *   with n × Voc on the coldest morning ≤ the MPPT maximum and n × Vmp ≥ the MPPT minimum, equal strings, at most
 *   mppt_count × strings_per_mppt (1 unless the inverter says) of them, array ≤ max_pv_input_w. Cheapest that fits.
 */

/** Typical sun hours a day in Zimbabwe (by region); the settings carry the region's value, a request may override. */
export const SUN_HOURS_RANGE = { min: 5.5, max: 6.5 } as const;

export type SizingSettings = {
  /** Peak-sun hours a day where the system stands (5.5–6.5 in Zimbabwe). */
  sun_hours: number;
  /** What reaches the loads of what the panels make at rated power: heat, dust, wiring, conversion (0.8). */
  performance_ratio: number;
  /** Inverter rated power ≥ peak load × this (1.25). */
  inverter_margin: number;
  /** An inverter delivers this × its rated power for a few seconds, to start motors (2). */
  inverter_surge_ratio: number;
  /** Above this required rating (kW), prefer a 48 V inverter among equals (3). */
  large_system_kw: number;
  /** Energy out of the battery over energy put in, through the inverter (0.9). */
  battery_round_trip: number;
  /** The coldest morning the panels see, °C (5 on Zimbabwe's highveld in winter). */
  coldest_c: number;
  /** A panel's Voc temperature coefficient when its specs give none, % per °C (−0.28). */
  voc_coefficient_pct: number;
};

export const DEFAULT_SIZING_SETTINGS: SizingSettings = {
  sun_hours: 6.0,
  performance_ratio: 0.8,
  inverter_margin: 1.25,
  inverter_surge_ratio: 2,
  large_system_kw: 3,
  battery_round_trip: 0.9,
  coldest_c: 5,
  voc_coefficient_pct: -0.28,
};

export type ApplianceInput = {
  name: string;
  watts: number;
  hours_per_day: number;
  quantity: number;
  /** Starting current over running current; when absent, taken from the name (fridges, freezers, pumps: 3). */
  surge_factor?: number;
};

export type SizingInput = { appliances: ApplianceInput[]; backup_hours: number; sun_hours?: number };

export type PanelSpecs = {
  power_w: number;
  voc_v: number;
  isc_a: number;
  vmp_v: number;
  imp_a: number;
  efficiency_pct: number;
  /** % per °C, negative; the settings' value when absent. */
  voc_coefficient_pct?: number;
};

export type InverterSpecs = {
  power_kw: number;
  max_pv_input_w: number;
  mppt_min_v: number;
  mppt_max_v: number;
  mppt_count: number;
  /** Parallel strings one MPPT input takes (1 when absent). */
  strings_per_mppt?: number;
  battery_voltage_v: 12 | 24 | 48;
  phase: "single" | "three";
};

export type BatteryChemistry = "LiFePO4" | "lead-acid gel" | "AGM";

export type BatterySpecs = {
  capacity_kwh: number;
  voltage_v: number;
  chemistry: BatteryChemistry;
  cycles: number;
  max_discharge_kw: number;
  depth_of_discharge_pct: number;
};

export type SizingCategory = "solar-panels" | "hybrid-inverters" | "energy-storage";

/** A catalogue product as the sizing reads it: specs as stored (checked here), an optional price to break ties. */
export type SizingProduct = {
  id: number;
  name: string;
  category: SizingCategory;
  specs: Record<string, unknown>;
  price?: number | null;
};

export type SizingRole = "inverter" | "battery" | "panel";
export type SizingItem = { product_id: number; quantity: number; role: SizingRole };
export type SizingCheck = { id: "inverter" | "battery" | "panels"; ok: boolean; text: string };

export type SizingResult = {
  daily_kwh: number;
  peak_kw: number;
  surge_kw: number;
  items: SizingItem[];
  checks: SizingCheck[];
  working: string[];
};

/** Household appliances with typical running watts, hours a day (a fridge's 10 h is its compressor's duty) and starting surge. */
export const COMMON_APPLIANCES: readonly Required<Omit<ApplianceInput, "quantity">>[] = [
  { name: "Fridge", watts: 150, hours_per_day: 10, surge_factor: 3 },
  { name: "Chest freezer", watts: 120, hours_per_day: 10, surge_factor: 3 },
  { name: "LED light", watts: 10, hours_per_day: 5, surge_factor: 1 },
  { name: "TV", watts: 80, hours_per_day: 5, surge_factor: 1 },
  { name: "Satellite decoder", watts: 20, hours_per_day: 5, surge_factor: 1 },
  { name: "Wi-Fi router", watts: 10, hours_per_day: 24, surge_factor: 1 },
  { name: "Laptop", watts: 60, hours_per_day: 6, surge_factor: 1 },
  { name: "Phone charger", watts: 10, hours_per_day: 3, surge_factor: 1 },
  { name: "Fan", watts: 60, hours_per_day: 8, surge_factor: 1 },
  { name: "Borehole pump", watts: 750, hours_per_day: 3, surge_factor: 3 },
  { name: "Microwave", watts: 1200, hours_per_day: 0.25, surge_factor: 1 },
  { name: "Iron", watts: 1000, hours_per_day: 0.5, surge_factor: 1 },
  { name: "Kettle", watts: 2000, hours_per_day: 0.25, surge_factor: 1 },
];

/** Motor loads start at about three times their running power; anything else at 1×. */
const MOTOR_NAME = /fridge|freezer|pump|compressor|air ?con|motor/i;

/** The surge factor an appliance starts with: its own, else 3 for a motor load by name, else 1. */
export function surgeFactor(a: ApplianceInput): number {
  if (a.surge_factor !== undefined && a.surge_factor >= 1) return a.surge_factor;
  return MOTOR_NAME.test(a.name) ? 3 : 1;
}

/** 4.3599999 → "4.36", 12.4 → "12.4", 3 → "3": a figure as the working shows it. */
export function shown(value: number, places = 2): string {
  return String(round(value, places));
}

function round(value: number, places: number): number {
  const f = 10 ** places;
  return Math.round((value + Number.EPSILON) * f) / f;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const pos = (v: unknown): number | null => {
  const n = num(v);
  return n !== null && n > 0 ? n : null;
};

function panelSpecs(s: Record<string, unknown>): PanelSpecs | null {
  const power_w = pos(s.power_w);
  const voc_v = pos(s.voc_v);
  const vmp_v = pos(s.vmp_v);
  if (power_w === null || voc_v === null || vmp_v === null) return null;
  const coef = num(s.voc_coefficient_pct);
  return {
    power_w,
    voc_v,
    vmp_v,
    isc_a: num(s.isc_a) ?? 0,
    imp_a: num(s.imp_a) ?? 0,
    efficiency_pct: num(s.efficiency_pct) ?? 0,
    ...(coef !== null && coef < 0 ? { voc_coefficient_pct: coef } : {}),
  };
}

function inverterSpecs(s: Record<string, unknown>): InverterSpecs | null {
  const power_kw = pos(s.power_kw);
  const max_pv_input_w = pos(s.max_pv_input_w);
  const mppt_min_v = pos(s.mppt_min_v);
  const mppt_max_v = pos(s.mppt_max_v);
  const mppt_count = pos(s.mppt_count);
  // A choice of the inverters' specifications (#shared/specs.ts): stored as its word, "48"; a number is taken too.
  const battery_voltage_v = Number(s.battery_voltage_v);
  if (power_kw === null || max_pv_input_w === null || mppt_min_v === null || mppt_max_v === null || mppt_count === null) return null;
  if (battery_voltage_v !== 12 && battery_voltage_v !== 24 && battery_voltage_v !== 48) return null;
  return {
    power_kw,
    max_pv_input_w,
    mppt_min_v,
    mppt_max_v,
    mppt_count: Math.floor(mppt_count),
    strings_per_mppt: Math.max(1, Math.floor(pos(s.strings_per_mppt) ?? 1)),
    battery_voltage_v,
    phase: s.phase === "three" ? "three" : "single",
  };
}

/** Usable share of a battery's capacity when its specs give none. */
const DEFAULT_DOD: Record<BatteryChemistry, number> = { LiFePO4: 90, "lead-acid gel": 50, AGM: 50 };

function batterySpecs(s: Record<string, unknown>): BatterySpecs | null {
  const capacity_kwh = pos(s.capacity_kwh);
  const voltage_v = pos(s.voltage_v);
  const chemistry = s.chemistry;
  if (capacity_kwh === null || voltage_v === null) return null;
  if (chemistry !== "LiFePO4" && chemistry !== "lead-acid gel" && chemistry !== "AGM") return null;
  const dod = pos(s.depth_of_discharge_pct);
  return {
    capacity_kwh,
    voltage_v,
    chemistry,
    cycles: num(s.cycles) ?? 0,
    max_discharge_kw: pos(s.max_discharge_kw) ?? Number.POSITIVE_INFINITY,
    depth_of_discharge_pct: dod !== null && dod <= 100 ? dod : DEFAULT_DOD[chemistry],
  };
}

/** A battery's nominal system voltage: 12.8 V → 12, 25.6 V → 24, 51.2 V → 48. */
export function nominalVoltage(voltage_v: number): number {
  return 12 * Math.max(1, Math.round(voltage_v / 12));
}

/** Total cost when priced (unpriced sort after priced), for "cheapest adequate". */
function cost(price: number | null | undefined, quantity: number): number {
  return price !== null && price !== undefined && price >= 0 ? price * quantity : Number.POSITIVE_INFINITY;
}

type Priced<S> = { product: SizingProduct; specs: S };

type Layout = { strings: number; per_string: number; panels: number };
type PanelPlan = Priced<PanelSpecs> & { count: number; layout: Layout | null; reason: string; text: string };

/** The string layout of `count` panels (or a few more, to reach the MPPT minimum or equal strings) on `inv`. */
export function planStrings(
  panel: PanelSpecs,
  count: number,
  inv: InverterSpecs,
  settings: Pick<SizingSettings, "coldest_c" | "voc_coefficient_pct">,
): { layout: Layout | null; reason: string; text: string } {
  const coef = panel.voc_coefficient_pct ?? settings.voc_coefficient_pct;
  const coldVoc = panel.voc_v * (1 + (coef / 100) * (settings.coldest_c - 25));
  const maxPer = Math.floor(inv.mppt_max_v / coldVoc);
  const minPer = Math.ceil(inv.mppt_min_v / panel.vmp_v);
  const cold = `a ${shown(settings.coldest_c, 1)} °C morning raises each panel's Voc from ${shown(panel.voc_v)} V to ${shown(coldVoc)} V`;
  if (maxPer < 1 || minPer > maxPer) {
    return {
      layout: null,
      reason: `no string fits the inverter's ${shown(inv.mppt_min_v)}–${shown(inv.mppt_max_v)} V MPPT window: at least ${minPer} panels to reach the minimum, at most ${Math.max(0, maxPer)} under the maximum (${cold})`,
      text: "",
    };
  }
  const strings = Math.ceil(Math.max(count, minPer) / maxPer);
  const perString = Math.max(minPer, Math.ceil(count / strings));
  const panels = strings * perString;
  const inputs = inv.mppt_count * (inv.strings_per_mppt ?? 1);
  const power = panels * panel.power_w;
  const layout = { strings, per_string: perString, panels };
  const text = `${strings} string${strings === 1 ? "" : "s"} of ${perString}: ${shown(perString * coldVoc, 1)} V on the coldest morning (${cold}; maximum ${shown(inv.mppt_max_v)} V), ${shown(perString * panel.vmp_v, 1)} V working (minimum ${shown(inv.mppt_min_v)} V)`;
  if (strings > inputs) {
    return {
      layout: null,
      reason: `${panels} panels need ${strings} strings of at most ${maxPer} (${cold}, and the MPPT maximum is ${shown(inv.mppt_max_v)} V), but the inverter takes ${inputs} string${inputs === 1 ? "" : "s"} (${inv.mppt_count} MPPT input${inv.mppt_count === 1 ? "" : "s"})`,
      text,
    };
  }
  if (power > inv.max_pv_input_w) {
    return {
      layout: null,
      reason: `${panels} panels make ${shown(power / 1000)} kW, more than the inverter's ${shown(inv.max_pv_input_w / 1000)} kW PV input`,
      text,
    };
  }
  return { layout, reason: "", text };
}

/** ["Fridge", "Pump", "Fan"] → "Fridge, Pump and Fan". */
const listed = (names: string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Sizes a hybrid system for `input` from `products` (see the rules at the top of this module). Products whose specs
 * are incomplete are left out and named in the working; a part the catalogue can't supply has no item and a failing
 * check that says why.
 */
export function sizeSystem(input: SizingInput, products: readonly SizingProduct[], settings: Partial<SizingSettings> = {}): SizingResult {
  const s: SizingSettings = { ...DEFAULT_SIZING_SETTINGS, ...settings };
  const sunHours = input.sun_hours ?? s.sun_hours;
  const working: string[] = [];
  const checks: SizingCheck[] = [];
  const items: SizingItem[] = [];

  // Loads: watt-hours and watts first (whole numbers for whole inputs), kWh and kW at the end.
  let dailyWh = 0;
  let peakW = 0;
  let surgeW = 0;
  for (const a of input.appliances) {
    dailyWh += a.watts * a.hours_per_day * a.quantity;
    peakW += a.watts * a.quantity;
    surgeW += a.watts * a.quantity * surgeFactor(a);
  }
  const daily_kwh = round(dailyWh / 1000, 2);
  const peak_kw = round(peakW / 1000, 2);
  const surge_kw = round(surgeW / 1000, 2);
  const motors = input.appliances.filter((a) => surgeFactor(a) > 1).map((a) => a.name);
  working.push(
    `Your appliances use ${shown(dailyWh / 1000)} kWh a day (each one's watts × hours a day × quantity, added up).`,
    `All on at once they draw ${shown(peakW / 1000)} kW (the peak load).`,
    motors.length
      ? `Starting ${listed(motors)} draws about ${shown(Math.max(...input.appliances.map(surgeFactor)))} times the running power for a moment, so the surge is ${shown(surgeW / 1000)} kW.`
      : `Nothing on the list is a motor load, so the surge is the peak load, ${shown(surgeW / 1000)} kW.`,
  );

  const skipped: string[] = [];
  const parse = <S>(category: SizingCategory, read: (s: Record<string, unknown>) => S | null): Priced<S>[] =>
    products
      .filter((p) => p.category === category)
      .flatMap((p) => {
        const specs = read(p.specs);
        if (specs === null) skipped.push(p.name);
        return specs === null ? [] : [{ product: p, specs }];
      });
  const inverters = parse("hybrid-inverters", inverterSpecs);
  const batteries = parse("energy-storage", batterySpecs);
  const panels = parse("solar-panels", panelSpecs);
  if (skipped.length) working.push(`Left out for incomplete specifications: ${skipped.join(", ")}.`);

  // Inverter.
  const byMargin = (peakW / 1000) * s.inverter_margin;
  const bySurge = surgeW / 1000 / s.inverter_surge_ratio;
  const neededKw = Math.max(byMargin, bySurge);
  const large = neededKw > s.large_system_kw;
  working.push(
    `The inverter must carry the peak with a ${shown((s.inverter_margin - 1) * 100, 0)} % margin: ${shown(peakW / 1000)} × ${shown(s.inverter_margin)} = ${shown(byMargin)} kW; ` +
      `and start the motors within its ${shown(s.inverter_surge_ratio)} × surge rating: ${shown(surgeW / 1000)} ÷ ${shown(s.inverter_surge_ratio)} = ${shown(bySurge)} kW. ` +
      `So at least ${shown(neededKw)} kW${bySurge > byMargin ? " (the surge decides)" : ""}.`,
  );
  const inverter = inverters
    .filter((i) => i.specs.phase === "single" && i.specs.power_kw >= neededKw - 1e-9)
    .sort(
      (a, b) =>
        a.specs.power_kw - b.specs.power_kw ||
        (large ? Number(b.specs.battery_voltage_v === 48) - Number(a.specs.battery_voltage_v === 48) : 0) ||
        cost(a.product.price, 1) - cost(b.product.price, 1) ||
        a.product.id - b.product.id,
    )[0];
  if (!inverter) {
    const text = `No inverter in the catalogue can carry ${shown(neededKw)} kW: split the load or ask us for a three-phase system.`;
    checks.push({ id: "inverter", ok: false, text });
    working.push(text);
  } else {
    const i = inverter.specs;
    items.push({ product_id: inverter.product.id, quantity: 1, role: "inverter" });
    const text = `${inverter.product.name}: ${shown(i.power_kw)} kW ≥ ${shown(neededKw)} kW, surge ${shown(i.power_kw * s.inverter_surge_ratio)} kW ≥ ${shown(surgeW / 1000)} kW, ${i.battery_voltage_v} V battery bank.`;
    checks.push({ id: "inverter", ok: true, text });
    working.push(
      `The smallest single-phase inverter that does${large ? " (48 V preferred for a system this size)" : ""}${inverter.product.price != null ? ", then the cheapest" : ""}: ${text}`,
    );
  }

  // Batteries.
  const backupKwh = (dailyWh / 1000) * (input.backup_hours / 24);
  working.push(
    `For ${plural(input.backup_hours, "hour")} of backup the batteries carry your average load (${shown(dailyWh / 1000)} kWh ÷ 24 h = ${shown(dailyWh / 24000, 3)} kW) for that long: ${shown(backupKwh)} kWh. ` +
      "The average, not the peak: the peak lasts minutes, and the backup spans hours of ordinary use.",
  );
  if (!inverter) {
    checks.push({ id: "battery", ok: false, text: "Batteries are not sized: they must match an inverter's battery voltage." });
  } else {
    const bus = inverter.specs.battery_voltage_v;
    const plans = batteries.flatMap((b) => {
      const nominal = nominalVoltage(b.specs.voltage_v);
      if (nominal > bus || bus % nominal !== 0) return [];
      const series = bus / nominal;
      const needed = backupKwh / ((b.specs.depth_of_discharge_pct / 100) * s.battery_round_trip);
      const forEnergy = Math.ceil(needed / (series * b.specs.capacity_kwh) - 1e-9);
      const forPower = Math.ceil(peakW / 1000 / (series * b.specs.max_discharge_kw) - 1e-9);
      const parallel = Math.max(1, forEnergy, forPower);
      const count = series * parallel;
      return [{ ...b, series, parallel, count, needed, forPower: forPower > forEnergy, installed: count * b.specs.capacity_kwh }];
    });
    const best = plans.sort(
      (a, b) =>
        cost(a.product.price, a.count) - cost(b.product.price, b.count) ||
        a.installed - b.installed ||
        a.count - b.count ||
        a.product.id - b.product.id,
    )[0];
    if (!best) {
      const text = `No battery in the catalogue makes the inverter's ${bus} V battery bank.`;
      checks.push({ id: "battery", ok: false, text });
      working.push(text);
    } else {
      const b = best.specs;
      items.push({ product_id: best.product.id, quantity: best.count, role: "battery" });
      working.push(
        `${best.product.name} (${shown(b.capacity_kwh)} kWh, ${shown(b.voltage_v, 1)} V ${b.chemistry}) may use ${shown(b.depth_of_discharge_pct, 0)} % of its capacity, ` +
          `and ${shown(s.battery_round_trip * 100, 0)} % comes back out through the inverter: ${shown(backupKwh)} ÷ ${shown(b.depth_of_discharge_pct / 100)} ÷ ${shown(s.battery_round_trip)} = ${shown(best.needed)} kWh of batteries.`,
        `${best.series > 1 ? `${best.series} in series make ${bus} V; ` : ""}` +
          `${plural(best.parallel, "string")} of ${shown(best.series * b.capacity_kwh)} kWh = ${plural(best.count, "battery", "batteries")}, ${shown(best.installed)} kWh installed` +
          `${best.forPower ? ` (the strings are set by the ${shown(peakW / 1000)} kW peak: each delivers at most ${shown(best.series * b.max_discharge_kw)} kW)` : ""}.`,
      );
      checks.push({
        id: "battery",
        ok: true,
        text: `${best.count} × ${best.product.name} (${best.series} in series × ${best.parallel} in parallel): ${shown(best.installed)} kWh for the ${shown(best.needed)} kWh needed.`,
      });
    }
  }

  // Panels.
  const arrayW = dailyWh / (sunHours * s.performance_ratio);
  working.push(
    `With ${shown(sunHours, 1)} sun hours a day and ${shown(s.performance_ratio * 100, 0)} % of the panels' rated power reaching you, the array must be ${shown(dailyWh / 1000)} ÷ (${shown(sunHours, 1)} × ${shown(s.performance_ratio)}) = ${shown(arrayW / 1000)} kW.`,
  );
  if (!inverter) {
    checks.push({ id: "panels", ok: false, text: "Panels are not laid out: their strings must fit an inverter's MPPT inputs." });
  } else {
    const plans: PanelPlan[] = panels.map((p) => {
      const count = Math.max(1, Math.ceil(arrayW / p.specs.power_w - 1e-9));
      return { ...p, count, ...planStrings(p.specs, count, inverter.specs, s) };
    });
    const fits = plans
      .filter((p): p is PanelPlan & { layout: Layout } => p.layout !== null)
      .sort(
        (a, b) =>
          cost(a.product.price, a.layout.panels) - cost(b.product.price, b.layout.panels) ||
          a.layout.panels - b.layout.panels ||
          a.layout.panels * a.specs.power_w - b.layout.panels * b.specs.power_w ||
          a.product.id - b.product.id,
      );
    const best = fits[0];
    if (best) {
      const { layout } = best;
      items.push({ product_id: best.product.id, quantity: layout.panels, role: "panel" });
      working.push(
        `${best.product.name} (${shown(best.specs.power_w)} W): ⌈${shown(arrayW, 0)} ÷ ${shown(best.specs.power_w)}⌉ = ${plural(best.count, "panel")}` +
          `${layout.panels > best.count ? `, ${layout.panels} to make ${layout.strings > 1 ? "equal strings" : "a string"} long enough` : ""}; ${best.text}.`,
      );
      checks.push({
        id: "panels",
        ok: true,
        text: `${layout.panels} × ${best.product.name} in ${best.text}; ${shown((layout.panels * best.specs.power_w) / 1000)} kW of the inverter's ${shown(inverter.specs.max_pv_input_w / 1000)} kW PV input.`,
      });
    } else {
      const nearest = [...plans].sort((a, b) => a.count - b.count || a.product.id - b.product.id)[0];
      const text = nearest
        ? `${nearest.product.name} on ${inverter.product.name}: ${nearest.reason}. Ask us for a larger inverter or a different panel.`
        : "No solar panel in the catalogue.";
      checks.push({ id: "panels", ok: false, text });
      working.push(text);
    }
  }

  return { daily_kwh, peak_kw, surge_kw, items, checks, working };
}
