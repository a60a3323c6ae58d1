import { z } from "zod";
import { DEFAULT_PAGE_SIZE } from "../constants.ts";
import { pageFields } from "./list.ts";
import { dealerTierViewSchema, priceBreakSchema } from "./pricing.ts";
import { SECONDARY_CURRENCIES } from "./settings.ts";
import { availabilitySchema } from "./stock.ts";

export const CATEGORY_SLUGS = {
  "solar-panels": 1,
  cabling: 4,
  accessories: 5,
  "energy-storage": 6,
  "hybrid-inverters": 7,
  "mounting-equipment": 8,
  "switch-gear": 9,
} as const;
export type CategorySlug = keyof typeof CATEGORY_SLUGS;

/** GET /api/products/get-product-by-category/{categoryId}?page=&pageSize= */
export const pageQuerySchema = z.object(pageFields({ pageSize: DEFAULT_PAGE_SIZE, max: 100 }));

export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The ids of a comma-separated `ids` value; anything that is not a product id is left out, and at most 100 are read. */
export function parseProductIds(value: string): number[] {
  return value
    .split(",")
    .slice(0, 100)
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id >= 1 && id <= 2_147_483_647);
}

/** GET /api/products/exists?ids=12,15 (a cart kept in the browser asks which of its products are still sold). */
export const productIdsQuerySchema = z.object({
  ids: z
    .string()
    .max(1100)
    .regex(/^[\d,]*$/)
    .default("")
    .describe("Product ids, comma-separated; at most 100 are read"),
});
export const productExistenceSchema = z.object({
  asked: z.array(z.number()).describe("The ids read from the query"),
  available: z.array(z.number()).describe("Those of them still in the catalogue"),
});
export type ProductExistence = z.infer<typeof productExistenceSchema>;

/** A category id, or its slug (mapped to the id as the spec says). */
export const categoryRefSchema = z.union([
  z.coerce.number().int().positive().max(2_147_483_647),
  z.enum(Object.keys(CATEGORY_SLUGS) as [CategorySlug, ...CategorySlug[]]).transform((slug) => CATEGORY_SLUGS[slug]),
]);

export const categorySchema = z.object({ id: z.number(), slug: z.string(), name: z.string(), description: z.string() });
export type Category = z.infer<typeof categorySchema>;

/** A product (spec §3 names). Prices are null for everyone but dealers and admins. */
export const productRecordSchema = z.object({
  product_id: z.number(),
  product_name: z.string(),
  product_description: z.string(),
  product_benefits: z.string(),
  product_warranty: z.string(),
  datasheet: z.string().nullable(),
  images: z.string(),
  price_usd: z
    .string()
    .nullable()
    .describe("The caller's unit price for one, USD excluding VAT: a dealer's at their tier, the list price for admins; null for others"),
  price_zwl: z.string().nullable(),
  category: z.number(),
  category_slug: z.string(),
  category_name: z.string(),
  /** The product's brand, when it has one. */
  brand_name: z.string().nullable(),
  sku: z.string().nullable().describe("The stock-keeping unit, e.g. SV-410M-PERC; null when none is set"),
  specs: z
    .record(z.string(), z.union([z.number(), z.string()]))
    .describe("Structured specifications { key: value } of the product's category (numbers in the unit the key names)"),
});
export type ProductRecord = z.infer<typeof productRecordSchema>;

/**
 * A product as the public API answers it: `price_zwl` keeps the spec's name for existing clients and holds the price
 * in the site's secondary currency, which `secondary_currency` names (ZWG since 2024).
 */
export const productSchema = productRecordSchema.extend({
  price_zwl: z
    .string()
    .nullable()
    .describe("The price in the secondary currency: the USD price at the exchange rate in force, or the product's override"),
  secondary_currency: z.enum(SECONDARY_CURRENCIES),
  exchange_rate: z.string().nullable().describe("The rate (units per 1 USD) price_zwl was made at; null for an override or no price"),
  rate_date: z.string().nullable().describe("The day that rate took effect (YYYY-MM-DD)"),
  availability: availabilitySchema.describe("Stock per branch (issue 23 §3): quantities only for dealers and admins"),
  retail_price_usd: z.string().nullable().describe("The retail price (RRP), USD excluding VAT: admins only (issue 24 §1)"),
  price_breaks: z
    .array(priceBreakSchema)
    .nullable()
    .describe("The caller's unit price from each quantity, starting at 1: dealers (at their tier) and admins (at list); null for others"),
  tier: dealerTierViewSchema.nullable().describe("The dealer's price tier; null for everyone else"),
});
export type Product = z.infer<typeof productSchema>;

export const productPageSchema = z.object({ rows: z.array(productSchema), count: z.number() });
export type ProductPage = z.infer<typeof productPageSchema>;

/**
 * A category page's filters: each facet with what the other applied filters leave, so a count is the
 * number of products the page would show with that value added.
 */
const choiceFacetSchema = z.object({
  type: z.literal("choice"),
  param: z.string().describe("The address parameter: spec.<key> or brand"),
  label: z.string(),
  unit: z.string().nullable(),
  options: z.array(
    z.object({
      value: z.string(),
      label: z.string(),
      count: z.number().describe("Products with this value, under the other facets' filters"),
      selected: z.boolean(),
    }),
  ),
});
const rangeFacetSchema = z.object({
  type: z.literal("range"),
  param: z.string().describe("spec.<key>: filtered with spec.<key>.min and spec.<key>.max"),
  label: z.string(),
  unit: z.string().nullable(),
  min: z.number().nullable().describe("The lowest value among the products the other facets' filters leave"),
  max: z.number().nullable().describe("The highest value among them"),
  count: z.number().describe("How many of them have a value"),
  selected: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
});
export const facetSchema = z.discriminatedUnion("type", [choiceFacetSchema, rangeFacetSchema]);
export type Facet = z.infer<typeof facetSchema>;
export type ChoiceFacet = z.infer<typeof choiceFacetSchema>;
export type RangeFacet = z.infer<typeof rangeFacetSchema>;

/** GET /api/products/get-product-by-category/{categoryId}: a page of the filtered products, their count, the facets. */
export const categoryPageSchema = productPageSchema.extend({ facets: z.array(facetSchema) });
export type CategoryPage = z.infer<typeof categoryPageSchema>;

/**
 * Its query: the page, and the filters and sort of #shared/catalogue-filters.ts (`spec.<key>=`, `spec.<key>.min=`,
 * `spec.<key>.max=`, `brand=`, `sort=`), read by the service, which names what it cannot read.
 */
export const categoryQuerySchema = pageQuerySchema
  .extend({
    sort: z
      .string()
      .optional()
      .describe("name, name-desc, power, power-desc (the category's main figure), price, price-desc (dealers only)"),
    brand: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe("Brand ids, repeatable"),
  })
  .catchall(z.union([z.string(), z.array(z.string())]))
  .describe("Filters: spec.<key>=value (choices, repeatable), spec.<key>.min= and spec.<key>.max= (numbers)");
export type CategoryQuery = z.infer<typeof categoryQuerySchema>;

/** GET /api/products/get-all-products?page=&pageSize=&category= : every product, or one category's (id or slug). */
export const allProductsQuerySchema = pageQuerySchema.extend({
  category: z.preprocess((v) => (v === "" ? undefined : v), categoryRefSchema.optional()),
});
export type AllProductsQuery = z.infer<typeof allProductsQuerySchema>;

/**
 * A featured product (spec §3). `image` is its own artwork under /media/featuredProducts/ (null: show the
 * product's main image); `images` are the product's images under /media/products/, comma-separated.
 */
export const featuredSchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  product_id: z.number(),
  product_name: z.string(),
  images: z.string(),
});
export type Featured = z.infer<typeof featuredSchema>;

/** GET /api/brands/min: what pickers need. */
export const brandMinSchema = z.object({ id: z.number(), name: z.string() });
export type BrandMin = z.infer<typeof brandMinSchema>;
