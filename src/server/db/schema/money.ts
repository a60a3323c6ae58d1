import { sql } from "drizzle-orm";
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { RATE_CURRENCIES } from "#shared/schemas/rates.ts";
import { FISCAL_STATUS_VALUES, TAX_DOCUMENT_KIND_VALUES } from "#shared/schemas/tax-documents.ts";
import { users } from "./accounts.ts";
import { orders } from "./commerce.ts";

/** The official exchange rate of a currency (units per 1 USD) from a day on. */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: serial("id").primaryKey(),
    currency: text("currency", { enum: RATE_CURRENCIES }).notNull(),
    rate: numeric("rate", { precision: 14, scale: 4 }).notNull(),
    effectiveDate: date("effective_date").notNull(),
    source: text("source").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("exchange_rates_currency_day_key").on(t.currency, t.effectiveDate)],
);

/** The standard VAT rate in percent from a day on: 15 %, then 15.5 % from 1 January 2026. */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: serial("id").primaryKey(),
    rate: numeric("rate", { precision: 5, scale: 2 }).notNull(),
    validFrom: date("valid_from").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tax_rates_valid_from_key").on(t.validFrom)],
);

/**
 * What a tax document is: a tax invoice for a paid order, a credit note that reverses it in full or in part, or a
 * debit note that raises its price (decision 016).
 */
export const TAX_DOCUMENT_KINDS = TAX_DOCUMENT_KIND_VALUES;
/**
 * Fiscalisation: not required while FDMS is off; pending until FDMS accepts it; fiscalised; or needing correction
 * (FDMS refused it, accepted it with a red or grey error, or it could not be made into a receipt: decision 016), which
 * never blocks the documents after it.
 */
export const FISCAL_STATUSES = FISCAL_STATUS_VALUES;

/**
 * Tax invoices and credit notes. Numbers come from `document_sequences` in the transaction that issues
 * the document, so a rolled-back payment gives its number back: gapless per kind and year. `content` is the document
 * as issued (seller, buyer, lines with HS codes and VAT, both currencies at the frozen rate), never changed after;
 * the columns beside it are what lists and the accountant's CSV read.
 */
export const taxDocuments = pgTable(
  "tax_documents",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: TAX_DOCUMENT_KINDS }).notNull(),
    /** INV-2026-000123, CN-2026-000007, DN-2026-000002. */
    number: text("number").notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** A credit or debit note's invoice (an invoice has several notes). */
    invoiceId: integer("invoice_id"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** A note's reason (the order's cancellation note, or the admin's). */
    reason: text("reason").notNull().default(""),
    /**
     * An invoice FDMS kept with an error, credited in full and issued again (decision 016): when, and the new
     * invoice. A corrected invoice leaves the needs-correction list; its order may have a new invoice.
     */
    correctedAt: timestamp("corrected_at", { withTimezone: true }),
    replacedById: integer("replaced_by_id"),
    buyerName: text("buyer_name").notNull(),
    buyerTin: text("buyer_tin"),
    buyerVatNumber: text("buyer_vat_number"),
    currency: text("currency").notNull(),
    exchangeRate: numeric("exchange_rate", { precision: 14, scale: 4 }),
    rateDate: date("rate_date"),
    vatRate: numeric("vat_rate", { precision: 5, scale: 2 }),
    subtotal: numeric("subtotal", { precision: 18, scale: 2 }).notNull(),
    vat: numeric("vat", { precision: 18, scale: 2 }).notNull(),
    total: numeric("total", { precision: 18, scale: 2 }).notNull(),
    content: jsonb("content").notNull(),
    fiscalStatus: text("fiscal_status", { enum: FISCAL_STATUSES }).notNull().default("not_required"),
    /** What FDMS gave back: device id, fiscal day, receipt counter and global number, verification code, QR URL. */
    fiscal: jsonb("fiscal"),
    /** Why it needs correction: FDMS's codes, colours and messages, or ours ({ code, color, message }[]). */
    fiscalProblems: jsonb("fiscal_problems"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tax_documents_number_key").on(t.number),
    uniqueIndex("tax_documents_sequence_key").on(t.kind, t.year, t.sequence),
    // One invoice in force per order; notes are many, and a corrected invoice gives way to its replacement.
    uniqueIndex("tax_documents_order_invoice_key").on(t.orderId).where(sql`kind = 'invoice' and corrected_at is null`),
    index("tax_documents_invoice_idx").on(t.invoiceId),
    index("tax_documents_issued_idx").on(t.issuedAt),
    index("tax_documents_fiscal_idx").on(t.fiscalStatus, t.id),
    foreignKey({ columns: [t.invoiceId], foreignColumns: [t.id] }).onDelete("restrict"),
    foreignKey({ columns: [t.replacedById], foreignColumns: [t.id] }).onDelete("restrict"),
    check("tax_documents_kind_check", sql`${t.kind} in ('invoice', 'credit_note', 'debit_note')`),
    check("tax_documents_fiscal_status_check", sql`${t.fiscalStatus} in ('not_required', 'pending', 'fiscalised', 'needs_correction')`),
  ],
);

/** The last number given per document kind and year: one row locked by each issue, so numbers never skip. */
export const documentSequences = pgTable(
  "document_sequences",
  {
    kind: text("kind").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);
