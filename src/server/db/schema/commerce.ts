import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ORDER_PAYMENT_TERMS } from "#shared/schemas/credit.ts";
import { ORDER_CURRENCIES, ORDER_FULFILMENTS, ORDER_STATUSES } from "#shared/schemas/orders.ts";
import { PAYMENT_STATUSES, PAYNOW_METHODS } from "#shared/schemas/payments.ts";
import { QUOTATION_STATUS_VALUES } from "#shared/schemas/quotations.ts";
import { VAT_CATEGORIES, VAT_ROUNDINGS } from "#shared/tax.ts";
import { users } from "./accounts.ts";
import { branches } from "./branches.ts";
import { categories, products } from "./catalogue.ts";

export const quotations = pgTable(
  "quotations",
  {
    id: serial("id").primaryKey(),
    /** Null for a visitor's request. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: QUOTATION_STATUS_VALUES }).notNull().default("pending"),
    requesterName: text("requester_name").notNull(),
    requesterAddress: text("requester_address").notNull(),
    requesterPhone: text("requester_phone").notNull(),
    requesterEmail: text("requester_email").notNull(),
    notes: text("notes").notNull().default(""),
    /** Set when an admin approves: the currency of the quoted prices and the last moment the quotation holds. */
    currency: text("currency", { enum: ["USD", "ZWL", "ZWG"] })
      .notNull()
      .default("USD"),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    /** The exchange rate in force when an admin approved it, and that rate's day: frozen with the prices. */
    exchangeRate: numeric("exchange_rate", { precision: 14, scale: 4 }),
    rateDate: date("rate_date"),
    /** The standard VAT rate in force on approval (null before approval, and on quotations from before VAT). */
    vatRate: numeric("vat_rate", { precision: 5, scale: 2 }),
    /** How its VAT is rounded, set on approval (decision 031): "line" on quotations approved before VAT per rate. */
    vatRounding: text("vat_rounding", { enum: VAT_ROUNDINGS }).notNull().default("group"),
    /** Why an admin rejected it (shown to the requester). */
    decisionReason: text("decision_reason").notNull().default(""),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The branch an approved quotation's lines are reserved at. */
    branchId: integer("branch_id").references(() => branches.id, { onDelete: "set null" }),
    /** Who asked for it when that is a company's team member; `user_id` is then the company's owner. */
    placedBy: integer("placed_by").references(() => users.id, { onDelete: "set null" }),
    /** SHA-256 of the private link's token e-mailed to the requester (a visitor accepts through it). */
    accessTokenHash: text("access_token_hash"),
    /** Accepting an approved quotation: when, by whom, and the order it became (a dealer's). */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: integer("accepted_by").references(() => users.id, { onDelete: "set null" }),
    orderId: integer("order_id"),
    /** When the reminder three days before expiry went (sent once). */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quotations_user_idx").on(t.userId, t.createdAt),
    index("quotations_email_idx").on(sql`lower(${t.requesterEmail})`),
    index("quotations_status_idx").on(t.status, t.createdAt),
    check("quotations_status_check", sql`${t.status} in ('pending', 'approved', 'rejected', 'expired', 'accepted')`),
    uniqueIndex("quotations_access_token_idx").on(t.accessTokenHash),
  ],
);

export const quotationProducts = pgTable(
  "quotation_products",
  {
    id: serial("id").primaryKey(),
    quotationId: integer("quotation_id")
      .notNull()
      .references(() => quotations.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.productId, { onDelete: "set null" }),
    /** Kept as requested so the quotation reads the same after the product changes. */
    productName: text("product_name").notNull(),
    quantity: integer("quantity").notNull(),
    priceUsd: numeric("price_usd", { precision: 12, scale: 2 }),
    /** The unit price an admin quotes on approval, in the quotation's currency. */
    quotedPrice: numeric("quoted_price", { precision: 16, scale: 2 }),
    /** Frozen on approval from the product: HS code, VAT category and the line's VAT rate (null: exempt or no VAT). */
    hsCode: text("hs_code"),
    vatCategory: text("vat_category", { enum: VAT_CATEGORIES }).notNull().default("standard"),
    vatRate: numeric("vat_rate", { precision: 5, scale: 2 }),
    /** Added by an admin while editing the quotation, not asked for by the requester. */
    addedByAdmin: boolean("added_by_admin").notNull().default(false),
  },
  (t) => [index("quotation_products_quotation_idx").on(t.quotationId), check("quotation_products_quantity_check", sql`${t.quantity} >= 1`)],
);

/**
 * A charge or discount an admin adds to a quotation before approving it: delivery, installation, or a
 * discount, each an amount excluding VAT in the quotation's currency (a discount's amount is positive and subtracted).
 */
export const quotationCharges = pgTable(
  "quotation_charges",
  {
    id: serial("id").primaryKey(),
    quotationId: integer("quotation_id")
      .notNull()
      .references(() => quotations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["delivery", "installation", "discount"] }).notNull(),
    label: text("label").notNull(),
    amount: numeric("amount", { precision: 16, scale: 2 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quotation_charges_quotation_idx").on(t.quotationId),
    check("quotation_charges_kind_check", sql`${t.kind} in ('delivery', 'installation', 'discount')`),
    check("quotation_charges_amount_check", sql`${t.amount} > 0`),
  ],
);

/**
 * An order's life: placed and awaiting payment, paid (an admin confirms the bank transfer), processing,
 * then dispatched (delivery) or ready for collection, then completed; cancelled from awaiting payment or paid.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("awaiting_payment"),
    /** The order at dealer USD prices including VAT, whatever currency it is paid in. */
    totalUsd: numeric("total_usd", { precision: 14, scale: 2 }).notNull(),
    /**
     * VAT frozen when the order is placed: the standard rate in force that day (null on orders from
     * before VAT, which carry none), and the amounts excluding VAT and of VAT in USD, in the order's currency and in
     * the secondary currency at the frozen rate (null when no rate was in force). `total` and `total_usd` include VAT.
     */
    vatRate: numeric("vat_rate", { precision: 5, scale: 2 }),
    subtotalUsd: numeric("subtotal_usd", { precision: 14, scale: 2 }),
    vatUsd: numeric("vat_usd", { precision: 14, scale: 2 }),
    subtotal: numeric("subtotal", { precision: 18, scale: 2 }),
    vat: numeric("vat", { precision: 18, scale: 2 }),
    secondaryCurrency: text("secondary_currency"),
    subtotalSecondary: numeric("subtotal_secondary", { precision: 18, scale: 2 }),
    vatSecondary: numeric("vat_secondary", { precision: 18, scale: 2 }),
    totalSecondary: numeric("total_secondary", { precision: 18, scale: 2 }),
    /** How the amounts above were rounded (decision 031): "line" on orders placed before VAT per rate. */
    vatRounding: text("vat_rounding", { enum: VAT_ROUNDINGS }).notNull().default("group"),
    /** The currency the dealer pays in: USD or the secondary currency's label at the time of the order. */
    currency: text("currency", { enum: ORDER_CURRENCIES }).notNull().default("USD"),
    /** The total in `currency`; null on orders from before currencies (read as total_usd). */
    total: numeric("total", { precision: 18, scale: 2 }),
    /**
     * The exchange rate in force when the order was placed (units of the secondary currency per 1 USD) and the day it
     * took effect, frozen with the order's amounts; null on orders from before rates, or with none.
     */
    exchangeRate: numeric("exchange_rate", { precision: 14, scale: 4 }),
    rateDate: date("rate_date"),
    fulfilment: text("fulfilment", { enum: ORDER_FULFILMENTS }).notNull().default("delivery"),
    contactName: text("contact_name").notNull().default(""),
    contactPhone: text("contact_phone").notNull().default(""),
    deliveryAddress: text("delivery_address").notNull().default(""),
    /**
     * The branch that serves the order: where it is collected, or sent from; its lines are reserved
     * there. The city delivered to, whose fee is the order's delivery line. Null on orders from before branches.
     */
    branchId: integer("branch_id").references(() => branches.id, { onDelete: "set null" }),
    deliveryCity: text("delivery_city"),
    /** The waybill or collection reference recorded at dispatch. */
    dispatchReference: text("dispatch_reference"),
    notes: text("notes").notNull().default(""),
    /** The bank's or ZIPIT transaction reference an admin records when confirming payment. */
    paymentReference: text("payment_reference"),
    /**
     * The Harare day a confirmed bank or ZIPIT transfer reached the account, as the admin read it on the statement;
     * null: the day it was confirmed. The invoice's VAT tax point is the earlier of it and the invoice (decision 032).
     */
    paidOn: date("paid_on"),
    /**
     * Paid before dispatch, or on the company's account (decision 034): released for dispatch when placed, invoiced
     * when dispatched, due on `due_on` (the day placed plus the company's terms, frozen with the order).
     */
    paymentTerms: text("payment_terms", { enum: ORDER_PAYMENT_TERMS }).notNull().default("cash"),
    dueOn: date("due_on"),
    /** The team member who placed it; `user_id` is the company's owner. Null: the owner did. */
    placedBy: integer("placed_by").references(() => users.id, { onDelete: "set null" }),
    /** The accepted quotation this order was placed from, at its quoted prices. */
    quotationId: integer("quotation_id"),
    /** Sent by the checkout form, once per page view: a retried submit finds the order it already made. */
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status, t.createdAt),
    uniqueIndex("orders_user_idempotency_idx").on(t.userId, t.idempotencyKey),
    uniqueIndex("orders_quotation_idx").on(t.quotationId),
    index("orders_account_idx").on(t.userId).where(sql`payment_terms = 'account'`),
    check("orders_payment_terms_check", sql`(${t.paymentTerms} = 'cash') = (${t.dueOn} is null)`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.productId, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    /** A product, or the delivery fee (a line of its own so the invoice and VAT include it). */
    kind: text("kind", { enum: ["product", "delivery", "installation", "discount"] })
      .notNull()
      .default("product"),
    quantity: integer("quantity").notNull(),
    unitPriceUsd: numeric("unit_price_usd", { precision: 12, scale: 2 }).notNull(),
    /** The unit price in the order's currency; null on orders from before currencies (read as unit_price_usd). */
    unitPrice: numeric("unit_price", { precision: 16, scale: 2 }),
    /** The unit price in the secondary currency at the order's frozen rate (null with no rate). */
    unitPriceSecondary: numeric("unit_price_secondary", { precision: 16, scale: 2 }),
    /** Frozen from the product when the order is placed: its HS code, VAT category and the line's VAT rate (null: exempt, or no VAT). */
    hsCode: text("hs_code"),
    vatCategory: text("vat_category", { enum: VAT_CATEGORIES }).notNull().default("standard"),
    vatRate: numeric("vat_rate", { precision: 5, scale: 2 }),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId), check("order_lines_quantity_check", sql`${t.quantity} >= 1`)],
);

/** Every status an order has had: who set it and when (the dealer's timeline). */
export const orderStatusEvents = pgTable(
  "order_status_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    changedBy: integer("changed_by").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_events_order_idx").on(t.orderId, t.createdAt)],
);

export const sales = pgTable(
  "sales",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id").references(() => products.productId, { onDelete: "set null" }),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    quantity: integer("quantity").notNull(),
    amountUsd: numeric("amount_usd", { precision: 14, scale: 2 }).notNull(),
    soldAt: timestamp("sold_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sales_sold_at_idx").on(t.soldAt),
    index("sales_category_idx").on(t.categoryId, t.soldAt),
    index("sales_product_idx").on(t.productId),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    notes: text("notes").notNull().default(""),
    requestQuote: boolean("request_quote").notNull().default(false),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When an admin last answered it by e-mail from the back office. */
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt), index("contact_messages_unread_idx").on(t.readAt)],
);

/**
 * A Paynow transaction for an order: started by the dealer, updated by Paynow's signed result callback
 * and by polling its poll URL. An order is paid once one of its payments is.
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull().default("paynow"),
    method: text("method", { enum: PAYNOW_METHODS }).notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("created"),
    amount: numeric("amount", { precision: 18, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    /** Our reference sent to Paynow (unique), and Paynow's own once it tells us. */
    reference: text("reference").notNull(),
    providerReference: text("provider_reference"),
    pollUrl: text("poll_url"),
    browserUrl: text("browser_url"),
    /** What the payer is told to do (mobile money: "dial … / approve on your phone"). */
    instructions: text("instructions").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("order_payments_reference_idx").on(t.reference), index("order_payments_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * A dealer's proof of a bank transfer or ZIPIT payment: the slip or confirmation (image or PDF, checked
 * and stored privately like the dealer documents) and the reference; the admin sees it beside "Confirm payment".
 */
export const orderPaymentProofs = pgTable(
  "order_payment_proofs",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    reference: text("reference").notNull(),
    storageKey: text("storage_key").notNull(),
    originalName: text("original_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_payment_proofs_order_idx").on(t.orderId, t.createdAt),
    uniqueIndex("order_payment_proofs_storage_key").on(t.storageKey),
  ],
);
