import type { Trend } from "#shared/date-range.ts";
import { formatCents, signedCents } from "#shared/money.ts";

const count = new Intl.NumberFormat("en-US");
// Calendar dates of the API ("2026-03-01") are Harare days: formatted as written, never moved by a time zone.
const dayMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const fullDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const asDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** "$1,250.50" from the API's "1250.50" (money.ts's printed form, exact: no floating point). */
export function formatUsd(amount: string): string {
  const cents = signedCents(amount);
  if (cents === null) return amount;
  return `${cents < 0n ? "-" : ""}$${formatCents(cents < 0n ? -cents : cents)}`;
}

const COMPACT_UNITS: [number, string][] = [
  [1, ""],
  [1e3, "K"],
  [1e6, "M"],
  [1e9, "B"],
  [1e12, "T"],
];

/**
 * "$12.5K", "$5K", "$1M": the chart's axis, at most one decimal and none when it is 0. Written out rather than
 * `Intl`'s compact notation, whose output differs between Node's ICU and the browser's ("$5.0K" against "$5K"), which
 * broke hydration of the dashboard.
 */
export function formatUsdCompact(amount: number): string {
  const abs = Math.abs(amount);
  let unit = 0;
  while (unit < COMPACT_UNITS.length - 1 && abs >= (COMPACT_UNITS[unit + 1] as [number, string])[0]) unit++;
  // 999,950 is 1,000.0K once rounded: that is 1M.
  const size = (u: number) => (COMPACT_UNITS[u] as [number, string])[0];
  if (unit < COMPACT_UNITS.length - 1 && Math.round((abs / size(unit)) * 10) / 10 >= 1000) unit++;
  return `${amount < 0 ? "-" : ""}$${oneDecimal(abs / size(unit))}${(COMPACT_UNITS[unit] as [number, string])[1]}`;
}

function oneDecimal(n: number): string {
  const rounded = Math.round(n * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

export function formatCount(n: number): string {
  return count.format(n);
}

/** "3 Mar". */
export function shortDay(iso: string): string {
  return dayMonth.format(asDate(iso));
}

/** "3 March 2026". */
export function longDay(iso: string): string {
  return fullDate.format(asDate(iso));
}

/** "3 March 2026", or "3 – 9 March 2026" for a span. */
export function longSpan(start: string, end: string): string {
  return start === end ? longDay(start) : `${longDay(start)} – ${longDay(end)}`;
}

/** How a trend reads aloud and on the card: "up 50%", "down 20%", "no change", "new". */
export function trendWords(trend: Trend): string {
  if (trend.direction === "flat") return "no change";
  if (trend.percent === null) return "up from none";
  return `${trend.direction} ${Math.abs(trend.percent)}%`;
}
