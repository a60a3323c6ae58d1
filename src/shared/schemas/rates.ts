import { z } from "zod";
import { decimalUnits, RATE_PLACES, VAT_PLACES } from "../money.ts";

/**
 * Dated rates: the official exchange rate of the secondary currency and the VAT rate, each a table of
 * values with the day they take effect, so a document reads the rate in force on its own date.
 */

/** The currencies an exchange rate is kept for: ZWG only since ZWL stopped being recognised (1 September 2024). */
export const RATE_CURRENCIES = ["ZWG"] as const;

const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD.")
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    "Enter a real date.",
  );

const positiveDecimal = (places: number, what: string, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => decimalUnits(v, places) !== null, `Enter the ${what} as a number with at most ${places} decimals.`)
    .refine((v) => (decimalUnits(v, places) ?? 0n) > 0n, `The ${what} must be more than 0.`)
    .refine((v) => (decimalUnits(v, places) ?? 0n) <= BigInt(max) * 10n ** BigInt(places), `The ${what} must be at most ${max}.`);

/** The day ZWG was introduced (RBZ, 5 April 2024): no ZWG rate is dated before it (decision 015). */
export const ZWG_FIRST_DAY = "2024-04-05";
export const RATE_BEFORE_ZWG = "ZWG did not exist before 5 April 2024: enter a date from then on.";
/** How far a new or corrected rate may move from the last one before the admin must confirm it (a mistyped 2650 for 26.50). */
export const RATE_JUMP_PERCENT = 20;

/**
 * `confirm`: the admin has checked a rate more than RATE_JUMP_PERCENT % away from the last one and it is right; without
 * it such a rate is a 400 under `rate` saying so.
 */
const confirmJump = z
  .boolean()
  .optional()
  .describe(`Confirms a rate more than ${RATE_JUMP_PERCENT} % away from the last one (refused with 400 under rate without it)`);

/** POST /api/exchange-rates: units of the currency per 1 USD from a day on (a future day takes effect that day). */
export const newExchangeRateSchema = z.object({
  currency: z.enum(RATE_CURRENCIES, { error: "Choose ZWG." }).default("ZWG"),
  rate: positiveDecimal(RATE_PLACES, "rate", 1_000_000),
  effective_date: calendarDay.refine((v) => v >= ZWG_FIRST_DAY, RATE_BEFORE_ZWG),
  source: z.string().trim().min(1, "Say where the rate comes from.").max(200, "Source must be at most 200 characters."),
  confirm: confirmJump,
});
export type NewExchangeRate = z.infer<typeof newExchangeRateSchema>;

/**
 * PATCH /api/exchange-rates/{id}: a mistyped rate corrected, with the reason (kept in the audit log). Documents already
 * issued keep the rate they froze; prices computed from then on use the corrected one.
 */
export const correctExchangeRateSchema = z.object({
  rate: newExchangeRateSchema.shape.rate,
  source: newExchangeRateSchema.shape.source,
  reason: z.string().trim().min(1, "Say why the rate is corrected.").max(500, "Reason must be at most 500 characters."),
  confirm: confirmJump,
});
export type CorrectExchangeRate = z.infer<typeof correctExchangeRateSchema>;

export const exchangeRateSchema = z.object({
  id: z.number(),
  currency: z.enum(RATE_CURRENCIES),
  rate: z.string().describe("Units of the currency per 1 USD, up to 4 decimals"),
  effective_date: z.string().describe("The first day (Africa/Harare) the rate is in force"),
  source: z.string(),
  created_at: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const exchangeRateQuerySchema = z.object({ currency: z.enum(RATE_CURRENCIES).default("ZWG") });

/**
 * POST /api/tax-rates: the standard VAT rate, in percent, from a day on. The day is after today (Africa/Harare): a day
 * that has begun has documents issued at the rate then in force, so a rate never takes effect at once or back-dated.
 */
export const newTaxRateSchema = z.object({
  rate: positiveDecimal(VAT_PLACES, "VAT rate", 100),
  valid_from: calendarDay,
});
export type NewTaxRate = z.infer<typeof newTaxRateSchema>;

/**
 * PATCH /api/tax-rates/{id}: a VAT rate not yet in force corrected (its rate or its day, still after today), with the
 * reason (kept in the audit log). A rate in force or past is never changed: documents have used it.
 */
export const correctTaxRateSchema = newTaxRateSchema.extend({
  reason: z.string().trim().min(1, "Say why the rate is corrected.").max(500, "Reason must be at most 500 characters."),
});
export type CorrectTaxRate = z.infer<typeof correctTaxRateSchema>;

export const taxRateSchema = z.object({
  id: z.number(),
  rate: z.string().describe("The standard VAT rate in percent, e.g. 15.50"),
  valid_from: z.string().describe("The first day (Africa/Harare) the rate is in force"),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

export const RATE_DATE_TAKEN = "A rate for this currency and day already exists: each day has one rate.";
export const TAX_DATE_TAKEN = "A VAT rate from this day already exists.";
export const TAX_RATE_FROM_TOMORROW =
  "Choose a day after today: documents issued today (and before) keep the VAT rate they were issued at.";
export const TAX_RATE_IN_FORCE =
  "This VAT rate is in force (or was): documents have been issued at it, so it cannot be changed. Enter a new rate from a later day.";
export const TAX_RATE_NOT_FOUND = "No such VAT rate.";
export const RATE_NOT_FOUND = "No such exchange rate.";
export const NO_RATE = "No exchange rate is in force yet: an admin enters today's official rate.";

/**
 * The warning for a rate far from the last one, or null within RATE_JUMP_PERCENT %: "ZWG 2650 per USD is 9,900 % above
 * the last rate, 26.50 from 24 November 2026. If it is right, tick the confirmation and save again." Exact arithmetic.
 */
export function rateJumpWarning(rate: string, last: { rate: string; effective_date: string } | null): string | null {
  if (!last) return null;
  const now = decimalUnits(rate, RATE_PLACES);
  const before = decimalUnits(last.rate, RATE_PLACES);
  if (now === null || before === null || before === 0n) return null;
  const diff = now > before ? now - before : before - now;
  if (diff * 100n <= before * BigInt(RATE_JUMP_PERCENT)) return null;
  const percent = ((diff * 100n + before / 2n) / before).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${rate} per USD is ${percent} % ${now > before ? "above" : "below"} the last rate, ${last.rate} from ${last.effective_date}. If it is right, tick "The rate is right" and save again.`;
}
