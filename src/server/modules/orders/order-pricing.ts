import { decimalUnits } from "#shared/money.ts";
import { lineVatRate, type TaxTotals, taxTotals, totalsAsText, type VatCategory } from "#shared/tax.ts";

/**
 * An order's amounts: each line at its unit prices in USD and in the secondary currency, with its VAT
 * rate from the product's category and the standard rate of the day; the totals in USD, in the secondary currency
 * and in the order's own currency, each added up line by line by `taxTotals`. The checkout's preview and the placed
 * order use this one function, so what the dealer saw is what the order freezes.
 */

export type PricedProduct = {
  id: number;
  name: string;
  priceUsd: string;
  /** The secondary price in force (computed at the rate, or the product's override); null without one. */
  priceZwl: string | null;
  hsCode: string | null;
  vatCategory: VatCategory;
};

export type PricedLine<P extends PricedProduct = PricedProduct> = {
  product: P;
  quantity: number;
  unitUsd: string;
  unitSecondary: string | null;
  vatRate: string | null;
};

export type OrderAmounts<P extends PricedProduct = PricedProduct> = {
  lines: PricedLine<P>[];
  usd: TaxTotals;
  /** Null when a line has no secondary price. */
  secondary: TaxTotals | null;
};

/** A usable secondary price: positive; a zero or missing one means "none". */
function secondaryOf(price: string | null): string | null {
  const cents = price === null ? null : decimalUnits(price, 2);
  return cents !== null && cents > 0n ? price : null;
}

export function priceOrder<P extends PricedProduct>(items: { product: P; quantity: number }[], standardVat: string): OrderAmounts<P> {
  const lines = items.map(({ product, quantity }) => ({
    product,
    quantity,
    unitUsd: product.priceUsd,
    unitSecondary: secondaryOf(product.priceZwl),
    vatRate: lineVatRate(product.vatCategory, standardVat),
  }));
  const usd = taxTotals(lines.map((l) => ({ unit: l.unitUsd, quantity: l.quantity, vatRate: l.vatRate })));
  const secondary = lines.every((l) => l.unitSecondary !== null)
    ? taxTotals(lines.map((l) => ({ unit: l.unitSecondary as string, quantity: l.quantity, vatRate: l.vatRate })))
    : null;
  return { lines, usd, secondary };
}

/** The three figures of a currency's totals as text, or nulls. */
export function figures(t: TaxTotals | null): { subtotal: string | null; vat: string | null; total: string | null } {
  return t ? totalsAsText(t) : { subtotal: null, vat: null, total: null };
}

/** The delivery fee priced as a line of its own: id 0 is never a product's. */
export const DELIVERY_LINE = 0;
export function deliveryProduct(fee: { city: string; feeUsd: string }, secondary: string | null) {
  return {
    id: DELIVERY_LINE,
    name: `Delivery to ${fee.city}`,
    priceUsd: fee.feeUsd,
    priceZwl: secondary,
    hsCode: null,
    vatCategory: "standard" as const,
    breaks: [],
  };
}
