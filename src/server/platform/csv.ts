import { harareDate, harareDateTime } from "#shared/date-range.ts";

/**
 * CSV for the back office's exports (RFC 4180: CRLF, quoted when needed). A cell that a spreadsheet would read as a
 * formula (=, +, -, @, tab, CR) gets a leading apostrophe, so an exported name like "=HYPERLINK(…)" stays text.
 */
export type CsvColumn<T> = { header: string; value: (row: T) => string | number | boolean | null | undefined };

const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A plain decimal number ("-3768.00", "12.5"): an amount, written as a number so a spreadsheet adds it up. A leading
 * "-" followed by digits alone runs nothing, so it is never escaped; escaping is for text cells (names, notes, phones:
 * "+263 77 …" is text and keeps its apostrophe, so a spreadsheet never reads it as a sum).
 */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(","));
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents, "–").
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/**
 * A moment as the exports write it: ISO 8601 in Harare time with its offset ("2026-11-24T16:05:09+02:00"), so a
 * spreadsheet reads it and a person sees the company's clock. Every export uses this one form.
 */
export function csvDateTime(iso: string | Date | null | undefined): string {
  if (iso === null || iso === undefined) return "";
  const at = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(at.getTime())) return "";
  return harareDateTime(at);
}

/** A Harare calendar date ("2026-11-24") of a moment: for values that are days, such as a quotation's last day. */
export function csvDate(iso: string | Date | null | undefined): string {
  return csvDateTime(iso).slice(0, 10);
}

/** `attachment; filename="dealers-2026-11-21.csv"` for today's date in Harare. */
export function csvDisposition(base: string, now = new Date()): string {
  return `attachment; filename="${base}-${harareDate(now)}.csv"`;
}
