/**
 * Quick order's reading of a pasted or uploaded list: one `SKU, quantity` a line, the two parts
 * separated by a comma, a tab or a semicolon (what a spreadsheet copies or a CSV holds); a header line ("SKU,
 * Quantity") and blank lines are left out. Each line keeps its number, so the page can say which line is wrong.
 * Free of zod and of the server: the page and the service read a text the same way.
 */

/** The most lines one paste or file may hold. */
export const QUICK_ORDER_LINES_MAX = 200;
/** The most units of one product a cart line holds: the site's line limit (LINE_QUANTITY_MAX), the server cart's too. */
export const CART_LINE_MAX = 10_000;

export const QUICK_ORDER_ERRORS = {
  unknownSku: "unknown SKU",
  missingSku: "SKU missing",
  missingQuantity: "quantity missing",
  wholeNumber: "quantity must be a whole number",
  atLeastOne: "quantity must be at least 1",
  atMost: `quantity must be at most ${CART_LINE_MAX.toLocaleString("en-GB")}`,
  thousands: "quantity has a comma: write 1000, not 1,000 (or put it in quotes)",
} as const;

export type QuickOrderLine = { line: number; sku: string; quantity: number } | { line: number; sku: string; error: string };

/** A SKU as matched: upper-case letters and digits only ("sv-410m", "SV 410M" → "SV410M"), as the site search does. */
export function skuKey(sku: string): string {
  return sku.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

const HEADER = /^\s*["']?(sku|product|code|item)/i;

/**
 * A line's fields: split on tabs when it has one (a spreadsheet's copy), else on semicolons when it has one, else on
 * commas, where a field in double quotes may hold the separator (`"1,000"`, as a spreadsheet saves it in a CSV).
 */
function fieldsOf(raw: string): { fields: string[]; separator: string } {
  const separator = raw.includes("\t") ? "\t" : raw.includes(";") ? ";" : ",";
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '"' && quoted && raw[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"' && (quoted || field.trim() === "")) {
      quoted = !quoted;
      if (quoted) field = "";
    } else if (c === separator && !quoted) {
      fields.push(field.trim());
      field = "";
    } else field += c;
  }
  fields.push(field.trim());
  return { fields, separator };
}

/** A quantity with thousands separators ("1,000", "12 500", "1 000" with a no-break space) as its digits. */
function quantityDigits(text: string): string {
  const compact = text.replace(/\s/g, "");
  return /^\d{1,3}(,\d{3})+$/.test(compact) ? compact.replace(/,/g, "") : compact;
}

/** Why a line's SKU and quantity cannot be read, or null when they can. */
function lineError(sku: string, quantityText: string): string | null {
  if (skuKey(sku) === "") return QUICK_ORDER_ERRORS.missingSku;
  if (quantityText === "") return QUICK_ORDER_ERRORS.missingQuantity;
  if (!/^-?\d+$/.test(quantityText)) return QUICK_ORDER_ERRORS.wholeNumber;
  const quantity = Number(quantityText);
  if (quantity < 1) return QUICK_ORDER_ERRORS.atLeastOne;
  if (quantity > CART_LINE_MAX) return QUICK_ORDER_ERRORS.atMost;
  return null;
}

/**
 * The text's lines, each read into a SKU and a quantity, or the reason it cannot be. A quantity may carry thousands
 * separators where nothing else can be meant: in its own quoted field, or on a line split by tabs or semicolons. On a
 * plain comma line `SKU, 1,000` is two readings (1 000 units, or 1 unit and a third column "000"), so unless the
 * header names more than two columns it is refused rather than guessed (1 would be ordered where 1000 was meant).
 */
export function parseQuickOrder(text: string): QuickOrderLine[] {
  const out: QuickOrderLine[] = [];
  let columns = 2;
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    const { fields, separator } = fieldsOf(raw);
    const sku = fields[0] ?? "";
    const quantityText = quantityDigits(fields[1] ?? "");
    // A header: the first non-blank line naming its columns rather than a product.
    if (out.length === 0 && HEADER.test(raw) && !/^\d+$/.test(quantityText)) {
      columns = Math.max(2, fields.length);
      return;
    }
    if (out.length >= QUICK_ORDER_LINES_MAX) return;
    const split = separator === "," && columns <= 2 && /^\d{1,3}$/.test(quantityText) && /^\d{3}$/.test(fields[2] ?? "");
    const error = split ? QUICK_ORDER_ERRORS.thousands : lineError(sku, quantityText);
    out.push(error ? { line, sku, error } : { line, sku, quantity: Number(quantityText) });
  });
  return out;
}
