import { centsToDecimal, convertCents, discountedCents } from "#shared/money.ts";
import { toCents } from "#shared/quotation-totals.ts";

/** The demo dealer's tier: Silver, 5 % off the dealer list price. */
export const DEMO_DEALER_DISCOUNT = "5.00";

/** The demo dealer's unit price of a product listed at `list` (USD or a secondary list price), with any break's `percent`. */
export function silver(list: string, ...breaks: string[]): string {
  const cents = toCents(list);
  if (cents === null) throw new Error(`not an amount: ${list}`);
  return centsToDecimal(discountedCents(cents, [DEMO_DEALER_DISCOUNT, ...breaks]));
}

/** The demo dealer's price of a product listed at `list` USD, converted at `rate` (no secondary list price of its own). */
export function silverAt(list: string, rate: string): string {
  return centsToDecimal(convertCents(toCents(silver(list)) as bigint, rate));
}
