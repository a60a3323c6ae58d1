/**
 * Date ranges of the dashboard, sales and statistics: whole calendar days in the company's time zone
 * (Africa/Harare, UTC+2 all year, no daylight saving), written as ISO dates ("2026-03-01"). Both ends are included.
 * Pure and free of imports, so the server's queries and the dashboard's range form agree.
 */

const DAY_MS = 86_400_000;
const HARARE_OFFSET_MS = 2 * 3_600_000;

/** The presets of the dashboard's range form, in days ending today. */
export const RANGE_PRESETS = [30, 90, 365] as const;
export const DEFAULT_RANGE_DAYS = 30;
/** The longest range a figure is worked out for (about three years). */
export const MAX_RANGE_DAYS = 1100;
/** Up to this many days a series has one point a day; longer ranges get one point a week. */
export const DAILY_SERIES_MAX_DAYS = 92;

export type DateRange = { from: string; to: string };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the text is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The Harare calendar day of a moment. */
export function harareDate(at: Date): string {
  return harareDateTime(at).slice(0, 10);
}

/** A moment in ISO 8601 on the Harare clock with its offset: "2026-11-24T16:05:09+02:00". */
export function harareDateTime(at: Date): string {
  return `${new Date(at.getTime() + HARARE_OFFSET_MS).toISOString().slice(0, 19)}+02:00`;
}

/** The day `days` after (or before, when negative) a date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The number of days from `from` to `to`, both included (1 for a single day). */
export function daysIn(range: DateRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The first moment of a Harare calendar day. */
export function startOfDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - HARARE_OFFSET_MS);
}

/** The first moment after a range: a query takes `>= startOfDay(from)` and `< endOf(range)`. */
export function endOf(range: DateRange): Date {
  return startOfDay(addDays(range.to, 1));
}

/** The `days` days ending today. */
export function lastDays(days: number, now: Date): DateRange {
  const to = harareDate(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** The period of equal length just before a range (the trend compares the two). */
export function previousRange(range: DateRange): DateRange {
  const days = daysIn(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/**
 * The range a query asks for: `from` and `to` when given (a missing end is today, a missing start is `range`
 * days before the end), else the last `range` days (30 by default).
 */
export function resolveRange(
  query: { from?: string | undefined; to?: string | undefined; range?: number | undefined },
  now: Date,
): DateRange {
  const days = query.range ?? DEFAULT_RANGE_DAYS;
  const to = query.to ?? (query.from ? harareDate(now) : lastDays(days, now).to);
  const from = query.from ?? addDays(to, -(days - 1));
  return { from, to };
}

/** The preset a range is, if it is one (the last 30, 90 or 365 days ending today). */
export function presetOf(range: DateRange, now: Date): number | null {
  for (const days of RANGE_PRESETS) {
    const preset = lastDays(days, now);
    if (preset.from === range.from && preset.to === range.to) return days;
  }
  return null;
}

/** The buckets of a series over a range: every day, or runs of seven days from `from` (the last may be shorter). */
export function seriesBuckets(range: DateRange): { start: string; end: string }[] {
  const days = daysIn(range);
  const step = days <= DAILY_SERIES_MAX_DAYS ? 1 : 7;
  const buckets: { start: string; end: string }[] = [];
  for (let i = 0; i < days; i += step) {
    const start = addDays(range.from, i);
    const end = addDays(range.from, Math.min(i + step, days) - 1);
    buckets.push({ start, end });
  }
  return buckets;
}

export type Trend = {
  direction: "up" | "down" | "flat" /** Whole percent of change; null when the previous value was 0. */;
  percent: number | null;
};

/** This period against the previous one. */
export function trendOf(current: number, previous: number): Trend {
  const direction = current > previous ? "up" : current < previous ? "down" : "flat";
  if (previous === 0) return { direction, percent: current === 0 ? 0 : null };
  return { direction, percent: Math.round(((current - previous) / previous) * 100) };
}
