export type CheckoutLine = { product_id: number; quantity: number };

/** The cart posted with the checkout form (a hidden field): product ids and quantities only, never prices. */
export function cartField(items: { productId: number; quantity: number }[]): string {
  return JSON.stringify(items.map((i) => ({ product_id: i.productId, quantity: i.quantity })));
}

/**
 * One row of the checkout's summary per cart line, whatever the server could price: `priced` with the server's line,
 * `gone` for a product no longer in the catalogue (left out of the order), `unpriced` for a line the server did not
 * price (the order cannot be placed until it is). No line of the cart is ever dropped from the list.
 */
export type CheckoutRow<L> = { productId: number; productName: string; quantity: number } & (
  | { state: "priced"; line: L }
  | { state: "gone" }
  | { state: "unpriced" }
);

export function checkoutRows<L extends { product_id: number }>(
  items: { productId: number; productName: string; quantity: number }[],
  preview: { lines: L[]; missing: number[] },
): CheckoutRow<L>[] {
  const priced = new Map(preview.lines.map((l) => [l.product_id, l]));
  const missing = new Set(preview.missing);
  return items.map((i) => {
    const base = { productId: i.productId, productName: i.productName, quantity: i.quantity };
    const line = priced.get(i.productId);
    if (line) return { ...base, state: "priced", line };
    return { ...base, state: missing.has(i.productId) ? "gone" : "unpriced" };
  });
}
