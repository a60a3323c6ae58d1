import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { harareDate } from "#shared/dates.ts";
import { signedCents, toUsdCents } from "#shared/money.ts";
import type { CreditTerms } from "#shared/schemas/credit.ts";
import { orderReference } from "#shared/schemas/orders.ts";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { orders } from "../../db/schema/commerce.ts";
import { accountPayments, paymentAllocations } from "../../db/schema/credit.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { taxDocuments } from "../../db/schema/money.ts";
import type { AccountRows } from "./credit-account.ts";

type Exec = Db | Tx;

/** A company on the account's books: its terms, limit and name. */
export type CreditCompany = { userId: number; name: string; terms: CreditTerms; limitUsd: string };

const companyName = sql<string>`coalesce(nullif(${dealers.tradingName}, ''), nullif(${dealers.registeredCompany}, ''), ${users.fullName})`;

/** The companies `where` picks (every dealer company when absent), by name. */
export async function creditCompanies(exec: Exec, where?: SQL): Promise<CreditCompany[]> {
  return exec
    .select({ userId: dealers.userId, name: companyName, terms: dealers.creditTerms, limitUsd: dealers.creditLimitUsd })
    .from(dealers)
    .innerJoin(users, eq(users.id, dealers.userId))
    .where(where)
    .orderBy(companyName);
}

/**
 * Locks the company's dealer row for the rest of `tx` (decision 034): every change of what the account owes or may
 * spend takes it first, so two orders on account, or an order and a payment, are decided one after the other.
 */
export async function lockCompany(tx: Tx, companyUserId: number): Promise<CreditCompany | null> {
  await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, companyUserId)).for("update");
  const [company] = await creditCompanies(tx, eq(dealers.userId, companyUserId));
  return company ?? null;
}

/**
 * The account rows of the given companies (every company with anything on account when `companyUserIds` is null),
 * up to and including `until` (Harare) when given: the documents of their orders on account, their payments and
 * allocations, and the orders on account not invoiced yet. Four statements, whatever the number of companies.
 */
export async function accountRows(exec: Exec, companies: readonly CreditCompany[], until?: string): Promise<Map<number, AccountRows>> {
  const ids = companies.map((c) => c.userId);
  const byCompany = new Map<number, AccountRows>(
    companies.map((c) => [
      c.userId,
      { terms: c.terms, limitUsd: c.limitUsd, documents: [], payments: [], allocations: [], uninvoicedCents: 0n },
    ]),
  );
  if (ids.length === 0) return byCompany;
  const [documents, payments, allocations, uninvoiced] = await Promise.all([
    exec
      .select({
        id: taxDocuments.id,
        companyUserId: orders.userId,
        kind: taxDocuments.kind,
        number: taxDocuments.number,
        issuedAt: taxDocuments.issuedAt,
        invoiceId: taxDocuments.invoiceId,
        currency: taxDocuments.currency,
        total: taxDocuments.total,
        exchangeRate: sql<string | null>`coalesce(${taxDocuments.exchangeRate}, ${orders.exchangeRate})::text`,
        orderId: orders.id,
        orderCreatedAt: orders.createdAt,
        dueOn: orders.dueOn,
      })
      .from(taxDocuments)
      .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
      .where(and(inArray(orders.userId, ids), eq(orders.paymentTerms, "account")))
      .orderBy(taxDocuments.id),
    exec.select().from(accountPayments).where(inArray(accountPayments.companyUserId, ids)).orderBy(accountPayments.id),
    exec
      .select({
        companyUserId: accountPayments.companyUserId,
        paymentId: paymentAllocations.paymentId,
        invoiceId: paymentAllocations.invoiceId,
        amountUsd: paymentAllocations.amountUsd,
      })
      .from(paymentAllocations)
      .innerJoin(accountPayments, eq(accountPayments.id, paymentAllocations.paymentId))
      .where(inArray(accountPayments.companyUserId, ids)),
    exec
      .select({
        companyUserId: orders.userId,
        createdAt: orders.createdAt,
        currency: orders.currency,
        total: orders.total,
        totalUsd: orders.totalUsd,
        exchangeRate: orders.exchangeRate,
      })
      .from(orders)
      .where(
        and(
          inArray(orders.userId, ids),
          eq(orders.paymentTerms, "account"),
          ne(orders.status, "cancelled"),
          sql`not exists (select 1 from ${taxDocuments} where ${taxDocuments.orderId} = ${orders.id} and ${taxDocuments.kind} = 'invoice')`,
        ),
      ),
  ]);
  const within = (day: string) => until === undefined || day <= until;
  const paymentDays = new Map(payments.map((p) => [p.id, p.receivedOn]));
  const documentDays = new Map(documents.map((d) => [d.id, harareDate(d.issuedAt)]));
  for (const d of documents) {
    const day = harareDate(d.issuedAt);
    if (!within(day)) continue;
    byCompany.get(d.companyUserId)?.documents.push({
      id: d.id,
      kind: d.kind,
      number: d.number,
      issuedOn: day,
      invoiceId: d.invoiceId,
      currency: d.currency,
      total: d.total,
      exchangeRate: d.exchangeRate,
      orderId: d.orderId,
      orderReference: orderReference(d.orderId, d.orderCreatedAt),
      dueOn: d.dueOn ?? day,
    });
  }
  for (const p of payments) {
    if (!within(p.receivedOn)) continue;
    byCompany.get(p.companyUserId)?.payments.push({
      id: p.id,
      receivedOn: p.receivedOn,
      currency: p.currency,
      amount: p.amount,
      exchangeRate: p.exchangeRate,
      amountUsd: p.amountUsd,
      method: p.method,
      reference: p.reference,
    });
  }
  for (const a of allocations) {
    // An allocation counts from when both its payment and its invoice are on the books.
    if (!within(paymentDays.get(a.paymentId) ?? "") || !within(documentDays.get(a.invoiceId) ?? "")) continue;
    byCompany.get(a.companyUserId)?.allocations.push({ paymentId: a.paymentId, invoiceId: a.invoiceId, amountUsd: a.amountUsd });
  }
  for (const o of uninvoiced) {
    const rows = byCompany.get(o.companyUserId);
    if (!rows || !within(harareDate(o.createdAt))) continue;
    rows.uninvoicedCents += orderUsdCents(o);
  }
  return byCompany;
}

/** An order's total in USD for the credit limit: its own total at its frozen rate when it is not in USD (decision 034). */
export function orderUsdCents(order: { currency: string; total: string | null; totalUsd: string; exchangeRate: string | null }): bigint {
  if (order.currency !== "USD" && order.total !== null && order.exchangeRate !== null) {
    return toUsdCents(signedCents(order.total) ?? 0n, order.exchangeRate);
  }
  return signedCents(order.totalUsd) ?? 0n;
}
