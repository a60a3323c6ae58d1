import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { SpecValues } from "#shared/specs.ts";
import { VAT_CATEGORIES } from "#shared/tax.ts";

/** Ids are the spec's (§3): solar-panels 1, cabling 4, accessories 5, energy-storage 6, hybrid-inverters 7, mounting-equipment 8, switch-gear 9. */
export const categories = pgTable(
  "categories",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    showOnHome: boolean("show_on_home").notNull().default(true),
  },
  (t) => [uniqueIndex("categories_slug_key").on(t.slug)],
);

export const products = pgTable(
  "products",
  {
    productId: serial("product_id").primaryKey(),
    productName: text("product_name").notNull(),
    productDescription: text("product_description").notNull(),
    productBenefits: text("product_benefits").notNull().default(""),
    productWarranty: text("product_warranty").notNull().default(""),
    /** Storage key of the PDF datasheet. */
    datasheet: text("datasheet"),
    /** Storage keys, in display order; the first is the main image. */
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    /** The dealer list price, USD excluding VAT: dealers' tiers and quantity breaks discount it. */
    priceUsd: numeric("price_usd", { precision: 12, scale: 2 }).notNull(),
    /** The retail price (RRP), USD excluding VAT: what a visitor's quotation starts from. */
    retailPriceUsd: numeric("retail_price_usd", { precision: 12, scale: 2 }).notNull(),
    priceZwl: numeric("price_zwl", { precision: 14, scale: 2 }),
    /** The 8-digit HS tariff code printed on tax invoice lines; null until an admin sets it. */
    hsCode: text("hs_code"),
    /** How VAT applies to it: standard (the dated rate), zero-rated (0 %) or exempt (no VAT). */
    vatCategory: text("vat_category", { enum: VAT_CATEGORIES }).notNull().default("standard"),
    /** The stock-keeping unit ("SV-410M-PERC"): unique; null until an admin sets one (every demo product has one). */
    sku: text("sku"),
    /** Structured specifications, `{ key: value }` as `#shared/specs.ts` defines them for the product's category. */
    specs: jsonb("specs").$type<SpecValues>().notNull().default({}),
    /** Each unit carries a serial number recorded at dispatch: panels, inverters and batteries are. */
    serialised: boolean("serialised").notNull().default(false),
    /** At or below this many available, the product is low in stock and on the back office's low-stock list. */
    reorderLevel: integer("reorder_level").notNull().default(0),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    brandId: integer("brand_id").references(() => brands.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId, t.productId),
    index("products_name_idx").on(sql`lower(${t.productName})`),
    // Site search: the weighted document (drizzle/0015_search_extension.sql), typos on name and description.
    index("products_search_idx").using("gin", sql`search_document(${t.productName}, '', ${t.productDescription})`),
    index("products_name_trgm_idx").using("gin", t.productName.op("gin_trgm_ops")),
    index("products_description_trgm_idx").using("gin", t.productDescription.op("gin_trgm_ops")),
    index("products_brand_idx").on(t.brandId),
    uniqueIndex("products_sku_key").on(t.sku),
    // The search's SKU match: the SKU without its dashes, dots or slashes, for `like 'SV410M%'`.
    index("products_sku_search_idx").on(sql`regexp_replace(${t.sku}, '[^A-Z0-9]', '', 'g') text_pattern_ops`),
    check("products_hs_code_check", sql`${t.hsCode} ~ '^[0-9]{8}$'`),
    check("products_reorder_level_check", sql`${t.reorderLevel} >= 0`),
    check("products_vat_category_check", sql`${t.vatCategory} in ('standard', 'zero_rated', 'exempt')`),
  ],
);

export const featuredProducts = pgTable(
  "featured_products",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.productId, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Storage key of the featured artwork; the product's main image is used when null. */
    image: text("image"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("featured_products_product_key").on(t.productId)],
);

export const brands = pgTable("brands", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  logo: text("logo"),
  website: text("website"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
