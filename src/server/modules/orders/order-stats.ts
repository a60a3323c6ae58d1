import { and, eq, exists, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type CountWindows, NO_COUNTS, toCounts, type WindowCounts, windowCountColumns } from "../../db/count-windows.ts";
import { orderLines, orders } from "../../db/schema/commerce.ts";

/**
 * Orders waiting for the dealer's payment: all now, and those of them placed in each period (dashboard).
 * `productIds` keeps the orders holding one of them.
 */
export async function awaitingPaymentCounts(
  db: Db,
  opts: { windows: CountWindows; productIds?: number[] | undefined },
): Promise<WindowCounts> {
  if (opts.productIds && opts.productIds.length === 0) return NO_COUNTS;
  const holdsProduct = opts.productIds
    ? exists(
        db
          .select({ one: sql`1` })
          .from(orderLines)
          .where(and(eq(orderLines.orderId, orders.id), inArray(orderLines.productId, opts.productIds))),
      )
    : undefined;
  const [row] = await db
    .select(windowCountColumns(orders.createdAt, opts.windows))
    .from(orders)
    .where(and(eq(orders.status, "awaiting_payment"), holdsProduct));
  return toCounts(row);
}
