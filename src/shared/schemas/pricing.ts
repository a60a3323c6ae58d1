import { z } from "zod";
import { decimalUnits, VAT_PLACES } from "../money.ts";
import { AVAILABILITY_STATUSES } from "./stock.ts";

/**
 * Dealer prices: tiers, each a discount off the dealer list price; a tier's own price of a product; a
 * product's quantity breaks; the break table and tier a dealer is shown; the dealer's price list.
 */

/** A discount in per cent: at most 2 decimals, 0 ≤ d < 100 (`min` 0.01 where none makes no sense). */
const percent = (what: string, { positive }: { positive: boolean }) =>
  z.preprocess(
    (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v),
    z
      .string({ error: `Enter the ${what} in per cent.` })
      .trim()
      .refine((v) => decimalUnits(v, VAT_PLACES) !== null, `Enter the ${what} in per cent, with at most ${VAT_PLACES} decimals.`)
      .refine((v) => !positive || (decimalUnits(v, VAT_PLACES) ?? 0n) > 0n, `The ${what} must be more than 0 %.`)
      .refine((v) => (decimalUnits(v, VAT_PLACES) ?? 0n) < 100n * 10n ** BigInt(VAT_PLACES), `The ${what} must be less than 100 %.`),
  );

const price = (what: string) =>
  z.preprocess(
    (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v),
    z
      .string({ error: `Enter ${what}.` })
      .trim()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, `Enter ${what} as an amount in USD, e.g. 120 or 120.50.`)
      .refine((v) => (decimalUnits(v, 2) ?? 0n) > 0n, `${what.charAt(0).toUpperCase()}${what.slice(1)} must be more than 0.`),
  );

export const TIER_NAME_TAKEN = "A tier with this name exists.";
export const TIER_IN_USE = "Dealers buy at this tier: move them to another tier first.";

/** POST/PUT /api/dealer-tiers: a tier's name and its discount off the dealer list price. */
export const dealerTierSchema = z.object({
  name: z
    .string({ error: "Enter the tier's name." })
    .trim()
    .min(1, "Enter the tier's name.")
    .max(60, "Name must be at most 60 characters."),
  discount_percent: percent("discount", { positive: false }),
});
export type DealerTierInput = z.infer<typeof dealerTierSchema>;

export const dealerTierViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  discount_percent: z.string().describe("Discount off the dealer list price, in per cent"),
});
export type DealerTier = z.infer<typeof dealerTierViewSchema>;

/** A tier as the back office lists it: with how many dealers buy at it. */
export const dealerTierRowSchema = dealerTierViewSchema.extend({ dealers: z.number() });
export type DealerTierRow = z.infer<typeof dealerTierRowSchema>;

/** PUT /api/dealers/{userId}/tier: the tier a dealer's company buys at (audited). */
export const dealerTierAssignSchema = z.object({
  tier_id: z.coerce.number({ error: "Choose a tier." }).int("Choose a tier.").positive("Choose a tier."),
});

export const PRICE_BREAKS_MAX = 6;

/** One step of a product's quantity breaks: from `min_quantity` units on a line, `discount_percent` off the tier price. */
export const priceBreakInputSchema = z.object({
  min_quantity: z.coerce
    .number({ error: "Enter the quantity the break starts at." })
    .int("Enter the quantity as a whole number.")
    .min(2, "A break starts at 2 units or more.")
    .max(100_000, "A break starts at 100,000 units at most."),
  discount_percent: percent("break's discount", { positive: true }),
});

/**
 * PUT /api/products/{id}/price-rules: the product's quantity breaks and the tiers' own prices of it, each list whole
 * (what is left out is removed). Breaks deepen with the quantity: a bigger quantity never costs more per unit.
 */
export const priceRulesSchema = z
  .object({
    breaks: z.array(priceBreakInputSchema).max(PRICE_BREAKS_MAX, `At most ${PRICE_BREAKS_MAX} quantity breaks.`),
    tier_prices: z
      .array(z.object({ tier_id: z.coerce.number().int().positive("Choose a tier."), price_usd: price("the tier's price") }))
      .max(50),
  })
  .superRefine((v, ctx) => {
    const sorted = v.breaks.map((b, i) => ({ ...b, i })).sort((a, b) => a.min_quantity - b.min_quantity);
    for (let k = 1; k < sorted.length; k++) {
      const [prev, cur] = [sorted[k - 1], sorted[k]];
      if (!prev || !cur) continue;
      if (prev.min_quantity === cur.min_quantity) {
        ctx.addIssue({ code: "custom", path: ["breaks", cur.i, "min_quantity"], message: `Two breaks start at ${cur.min_quantity}.` });
      } else if ((decimalUnits(cur.discount_percent, VAT_PLACES) ?? 0n) <= (decimalUnits(prev.discount_percent, VAT_PLACES) ?? 0n)) {
        ctx.addIssue({
          code: "custom",
          path: ["breaks", cur.i, "discount_percent"],
          message: `The break from ${cur.min_quantity} must take off more than the one from ${prev.min_quantity}.`,
        });
      }
    }
    const tiers = new Set<number>();
    v.tier_prices.forEach((t, i) => {
      if (tiers.has(t.tier_id))
        ctx.addIssue({ code: "custom", path: ["tier_prices", i, "tier_id"], message: "This tier is priced twice." });
      tiers.add(t.tier_id);
    });
  });
export type PriceRulesInput = z.infer<typeof priceRulesSchema>;

export const priceRulesViewSchema = z.object({
  breaks: z.array(z.object({ min_quantity: z.number(), discount_percent: z.string() })),
  tier_prices: z.array(z.object({ tier_id: z.number(), price_usd: z.string() })),
});
export type PriceRulesView = z.infer<typeof priceRulesViewSchema>;

/** A step of the break table a dealer is shown: from `min_quantity` units, this unit price (the first starts at 1). */
export const priceBreakSchema = z.object({
  min_quantity: z.number(),
  price_usd: z.string(),
  price_zwl: z.string().nullable().describe("The unit price in the secondary currency; null without one"),
});
export type PriceBreak = z.infer<typeof priceBreakSchema>;

/** One line of a dealer's price list (GET /api/dealer/price-list). */
export const priceListRowSchema = z.object({
  product_id: z.number(),
  sku: z.string().nullable(),
  product_name: z.string(),
  category_id: z.number(),
  category_name: z.string(),
  price_usd: z.string().describe("The dealer's unit price for one, USD excluding VAT"),
  price_zwl: z.string().nullable().describe("The unit price for one in the secondary currency; null without one"),
  price_breaks: z.array(priceBreakSchema).describe("The break table, from 1 unit; one step when the product has no breaks"),
  availability_status: z.enum(AVAILABILITY_STATUSES),
  availability: z.string().describe("In stock, Low stock, Out of stock — expected …, or On order"),
  next_arrival: z.string().nullable().describe("The expected day (YYYY-MM-DD) of the next shipment, when one is on its way"),
});
export type PriceListRow = z.infer<typeof priceListRowSchema>;

export const priceListSchema = z.object({
  date: z.string().describe("The day the prices are for (YYYY-MM-DD, Africa/Harare)"),
  dealer_name: z.string().nullable().describe("The dealer's trading name (else the registered company); null for admins"),
  tier: dealerTierViewSchema.nullable().describe("The dealer's tier; null for admins, who see the dealer list price"),
  secondary_currency: z.string(),
  exchange_rate: z.string().nullable().describe("The rate of the day secondary prices are made at; null when there is none"),
  rate_date: z.string().nullable(),
  rows: z.array(priceListRowSchema).describe("Every priced product, by category (the site's order), then name"),
});
export type PriceList = z.infer<typeof priceListSchema>;

/** "10+: 108.74; 40+: 105.37": a row's breaks after the first step, as the CSV writes them ("" without breaks). */
export function breaksText(breaks: readonly PriceBreak[]): string {
  return breaks
    .filter((b) => b.min_quantity > 1)
    .map((b) => `${b.min_quantity}+: ${b.price_usd}`)
    .join("; ");
}
