import { plainFigure } from "./figures.ts";
import type { SpecValues } from "./specs.ts";

/**
 * A product card's one key line: the figure an installer compares first in the product's category,
 * from its specifications ("410 W · 21.0 %", "5 kW · 48 V", "5.12 kWh · LiFePO4"), or read from its name
 * when it has none ("410 W", "6 mm² · 100 m"). Nothing when neither holds such a figure: a card never guesses.
 */

/** A number as written in a name ("5.12", "1,5"), with its unit: "5.12kWh" → "5.12 kWh". */
function figure(name: string, unit: RegExp, label: string): string | null {
  const m = name.match(new RegExp(`(\\d+(?:[.,]\\d+)?)\\s*${unit.source}(?![A-Za-z])`, unit.flags));
  return m?.[1] ? `${m[1].replace(",", ".")} ${label}` : null;
}

const join = (...parts: (string | null)[]) => parts.filter((p): p is string => p !== null).join(" · ") || null;

/** A count of panels a mounting kit carries, "(8 panels)" → "For 8 panels". */
function panels(name: string): string | null {
  const m = name.match(/(\d+)\s*panels?\b/i);
  return m?.[1] ? `For ${m[1]} panels` : null;
}

const BY_CATEGORY: Record<string, (name: string) => string | null> = {
  "solar-panels": (n) => join(figure(n, /W/, "W"), /bifacial/i.test(n) ? "Bifacial" : null),
  "hybrid-inverters": (n) => join(figure(n, /kW/i, "kW"), figure(n, /V/, "V"), /three-phase/i.test(n) ? "Three-phase" : null),
  "energy-storage": (n) => join(figure(n, /kWh/i, "kWh") ?? figure(n, /Ah/, "Ah"), figure(n, /V/, "V")),
  "mounting-equipment": (n) => panels(n) ?? figure(n, /m/, "m"),
  cabling: (n) => join(figure(n, /mm²/, "mm²"), figure(n, /m/, "m")),
  "switch-gear": (n) => join(figure(n, /V/, "V"), figure(n, /A/, "A")),
};

/** A number as a card shows it: "5.12", "1,500" (no trailing zeros beyond what was set). */
const n = (v: number | string | undefined) => (typeof v === "number" ? plainFigure(v) : typeof v === "string" && v !== "" ? v : null);
const unit = (v: number | string | undefined, label: string) => {
  const shown = n(v);
  return shown === null ? null : `${shown} ${label}`;
};

const BY_SPECS: Record<string, (s: SpecValues) => string | null> = {
  "solar-panels": (s) => join(unit(s.power_w, "W"), typeof s.efficiency_pct === "number" ? `${s.efficiency_pct.toFixed(1)} %` : null),
  "hybrid-inverters": (s) => join(unit(s.power_kw, "kW"), unit(s.battery_voltage_v, "V"), s.phase === "three" ? "Three-phase" : null),
  "energy-storage": (s) => join(unit(s.capacity_kwh, "kWh"), n(s.chemistry)),
  "mounting-equipment": (s) => (typeof s.panels_supported === "number" ? `For ${s.panels_supported} panels` : unit(s.length_m, "m")),
  cabling: (s) => join(unit(s.cross_section_mm2, "mm²"), unit(s.length_m, "m")),
  accessories: (s) => n(s.rating),
  "switch-gear": (s) => join(unit(s.voltage_v, "V"), unit(s.current_a, "A")),
};

export function productKeyLine(categorySlug: string, name: string, specs?: SpecValues): string | null {
  const fromSpecs = specs && Object.keys(specs).length > 0 ? (BY_SPECS[categorySlug]?.(specs) ?? null) : null;
  return fromSpecs ?? BY_CATEGORY[categorySlug]?.(name) ?? null;
}
