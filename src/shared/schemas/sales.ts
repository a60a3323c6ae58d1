import { z } from "zod";
import { daysIn, MAX_RANGE_DAYS } from "../date-range.ts";
import { CATEGORY_SLUGS } from "./catalogue.ts";

/** The spec's category ids (§3): the only values the category filter takes. */
export const SALES_CATEGORY_IDS: readonly number[] = Object.values(CATEGORY_SLUGS);

const optionalDate = (message: string) =>
  z
    .literal("")
    .transform(() => undefined)
    .or(z.iso.date(message))
    .optional();

/**
 * The range and category of the sales figures, the sales per product and the dashboard's statistics (spec §7:
 * GET /sales and GET /statistics/ take a range and a category). `from`/`to` are Harare calendar days, both included;
 * `range` is a number of days ending today (the form's presets), used when no dates are given.
 */
const rangeQuery = z.object({
  from: optionalDate("Enter the start date as YYYY-MM-DD."),
  to: optionalDate("Enter the end date as YYYY-MM-DD."),
  range: z
    .literal("")
    .transform(() => undefined)
    .or(z.coerce.number().int().min(1).max(MAX_RANGE_DAYS, `Choose at most ${MAX_RANGE_DAYS} days.`))
    .optional(),
  category: z
    .literal("")
    .transform(() => undefined)
    .or(
      z.coerce
        .number({ error: "Choose one of the product categories." })
        .int()
        .refine((id) => SALES_CATEGORY_IDS.includes(id), "Choose one of the product categories."),
    )
    .optional(),
});

function checkRange(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (!q.from || !q.to) return;
  if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "The end date must be on or after the start date." });
  else if (daysIn({ from: q.from, to: q.to }) > MAX_RANGE_DAYS) {
    ctx.addIssue({ code: "custom", path: ["from"], message: `Choose a range of at most ${MAX_RANGE_DAYS} days.` });
  }
}

export const salesQuerySchema = rangeQuery.superRefine(checkRange);
export type SalesQuery = z.infer<typeof salesQuerySchema>;

/** A sum of money in USD with two decimals, as the API writes it ("1250.00"). */
const usd = z.string();

const periodTotals = z.object({ amount_usd: usd, quantity: z.number(), count: z.number() });

/** GET /api/sales: the totals over the range and the previous period of equal length, a series, and per category. */
export const salesFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  category: z.number().nullable(),
  granularity: z.enum(["day", "week"]),
  total: periodTotals,
  previous: periodTotals.extend({ from: z.string(), to: z.string() }),
  series: z.array(z.object({ start: z.string(), end: z.string(), amount_usd: usd, quantity: z.number() })),
  categories: z.array(z.object({ category_id: z.number(), name: z.string(), amount_usd: usd, quantity: z.number() })),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const productSalesQuerySchema = rangeQuery
  .extend({ limit: z.coerce.number().int().min(1).max(500).optional().default(50) })
  .superRefine(checkRange);

/** GET /api/sales/products: the best-selling products over the range, by amount. */
export const productSalesSchema = z.object({
  from: z.string(),
  to: z.string(),
  category: z.number().nullable(),
  rows: z.array(
    z.object({
      product_id: z.number().nullable(),
      product_name: z.string(),
      category_id: z.number().nullable(),
      quantity: z.number(),
      amount_usd: usd,
    }),
  ),
});
export type ProductSales = z.infer<typeof productSalesSchema>;

/** POST /api/sales/: a sale made outside the website's orders (at the counter, by phone), entered by an admin. */
export const saleInputSchema = z.object({
  product_id: z.coerce
    .number({ error: "Choose a product." })
    .int("Choose a product.")
    .positive("Choose a product.")
    .max(2_147_483_647, "Choose a product."),
  quantity: z.coerce
    .number({ error: "Quantity must be a whole number of at least 1." })
    .int("Quantity must be a whole number of at least 1.")
    .min(1, "Quantity must be a whole number of at least 1.")
    .max(1_000_000, "Quantity must be at most 1,000,000."),
  amount_usd: z.coerce
    .string({ error: "Enter the amount in USD." })
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, "Enter the amount in USD, for example 1250.00.")
    .refine((v) => Number(v) > 0, "The amount must be more than 0."),
  date: z.iso.date("Enter the date of the sale."),
});
export type SaleInput = z.infer<typeof saleInputSchema>;
export type SaleInputValues = z.input<typeof saleInputSchema>;

export const saleSchema = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  category_id: z.number().nullable(),
  order_id: z.number().nullable(),
  quantity: z.number(),
  amount_usd: usd,
  sold_At: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;

/** A count on the dashboard: all in that state now, and those of them that came in this period and the previous. */
export const statCountSchema = z.object({ total: z.number(), period: z.number(), previous: z.number() });
export type StatCount = z.infer<typeof statCountSchema>;

/** GET /api/statistics/: the dashboard's counts. The category applies to quotations and orders (by their products). */
export const statisticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  previous: z.object({ from: z.string(), to: z.string() }),
  category: z.number().nullable(),
  /** documents_to_review: documents of applications with the team (replacements of rejected ones too) not yet reviewed. */
  dealers: z.object({ pending: statCountSchema, documents_to_review: statCountSchema }),
  quotations: z.object({ pending: statCountSchema, approved: statCountSchema, rejected: statCountSchema, expired: statCountSchema }),
  orders: z.object({ awaiting_payment: statCountSchema }),
  messages: z.object({ unread: statCountSchema }),
});
export type Statistics = z.infer<typeof statisticsSchema>;
