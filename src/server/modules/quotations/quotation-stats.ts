import { and, eq, exists, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { addDays, harareDate, startOfDay } from "#shared/date-range.ts";
import { QUOTATION_STATUS_VALUES, type QuotationStatusValue } from "#shared/schemas/quotations.ts";
import type { Db } from "../../db/client.ts";
import { type CountWindows, NO_COUNTS, toCounts, type WindowCounts, windowCountColumns } from "../../db/count-windows.ts";
import { quotationProducts, quotations } from "../../db/schema/commerce.ts";

type QuotationStatus = QuotationStatusValue;

/**
 * Before this moment, an approved quotation without its own end of validity has expired. It holds to the end of the
 * Harare day `QUOTATION_VALIDITY_DAYS` (30) days after its date (src/shared/quotation-status.ts), so it has expired
 * once today is 31 days or more after its date, i.e. when it was made before the start of the day 30 days ago.
 */
export function expiryCutoff(now: Date): Date {
  return startOfDay(addDays(harareDate(now), -30));
}

/**
 * Quotations by status as the dealer's page shows it (an approved quotation past its validity counts as expired),
 * for the dashboard: all now, and those made in each period. `productIds` keeps the quotations holding one of them.
 */
export async function quotationStatusCounts(
  db: Db,
  opts: { windows: CountWindows; now: Date; productIds?: number[] | undefined },
): Promise<Record<QuotationStatus, WindowCounts>> {
  const out = Object.fromEntries(QUOTATION_STATUS_VALUES.map((s) => [s, NO_COUNTS])) as Record<QuotationStatus, WindowCounts>;
  if (opts.productIds && opts.productIds.length === 0) return out;
  const expired = and(
    eq(quotations.status, "approved"),
    or(
      and(isNotNull(quotations.validUntil), lt(quotations.validUntil, opts.now)),
      and(isNull(quotations.validUntil), lt(quotations.createdAt, expiryCutoff(opts.now))),
    ),
  ) as SQL;
  const effective = sql<string>`case when ${expired} then 'expired' else ${quotations.status} end`;
  const holdsProduct = opts.productIds
    ? exists(
        db
          .select({ one: sql`1` })
          .from(quotationProducts)
          .where(and(eq(quotationProducts.quotationId, quotations.id), inArray(quotationProducts.productId, opts.productIds))),
      )
    : undefined;
  const rows = await db
    .select({ status: effective, ...windowCountColumns(quotations.createdAt, opts.windows) })
    .from(quotations)
    .where(holdsProduct)
    // By position: the status expression carries parameters, and a repeated copy would not match it.
    .groupBy(sql`1`);
  for (const row of rows) {
    if ((QUOTATION_STATUS_VALUES as readonly string[]).includes(row.status)) out[row.status as QuotationStatus] = toCounts(row);
  }
  return out;
}
