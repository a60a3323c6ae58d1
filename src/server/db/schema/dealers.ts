import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CREDIT_TERMS } from "#shared/schemas/credit.ts";
import { DEALER_STATUSES } from "#shared/schemas/dealers.ts";
import { DOCUMENT_KINDS, documentReviewStatuses } from "#shared/schemas/documents.ts";
import { users } from "./accounts.ts";
import { dealerTiers } from "./pricing.ts";

/** A company's dealer application; reg_status null means 'Not Started'. */
export const dealers = pgTable(
  "dealers",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    registeredCompany: text("registered_company"),
    tradingName: text("trading_name"),
    companyRegNumber: text("company_reg_number"),
    vatNumber: text("vat_number"),
    tin: text("tin"),
    /**
     * The company's registered address as printed (the buyer's on tax invoices): composed from the parts below when
     * they are given; for companies registered before the parts, the one line they typed.
     */
    address: text("address"),
    /** The registered address's parts, as FDMS's buyer address has them (decision 016): all four, or none. */
    addressProvince: text("address_province"),
    addressCity: text("address_city"),
    addressStreet: text("address_street"),
    addressHouseNo: text("address_house_no"),
    regStatus: text("reg_status", { enum: DEALER_STATUSES }),
    /** The company's price tier, set by admins; null: the lowest tier (the first in the admins' order). */
    tierId: integer("tier_id").references(() => dealerTiers.id, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /**
     * When one of the company's current documents passed its expiry date (set by the daily
     * `dealers.documents-expiry` job); while set, dealer prices and checkout are suspended and the public profile is
     * hidden. Cleared when an admin approves the renewal and nothing else has expired.
     */
    documentsExpiredAt: timestamp("documents_expired_at", { withTimezone: true }),
    /** How the company pays (decision 034): cash before dispatch, or on account at net 7, 14 or 30 days up to its limit in USD. */
    creditTerms: text("credit_terms", { enum: CREDIT_TERMS }).notNull().default("cash"),
    creditLimitUsd: numeric("credit_limit_usd", { precision: 14, scale: 2 }).notNull().default("0"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("dealers_user_key").on(t.userId),
    index("dealers_status_idx").on(t.regStatus, t.id),
    index("dealers_trading_name_idx").on(sql`lower(${t.tradingName})`),
    check("dealers_credit_terms_check", sql`${t.creditTerms} in ('cash', 'net7', 'net14', 'net30')`),
    check("dealers_credit_limit_check", sql`${t.creditLimitUsd} >= 0`),
    check("dealers_reg_status_check", sql`${t.regStatus} in ('Pending', 'Approved', 'Rejected', 'Suspended')`),
    check(
      "dealers_address_parts_check",
      sql`(${t.addressProvince} is null) = (${t.addressCity} is null) and (${t.addressCity} is null) = (${t.addressStreet} is null) and (${t.addressStreet} is null) = (${t.addressHouseNo} is null)`,
    ),
  ],
);

/** Private files: the storage key is never served from /media. */
export const dealerDocuments = pgTable(
  "dealer_documents",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull(),
    storageKey: text("storage_key").notNull(),
    originalName: text("original_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    reviewStatus: text("review_status", { enum: documentReviewStatuses }).notNull().default("pending"),
    reviewReason: text("review_reason"),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** The last day the document is valid (Harare), set by the admin who approves it; null: no expiry. */
    expiresOn: date("expires_on"),
    /** A ZERA licence's class (ST1–ST4), as the dealer gave it and the admin confirmed. */
    licenceClass: text("licence_class"),
    /** The reminders 30 and 7 days before expiry, and the expiry notice: each sent once. */
    reminder30SentAt: timestamp("reminder_30_sent_at", { withTimezone: true }),
    reminder7SentAt: timestamp("reminder_7_sent_at", { withTimezone: true }),
    expiredNoticeSentAt: timestamp("expired_notice_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("dealer_documents_dealer_idx").on(t.dealerId, t.kind),
    uniqueIndex("dealer_documents_storage_key").on(t.storageKey),
    index("dealer_documents_expiry_idx").on(t.expiresOn).where(sql`${t.expiresOn} is not null`),
    check(
      "dealer_documents_kind_check",
      sql`${t.kind} in ('tax_clearance', 'certificate_of_incorporation', 'director_id', 'zera_licence')`,
    ),
    check("dealer_documents_licence_class_check", sql`${t.licenceClass} is null or ${t.licenceClass} in ('ST1', 'ST2', 'ST3', 'ST4')`),
  ],
);

export const installations = pgTable(
  "installations",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    /** The client-generated id (timestamp text) the spec's form sends. */
    clientId: text("client_id").notNull(),
    systemDescription: text("system_description").notNull(),
    sizeOfSystem: text("size_of_system").notNull(),
    /** The end customer's contact (spec §7): private, never on the public profile. */
    email: text("email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    /** The town the system is in, and whether the dealer shows it on their public profile. */
    town: text("town"),
    showPublic: boolean("show_public").notNull().default(false),
    /** Public photos' storage keys (WebP, with their variants), in display order; at most four. */
    photos: text("photos").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("installations_dealer_idx").on(t.dealerId),
    uniqueIndex("installations_client_key").on(t.dealerId, t.clientId),
    check("installations_photos_max", sql`cardinality(${t.photos}) <= 4`),
  ],
);

export const dealerStatusHistory = pgTable(
  "dealer_status_history",
  {
    id: serial("id").primaryKey(),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    reason: text("reason"),
    /** A rejection's sections to correct ("company", "documents", "installations"); empty for other changes. */
    sections: text("sections").array().notNull().default(sql`'{}'::text[]`),
    changedBy: integer("changed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dealer_status_history_dealer_idx").on(t.dealerId, t.createdAt)],
);
