/**
 * Quick order's reading of a pasted or uploaded list (issue 25 §2): one `SKU, quantity` a line, the two parts
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
} as const;

export type QuickOrderLine = { line: number; sku: string; quantity: number } | { line: number; sku: string; error: string };

/** A SKU as matched: upper-case letters and digits only ("sv-410m", "SV 410M" → "SV410M"), as the site search does. */
export function skuKey(sku: string): string {
  return sku.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

const HEADER = /^\s*["']?(sku|product|code|item)/i;

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

/** The text's lines, each read into a SKU and a quantity, or the reason it cannot be. */
export function parseQuickOrder(text: string): QuickOrderLine[] {
  const out: QuickOrderLine[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    const parts = raw.split(/[,\t;]/).map((p) =>
      p
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .trim(),
    );
    const sku = parts[0] ?? "";
    const quantityText = (parts[1] ?? "").replace(/\s/g, "");
    // A header: the first non-blank line naming its columns rather than a product.
    if (out.length === 0 && HEADER.test(raw) && !/^\d+$/.test(quantityText)) return;
    if (out.length >= QUICK_ORDER_LINES_MAX) return;
    const error = lineError(sku, quantityText);
    out.push(error ? { line, sku, error } : { line, sku, quantity: Number(quantityText) });
  });
  return out;
}
