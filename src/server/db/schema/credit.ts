import { sql } from "drizzle-orm";
import { check, date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { ACCOUNT_PAYMENT_METHODS } from "#shared/schemas/credit.ts";
import { users } from "./accounts.ts";
import { orders } from "./commerce.ts";
import { taxDocuments } from "./money.ts";

/**
 * Money a dealer company paid on its account (decision 034): recorded by an admin, or arriving through Paynow or a
 * confirmed proof of payment for an order on account. Kept in its own currency with the rate of its day, and in USD,
 * the account's currency. What is not allocated to an invoice is a credit on the account.
 */
export const accountPayments = pgTable(
  "account_payments",
  {
    id: serial("id").primaryKey(),
    /** The company's account (its owner). */
    companyUserId: integer("company_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    receivedOn: date("received_on").notNull(),
    currency: text("currency").notNull(),
    amount: numeric("amount", { precision: 18, scale: 2 }).notNull(),
    /** The rate of the day it arrived (units per 1 USD) for a payment not in USD; null for USD. */
    exchangeRate: numeric("exchange_rate", { precision: 14, scale: 4 }),
    amountUsd: numeric("amount_usd", { precision: 14, scale: 2 }).notNull(),
    method: text("method", { enum: ACCOUNT_PAYMENT_METHODS }).notNull(),
    reference: text("reference").notNull(),
    /** The order on account it paid, when it came through that order's Paynow or proof of payment. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("account_payments_company_idx").on(t.companyUserId, t.receivedOn),
    check("account_payments_amount_check", sql`${t.amount} > 0 and ${t.amountUsd} > 0`),
  ],
);

/** This much of a payment, in USD, settles this much of an invoice on account. */
export const paymentAllocations = pgTable(
  "payment_allocations",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => accountPayments.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => taxDocuments.id, { onDelete: "restrict" }),
    amountUsd: numeric("amount_usd", { precision: 14, scale: 2 }).notNull(),
    allocatedBy: integer("allocated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payment_allocations_payment_idx").on(t.paymentId),
    index("payment_allocations_invoice_idx").on(t.invoiceId),
    check("payment_allocations_amount_check", sql`${t.amountUsd} > 0`),
  ],
);

/** The statement e-mails of an invoice on account: before it falls due, and once overdue; each once. */
export const creditReminders = pgTable(
  "credit_reminders",
  {
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => taxDocuments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["due_soon", "overdue"] }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.kind] }), check("credit_reminders_kind_check", sql`${t.kind} in ('due_soon', 'overdue')`)],
);
