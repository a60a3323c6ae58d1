import { and, asc, eq, inArray } from "drizzle-orm";
import { PAYMENT_PAID } from "#shared/schemas/payments.ts";
import type { Db } from "../../db/client.ts";
import { orderLines, orderPayments } from "../../db/schema/commerce.ts";
import { type FdmsMoneyType, moneyTypeOfPayment, type ReceiptLineKind } from "./receipt-lines.ts";

/** What a receipt needs from the document's order that the frozen document does not say. */
export type OrderFacts = {
  /** Each document line's order line kind; undefined when the order's lines no longer match the document's. */
  lineKinds: ReceiptLineKind[] | undefined;
  moneyType: FdmsMoneyType;
};

/**
 * The order's line kinds, in the order the document lists them (its lines by id, as the invoice was made from them,
 * a credit note repeating its invoice's), and how it was paid: a paid Paynow payment's method (refunded since, for a
 * cancelled order's credit note, still says how the money came), else a bank transfer.
 */
export async function orderFacts(db: Db, orderId: number, documentLines: number): Promise<OrderFacts> {
  const [lines, [paid]] = await Promise.all([
    db.select({ kind: orderLines.kind }).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    db
      .select({ method: orderPayments.method })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, orderId), inArray(orderPayments.status, [...PAYMENT_PAID, "refunded"])))
      .orderBy(asc(orderPayments.id))
      .limit(1),
  ]);
  return {
    lineKinds: lines.length === documentLines ? lines.map((l) => l.kind) : undefined,
    moneyType: moneyTypeOfPayment(paid?.method ?? null),
  };
}
