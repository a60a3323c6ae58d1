import { and, asc, eq, inArray } from "drizzle-orm";
import { PAYMENT_PAID } from "#shared/schemas/payments.ts";
import type { Db } from "../../db/client.ts";
import { orderLines, orderPayments } from "../../db/schema/commerce.ts";
import { type FdmsMoneyType, moneyTypeOfPayment, type ReceiptLineKind } from "./receipt-lines.ts";

/** What a receipt needs from the document's order that the frozen document does not say. */
export type OrderFacts = {
  /** Each document line's order line kind; undefined when the order's lines no longer match the document's. */
  lineKinds: (ReceiptLineKind | undefined)[] | undefined;
  moneyType: FdmsMoneyType;
};

/**
 * The order's line kinds, in the order the document lists them (its lines by id, as the invoice was made from them,
 * a note's line the kind of the invoice line it names, `of_line`; a note's added charge is read from itself), and how
 * it was paid: a paid Paynow payment's method (refunded since, for a cancelled order's credit note, still says how
 * the money came), else a bank transfer.
 */
export async function orderFacts(db: Db, orderId: number, documentLines: readonly { of_line?: string | undefined }[]): Promise<OrderFacts> {
  const [lines, [paid]] = await Promise.all([
    db.select({ kind: orderLines.kind }).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    db
      .select({ method: orderPayments.method })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, orderId), inArray(orderPayments.status, [...PAYMENT_PAID, "refunded"])))
      .orderBy(asc(orderPayments.id))
      .limit(1),
  ]);
  const named = documentLines.some((l) => l.of_line !== undefined);
  return {
    lineKinds: named
      ? documentLines.map((l) => (l.of_line !== undefined && /^\d+$/.test(l.of_line) ? lines[Number(l.of_line)]?.kind : undefined))
      : lines.length === documentLines.length
        ? lines.map((l) => l.kind)
        : undefined,
    moneyType: moneyTypeOfPayment(paid?.method ?? null),
  };
}
