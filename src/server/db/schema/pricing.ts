import { sql } from "drizzle-orm";
import { check, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { products } from "./catalogue.ts";

/**
 * Dealer tiers: each a discount, in per cent, off the dealer list price (`products.price_usd`). Kept in
 * the admin's order, lowest first: a new dealer starts in the first.
 */
export const dealerTiers = pgTable(
  "dealer_tiers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    discountPercent: numeric("discount_percent", { precision: 5, scale: 2 }).notNull().default("0"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("dealer_tiers_name_key").on(sql`lower(${t.name})`),
    check("dealer_tiers_discount_check", sql`${t.discountPercent} >= 0 and ${t.discountPercent} < 100`),
  ],
);

/** A tier's own price of one product, in USD excluding VAT, in place of the tier's discount off the list price. */
export const productTierPrices = pgTable(
  "product_tier_prices",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.productId, { onDelete: "cascade" }),
    tierId: integer("tier_id")
      .notNull()
      .references(() => dealerTiers.id, { onDelete: "cascade" }),
    priceUsd: numeric("price_usd", { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tierId] }), check("product_tier_prices_price_check", sql`${t.priceUsd} > 0`)],
);

/**
 * A product's quantity break: from `min_quantity` units on one line, a further discount in per cent off
 * the dealer's tier price. Quantities below the first break pay the tier price.
 */
export const priceBreaks = pgTable(
  "price_breaks",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.productId, { onDelete: "cascade" }),
    minQuantity: integer("min_quantity").notNull(),
    discountPercent: numeric("discount_percent", { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.minQuantity] }),
    check("price_breaks_quantity_check", sql`${t.minQuantity} >= 2`),
    check("price_breaks_discount_check", sql`${t.discountPercent} > 0 and ${t.discountPercent} < 100`),
  ],
);
