import { z } from "zod";
import { plainFigure } from "./figures.ts";
import type { CategorySlug } from "./schemas/catalogue.ts";

/**
 * Structured specifications per category: the figures each kind of product is described and compared
 * by, in the order the product page lists them. A product's `specs` hold some of them, `{ key: value }`: numbers as
 * numbers, a choice as one of its words, text as text. The same schema checks the admin form and the server.
 */
export type SpecDef = {
  key: string;
  label: string;
  unit?: string;
  type: "number" | "choice" | "text";
  /** A figure a catalogue filter may offer. */
  filter: boolean;
  choices?: readonly string[];
  min?: number;
  max?: number;
};

/** A product's specification values, by key. */
export type SpecValues = Record<string, number | string>;

const num = (key: string, label: string, unit: string | undefined, min: number, max: number, filter = false): SpecDef => ({
  key,
  label,
  ...(unit ? { unit } : {}),
  type: "number",
  filter,
  min,
  max,
});
const choice = (key: string, label: string, choices: readonly string[], unit?: string): SpecDef => ({
  key,
  label,
  ...(unit ? { unit } : {}),
  type: "choice",
  filter: true,
  choices,
});
const text = (key: string, label: string): SpecDef => ({ key, label, type: "text", filter: false });

export const CATEGORY_SPECS: Record<CategorySlug, readonly SpecDef[]> = {
  "solar-panels": [
    num("power_w", "Maximum power", "W", 1, 2000, true),
    num("voc_v", "Open-circuit voltage (Voc)", "V", 0, 200),
    num("isc_a", "Short-circuit current (Isc)", "A", 0, 50),
    num("vmp_v", "Voltage at maximum power (Vmp)", "V", 0, 200),
    num("imp_a", "Current at maximum power (Imp)", "A", 0, 50),
    num("efficiency_pct", "Module efficiency", "%", 0, 100, true),
    choice("cell_type", "Cell type", ["mono PERC", "TOPCon", "HJT", "mono", "poly", "bifacial mono", "thin film"]),
    text("dimensions_mm", "Dimensions (mm)"),
    num("weight_kg", "Weight", "kg", 0, 200),
  ],
  "hybrid-inverters": [
    num("power_kw", "Rated output", "kW", 0, 1000, true),
    num("max_pv_input_w", "Maximum PV input", "W", 0, 1_000_000),
    num("mppt_min_v", "MPPT range, lowest", "V", 0, 1500),
    num("mppt_max_v", "MPPT range, highest", "V", 0, 1500),
    num("mppt_count", "MPPT trackers", undefined, 1, 20),
    choice("battery_voltage_v", "Battery voltage", ["12", "24", "48"], "V"),
    choice("phase", "Phase", ["single", "three"]),
  ],
  "energy-storage": [
    num("capacity_kwh", "Capacity", "kWh", 0, 1000, true),
    num("voltage_v", "Nominal voltage", "V", 0, 1000, true),
    choice("chemistry", "Chemistry", ["LiFePO4", "lead-acid gel", "AGM"]),
    num("cycles", "Cycle life", "cycles", 0, 100_000),
    num("max_discharge_kw", "Maximum discharge", "kW", 0, 1000),
    num("depth_of_discharge_pct", "Depth of discharge", "%", 0, 100),
  ],
  "mounting-equipment": [
    num("panels_supported", "Panels supported", "panels", 0, 1000, true),
    choice("roof_type", "Roof type", ["tile", "IBR / corrugated", "flat", "ground", "carport", "any"]),
    text("material", "Material"),
    num("length_m", "Length", "m", 0, 100),
  ],
  cabling: [
    num("cross_section_mm2", "Cross-section", "mm²", 0, 1000, true),
    num("length_m", "Length", "m", 0, 10_000),
    num("rating_v", "Rated voltage", "V", 0, 10_000),
    choice("cable_type", "Cable type", ["PV DC", "battery", "AC twin and earth", "connector"]),
  ],
  accessories: [text("kind", "Kind"), text("rating", "Rating")],
  "switch-gear": [
    num("current_a", "Rated current", "A", 0, 10_000, true),
    num("voltage_v", "Rated voltage", "V", 0, 10_000),
    num("poles", "Poles", undefined, 1, 4),
    choice("kind", "Kind", ["MCB", "isolator", "SPD", "fuse", "combiner box", "changeover switch", "RCD"]),
  ],
};

/** The specification definitions of a category slug (none for an unknown one). */
export function specDefsFor(slug: string): readonly SpecDef[] {
  return (CATEGORY_SPECS as Record<string, readonly SpecDef[] | undefined>)[slug] ?? [];
}

export const specNumberMessage = (def: SpecDef) => `${def.label} must be a number${def.unit ? ` (in ${def.unit})` : ""}.`;
export const specChoiceMessage = (def: SpecDef) => `${def.label} must be one of: ${def.choices?.join(", ")}.`;
export const SPEC_UNKNOWN = "Not a specification of this category.";

/** One value's schema: a number (a numeric text from a form is read as its number), a choice, or text. */
function valueSchema(def: SpecDef): z.ZodType<number | string> {
  if (def.type === "number") {
    let n = z.number({ error: specNumberMessage(def) }).finite(specNumberMessage(def));
    if (def.min !== undefined) n = n.min(def.min, `${def.label} must be at least ${def.min}${def.unit ? ` ${def.unit}` : ""}.`);
    if (def.max !== undefined) n = n.max(def.max, `${def.label} must be at most ${def.max}${def.unit ? ` ${def.unit}` : ""}.`);
    return n;
  }
  if (def.type === "choice") {
    const choices = def.choices ?? [];
    return z.preprocess(
      (v) => (typeof v === "number" ? String(v) : v),
      z.string({ error: specChoiceMessage(def) }).refine((v) => choices.includes(v), specChoiceMessage(def)),
    );
  }
  return z
    .string({ error: `${def.label} must be text.` })
    .trim()
    .min(1, `${def.label} must not be empty.`)
    .max(200, `${def.label} must be at most 200 characters.`);
}

/**
 * The schema of a category's specifications: an object of its keys, each optional; numbers as numbers, choices from
 * their list, text as text; a key the category does not have is refused (its path is the key).
 */
export function specsSchemaFor(slug: string): z.ZodType<SpecValues> {
  const shape: Record<string, z.ZodType<number | string | undefined>> = {};
  for (const def of specDefsFor(slug)) shape[def.key] = valueSchema(def).optional();
  return z.looseObject(shape, { error: "Send the specifications as an object of { key: value }." }).superRefine(
    (value, ctx) => {
      for (const key of Object.keys(value)) {
        if (!(key in shape)) ctx.addIssue({ code: "custom", path: [key], message: SPEC_UNKNOWN, input: value[key] });
      }
    },
    // Unknown keys are named alongside the known ones' issues; not when the value is no object at all.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value) },
  ) as unknown as z.ZodType<SpecValues>;
}

/**
 * A form's values → specifications: empty fields are left out, a number field's text is read as a number (an
 * unreadable one is kept as text, for the schema to refuse).
 */
export function specsFromForm(slug: string, values: Record<string, string | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const def of specDefsFor(slug)) {
    const raw = values[def.key]?.trim();
    if (!raw) continue;
    const n = Number(raw.replace(",", "."));
    out[def.key] = def.type === "number" ? (Number.isFinite(n) ? n : raw) : raw;
  }
  return out;
}

/** A value as a reader sees it: "37.5 V", "LiFePO4", "1722 × 1134 × 30". */
export function formatSpec(def: SpecDef, value: number | string): string {
  const shown = typeof value === "number" ? plainFigure(value) : value;
  return def.unit && def.type !== "text" ? `${shown} ${def.unit}` : shown;
}

/** The specifications a product has, in its category's order, with their definitions. */
export function specRows(slug: string, specs: SpecValues): { def: SpecDef; value: string }[] {
  return specDefsFor(slug)
    .filter((def) => specs[def.key] !== undefined && specs[def.key] !== "")
    .map((def) => ({ def, value: formatSpec(def, specs[def.key] as number | string) }));
}
