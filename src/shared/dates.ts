/** Dates print the same on the server, in the browser and in PDFs: a fixed locale and the company's time zone. */
const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Africa/Harare" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Harare" });

const valid = (value: string | Date) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "21 November 2026"; "" for a value that is not a date. */
export function formatDate(value: string | Date): string {
  const date = valid(value);
  return date ? dateFormat.format(date) : "";
}

/** A calendar day, "2026-12-07", as "7 December 2026" (read at noon, so no time zone moves it to another day). */
export function formatDay(day: string): string {
  return formatDate(`${day}T12:00:00Z`);
}

/** "21 Nov 2026, 10:30"; "" for a value that is not a date. */
export function formatDateTime(value: string | Date): string {
  const date = valid(value);
  return date ? dateTimeFormat.format(date) : "";
}

/** The company's calendar day of a moment, "2026-11-26" (Africa/Harare is UTC+2 all year, no daylight saving). */
export function harareDate(at: Date): string {
  return new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, 10);
}
