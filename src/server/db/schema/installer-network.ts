import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { LEAD_OFFER_STATUSES, LEAD_SOURCES, LEAD_STATUSES } from "#shared/installer-network.ts";
import { users } from "./accounts.ts";
import { quotations } from "./commerce.ts";
import { dealers } from "./dealers.ts";

/**
 * An approved dealer's public profile. Listed on `/installers` only while `published` and the company
 * is verified: approved, not suspended, no document expired (`dealers.documents_expired_at` null). The trading name
 * is the application's; the licence class is the approved ZERA licence's.
 */
export const dealerProfiles = pgTable(
  "dealer_profiles",
  {
    dealerId: integer("dealer_id")
      .primaryKey()
      .references(() => dealers.id, { onDelete: "cascade" }),
    /** The profile's address, `/installers/{slug}`: made from the trading name, unique, kept once published. */
    slug: text("slug").notNull(),
    published: boolean("published").notNull().default(false),
    /** Public logo's storage key (WebP), or null. */
    logo: text("logo"),
    description: text("description").notNull().default(""),
    city: text("city").notNull().default(""),
    /** The home province's slug (`#shared/provinces.ts`). */
    province: text("province"),
    provincesServed: text("provinces_served").array().notNull().default(sql`'{}'::text[]`),
    services: text("services").array().notNull().default(sql`'{}'::text[]`),
    /** What the profile shows; each may be empty (not shown). */
    phone: text("phone").notNull().default(""),
    whatsapp: text("whatsapp").notNull().default(""),
    email: text("email").notNull().default(""),
    /** A dealer who pauses gets no new leads. */
    leadsPaused: boolean("leads_paused").notNull().default(false),
    /** The fair rotation: the dealer offered a lead longest ago comes first. */
    lastOfferedAt: timestamp("last_offered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("dealer_profiles_slug_key").on(t.slug),
    index("dealer_profiles_published_idx").on(t.published, t.province),
    index("dealer_profiles_served_idx").using("gin", t.provincesServed),
  ],
);

/**
 * A visitor's (or user's) request for a certified installer, made with a quotation request from the
 * quote dialog, the cart or the calculator. The customer's contact stays on the quotation and is shown to a dealer
 * only once their offer is accepted.
 */
export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    quotationId: integer("quotation_id")
      .notNull()
      .references(() => quotations.id, { onDelete: "cascade" }),
    source: text("source", { enum: LEAD_SOURCES }).notNull(),
    province: text("province").notNull(),
    status: text("status", { enum: LEAD_STATUSES }).notNull().default("open"),
    /** The dealer who accepted it (or to whom the back office assigned it). */
    dealerId: integer("dealer_id").references(() => dealers.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** An admin who assigned it by hand. */
    assignedBy: integer("assigned_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("leads_quotation_key").on(t.quotationId),
    index("leads_status_idx").on(t.status, t.createdAt),
    index("leads_dealer_idx").on(t.dealerId),
    check("leads_status_check", sql`${t.status} in ('open', 'accepted', 'unassigned', 'closed')`),
    check("leads_source_check", sql`${t.source} in ('quote', 'cart', 'calculator')`),
  ],
);

/** One offer of a lead to one dealer: offered for 48 hours, then accepted, declined, expired or withdrawn. */
export const leadOffers = pgTable(
  "lead_offers",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    status: text("status", { enum: LEAD_OFFER_STATUSES }).notNull().default("offered"),
    offeredAt: timestamp("offered_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    /** Who answered for the company (the owner or a buyer), or the admin who assigned it. */
    respondedBy: integer("responded_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("lead_offers_lead_dealer_key").on(t.leadId, t.dealerId),
    index("lead_offers_dealer_idx").on(t.dealerId, t.status),
    index("lead_offers_due_idx").on(t.expiresAt).where(sql`${t.status} = 'offered'`),
    check("lead_offers_status_check", sql`${t.status} in ('offered', 'accepted', 'declined', 'expired', 'withdrawn')`),
  ],
);
