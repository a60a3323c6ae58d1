import { convertCents, discountedCents } from "./money.ts";

/**
 * A dealer's price of one product, worked out the same way wherever it is shown or charged: the tier's
 * own price of the product when admins set one, else the dealer list price less the tier's discount; then, from a
 * quantity break's number of units on the line, less the break's discount. Rounded once, half away from zero.
 */
export type PriceRule = {
  /** The dealer list price in cents (USD excluding VAT). */
  listCents: bigint;
  /** The tier's discount off the list price, in per cent ("5.00"); "0" without a tier. */
  tierPercent: string;
  /** The tier's own price of this product in cents, in place of its discount; null when it has none. */
  tierPriceCents: bigint | null;
  /** The product's quantity breaks, in any order. */
  breaks: readonly { minQuantity: number; percent: string }[];
};

/** The break a line of `quantity` units takes: the one with the highest minimum it reaches, or none. */
export function breakFor<B extends { minQuantity: number }>(breaks: readonly B[], quantity: number): B | null {
  let found: B | null = null;
  for (const b of breaks) if (b.minQuantity <= quantity && (!found || b.minQuantity > found.minQuantity)) found = b;
  return found;
}

/** The discounts applied, in order, to `base` for a line of `quantity`. */
function discounts(rule: PriceRule, quantity: number): string[] {
  const tier = rule.tierPriceCents === null ? [rule.tierPercent] : [];
  const step = breakFor(rule.breaks, quantity);
  return step ? [...tier, step.percent] : tier;
}

/** The unit price in cents of a line of `quantity` units. */
export function unitCents(rule: PriceRule, quantity: number): bigint {
  return discountedCents(rule.tierPriceCents ?? rule.listCents, discounts(rule, quantity));
}

/**
 * The unit price in the secondary currency: an admin's secondary list price (`overrideCents`) is discounted as the USD
 * list price is; a tier's own USD price, or a product without a secondary list price, is converted at the day's rate.
 * Null when neither is there.
 */
export function secondaryUnitCents(rule: PriceRule, quantity: number, overrideCents: bigint | null, rate: string | null): bigint | null {
  if (overrideCents !== null && overrideCents > 0n && rule.tierPriceCents === null)
    return discountedCents(overrideCents, discounts(rule, quantity));
  return rate === null ? null : convertCents(unitCents(rule, quantity), rate);
}

/** The break table a dealer is shown: the price from 1 unit, then from each break's minimum, lowest first. */
export function breakTable(rule: PriceRule): { minQuantity: number; cents: bigint }[] {
  const mins = [...new Set(rule.breaks.map((b) => b.minQuantity))].filter((m) => m > 1).sort((a, b) => a - b);
  return [1, ...mins].map((minQuantity) => ({ minQuantity, cents: unitCents(rule, minQuantity) }));
}
