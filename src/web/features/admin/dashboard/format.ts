import type { Trend } from "#shared/date-range.ts";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdCompact = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", maximumFractionDigits: 1 });
const count = new Intl.NumberFormat("en-US");
// Calendar dates of the API ("2026-03-01") are Harare days: formatted as written, never moved by a time zone.
const dayMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const fullDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const asDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** "$1,250.50" from the API's "1250.50". */
export function formatUsd(amount: string | number): string {
  return usd.format(Number(amount));
}

/** "$12.5K": the chart's axis. */
export function formatUsdCompact(amount: number): string {
  return usdCompact.format(amount);
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
