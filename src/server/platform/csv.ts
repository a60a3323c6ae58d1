/**
 * CSV for the back office's exports (RFC 4180: CRLF, quoted when needed). A cell that a spreadsheet would read as a
 * formula (=, +, -, @, tab, CR) gets a leading apostrophe, so an exported name like "=HYPERLINK(…)" stays text.
 */
export type CsvColumn<T> = { header: string; value: (row: T) => string | number | boolean | null | undefined };

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(","));
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents, "–").
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** `attachment; filename="dealers-2026-11-21.csv"` for today's date in Harare. */
export function csvDisposition(base: string, now = new Date()): string {
  const day = new Date(now.getTime() + 2 * 3_600_000).toISOString().slice(0, 10);
  return `attachment; filename="${base}-${day}.csv"`;
}
