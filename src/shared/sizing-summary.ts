import { NOTES_MAX } from "./schemas/quotations.ts";
import type { SizingAnswer, SizingRequest } from "./schemas/sizing.ts";
import { shown } from "./sizing.ts";

/** At most this much of the notes goes to the appliance list; the rest of it is "and n more". */
const APPLIANCES_MAX_CHARS = 900;

const ROLE_WORDS = { inverter: ["inverter", "inverters"], battery: ["battery", "batteries"], panel: ["panel", "panels"] } as const;

/**
 * The sizing in a few plain lines: what a quote request for the kit carries in its notes, so whoever
 * prices it sees what it was sized for. Always within the quote request's notes limit (NOTES_MAX): a long appliance
 * list is cut with "and n more".
 */
export function sizingSummary(request: Pick<SizingRequest, "appliances">, answer: Omit<SizingAnswer, "summary">): string {
  const rows = request.appliances.map((a) => `${a.quantity} × ${a.name} (${shown(a.watts)} W, ${shown(a.hours_per_day)} h a day)`);
  const kept: string[] = [];
  let length = 0;
  for (const row of rows) {
    if (length + row.length > APPLIANCES_MAX_CHARS) break;
    kept.push(row);
    length += row.length + 2;
  }
  const more = rows.length - kept.length;
  const failed = answer.checks.filter((c) => !c.ok);
  const lines = [
    "Sized with the website's solar calculator.",
    `Appliances: ${kept.join("; ")}${more > 0 ? `; and ${more} more` : ""}.`,
    `Daily energy ${shown(answer.daily_kwh)} kWh, peak load ${shown(answer.peak_kw)} kW, surge ${shown(answer.surge_kw)} kW; ` +
      `${shown(answer.backup_hours)} h of backup; ${shown(answer.sun_hours, 1)} sun hours a day.`,
    answer.items.length > 0
      ? `Kit: ${answer.items.map((i) => `${i.quantity} × ${i.product_name} (${ROLE_WORDS[i.role][i.quantity === 1 ? 0 : 1]})`).join("; ")}.`
      : "Kit: nothing in the catalogue fits.",
    failed.length === 0 ? "Checks: all passed." : `Not passed: ${failed.map((c) => c.text).join(" ")}`,
  ];
  return lines.join("\n").slice(0, NOTES_MAX);
}
