import { sql } from "drizzle-orm";
import { boolean, check, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** A warehouse or shop the distributor keeps stock at; `collection`: customers may collect there. */
export const branches = pgTable(
  "branches",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    city: text("city").notNull(),
    address: text("address").notNull().default(""),
    phone: text("phone").notNull().default(""),
    openingHours: text("opening_hours").notNull().default(""),
    collection: boolean("collection").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("branches_name_key").on(sql`lower(${t.name})`)],
);

/** The delivery fee to a city, in USD excluding VAT; set by admins. */
export const deliveryFees = pgTable(
  "delivery_fees",
  {
    id: serial("id").primaryKey(),
    city: text("city").notNull(),
    feeUsd: numeric("fee_usd", { precision: 12, scale: 2 }).notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("delivery_fees_city_key").on(sql`lower(${t.city})`), check("delivery_fees_fee_check", sql`${t.feeUsd} >= 0`)],
);
