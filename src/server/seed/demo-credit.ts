import { and, asc, eq } from "drizzle-orm";
import { harareDate } from "#shared/dates.ts";
import { centsToDecimal, signedCents } from "#shared/money.ts";
import type { Db } from "../db/client.ts";
import { orders } from "../db/schema/commerce.ts";
import { accountPayments, creditReminders, paymentAllocations } from "../db/schema/credit.ts";
import { dealers } from "../db/schema/dealers.ts";
import { taxDocuments } from "../db/schema/money.ts";

const DAY = 86_400_000;

/**
 * The demo dealer buys on account (decision 034): net 30 with a USD 15,000 limit. Its two orders on account (seeded
 * with the other orders) are invoiced: the older one overdue, part-paid by a bank transfer 20 days ago, the newer one
 * not due yet. Not more than 30 days overdue, so the company is not on hold.
 */
export async function seedDemoCredit(db: Db, dealerUserId: number, now = Date.now()): Promise<void> {
  await db.update(dealers).set({ creditTerms: "net30", creditLimitUsd: "15000.00" }).where(eq(dealers.userId, dealerUserId));
  const [oldest] = await db
    .select({ id: taxDocuments.id, total: taxDocuments.total, dueOn: orders.dueOn })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(eq(orders.userId, dealerUserId), eq(orders.paymentTerms, "account"), eq(taxDocuments.kind, "invoice")))
    .orderBy(asc(taxDocuments.issuedAt))
    .limit(1);
  if (!oldest) return;
  // About 40 % of the invoice, in whole dollars: a part payment that leaves an overdue balance.
  const paid = ((signedCents(oldest.total) ?? 0n) * 40n) / 10_000n;
  const amount = centsToDecimal(paid * 100n);
  const receivedAt = new Date(now - 20 * DAY);
  const [payment] = await db
    .insert(accountPayments)
    .values({
      companyUserId: dealerUserId,
      receivedOn: harareDate(receivedAt),
      currency: "USD",
      amount,
      amountUsd: amount,
      method: "bank_transfer",
      reference: "CBZ-RTGS-771204",
      createdAt: receivedAt,
    })
    .returning({ id: accountPayments.id });
  if (payment)
    await db.insert(paymentAllocations).values({ paymentId: payment.id, invoiceId: oldest.id, amountUsd: amount, createdAt: receivedAt });
  // Its reminders went when they were due (three days before, and the day after): a fresh demo mails nobody at start.
  const dueAt = new Date(`${oldest.dueOn ?? harareDate(new Date(now))}T08:00:00+02:00`).getTime();
  await db.insert(creditReminders).values([
    { invoiceId: oldest.id, kind: "due_soon", sentAt: new Date(dueAt - 3 * DAY) },
    { invoiceId: oldest.id, kind: "overdue", sentAt: new Date(dueAt + DAY) },
  ]);
}
