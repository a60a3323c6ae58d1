/**
 * A product card's one key line (issue 20 §3): the figure an installer compares first in the product's category,
 * read from its name until products have specifications of their own ("410 W", "5 kW · 48 V", "5.12 kWh · 48 V",
 * "6 mm² · 100 m"). Nothing when the name holds no such figure: a card never guesses.
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

export function productKeyLine(categorySlug: string, name: string): string | null {
  return BY_CATEGORY[categorySlug]?.(name) ?? null;
}
