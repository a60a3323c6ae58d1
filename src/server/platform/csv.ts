import { harareDate, harareDateTime } from "#shared/date-range.ts";

/**
 * CSV for the back office's exports (RFC 4180: CRLF, quoted when needed) and for its imports (`readCsv`). A cell that
 * a spreadsheet would read as a formula (=, +, -, @, tab, CR) gets a leading apostrophe, so an exported name like
 * "=HYPERLINK(…)" stays text.
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

/** One record of a CSV text: its cells, and the line of the text it starts on (from 1). */
export type CsvRecord = { line: number; cells: string[] };

/**
 * The one CSV reader (RFC 4180): cells split by commas, records by CRLF, LF or a lone CR; a cell in double quotes may
 * hold commas, line breaks and doubled quotes ("" for one). A leading byte-order mark and a last line break are left
 * out. Each record keeps the line it starts on, the line breaks inside quoted cells counted, so a message can name the
 * line a person sees in an editor. Lenient where spreadsheets are: a quote opens a quoted cell only at the cell's
 * start (elsewhere it is text), and text after the closing quote joins the cell. A blank line is a record of one
 * empty cell: whether it counts is the caller's rule.
 */
export function readCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const src = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && cell === "") quoted = true;
    else if (c === ",") {
      cells.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && src[i + 1] === "\n") i++;
      cells.push(cell);
      records.push({ line: recordLine, cells });
      cells = [];
      cell = "";
      line++;
      recordLine = line;
    } else cell += c;
  }
  if (cell !== "" || cells.length) {
    cells.push(cell);
    records.push({ line: recordLine, cells });
  }
  return records;
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
