import { z } from "zod";
import { HS_CODE_PATTERN, VAT_CATEGORIES } from "../tax.ts";
import { productRecordSchema } from "./catalogue.ts";
import { removeFlagSchema } from "./image-order.ts";
import type { PageQuery } from "./list.ts";

/**
 * The back office's catalogue contracts: products, featured products and brands as admins send them.
 * Apart from the public catalogue schemas so none of this reaches the public pages' scripts. Multipart text fields
 * arrive as strings, JSON may carry numbers: both are read here.
 */

/** Images a product keeps at most, and each image's largest size (as uploaded; stored re-encoded at ≤ 1200 px). */
export const PRODUCT_MAX_IMAGES = 8;
export const IMAGE_MAX_MB = 3;
export const IMAGE_MAX_BYTES = IMAGE_MAX_MB * 1024 * 1024;
export const DATASHEET_MAX_MB = 10;
export const DATASHEET_MAX_BYTES = DATASHEET_MAX_MB * 1024 * 1024;
/** The longest text field a multipart form may carry (a long product description). */
export const FORM_FIELD_MAX_BYTES = 20_000;
/** The file inputs' `accept` attributes. */
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";
export const PDF_ACCEPT = ".pdf,application/pdf";

// Spec §5: a product needs name, description, category, USD price, images and a datasheet PDF.
export const PRODUCT_NAME_REQUIRED = "Product name is required";
export const PRODUCT_DESCRIPTION_REQUIRED = "Product description is required";
export const CATEGORY_REQUIRED = "Category is required";
export const PRICE_USD_REQUIRED = "USD price is required";
export const PRODUCT_IMAGES_REQUIRED = "At least one product image is required";
export const DATASHEET_REQUIRED = "A datasheet PDF is required";
export const PRICE_FORMAT = "Enter an amount such as 120 or 120.50 (digits only, no currency sign).";
export const PRICE_NEGATIVE = "A price cannot be negative.";
export const TOO_MANY_PRODUCT_IMAGES = `A product can have at most ${PRODUCT_MAX_IMAGES} images.`;
export const CATEGORY_UNKNOWN = "Choose one of the categories.";
export const BRAND_UNKNOWN = "Choose one of the brands.";
export const PRODUCT_UNKNOWN = "Choose a product from the catalogue.";
export const ALREADY_FEATURED = "This product is already featured.";
export const BRAND_NAME_TAKEN = "A brand with this name already exists.";
export const BRAND_NAME_REQUIRED = "Brand name is required";
export const HS_CODE_FORMAT = "Enter the 8-digit HS tariff code, e.g. 85414300.";
/**
 * A VAT-registered seller's products need one (decision 016 RCPT047: FDMS refuses a VAT payer's receipt line
 * without an HS code, and an order of such a product could not be fiscalised).
 */
export const HS_CODE_REQUIRED_FOR_VAT =
  "Enter the product's 8-digit HS tariff code, e.g. 8541.43.00: we are VAT-registered, and ZIMRA needs it on every line of our tax invoices.";
export const VAT_CATEGORY_UNKNOWN = "Choose standard rate, zero-rated or exempt.";
export const SKU_FORMAT = "Enter the SKU with letters, digits, dashes, dots or slashes (at most 40), e.g. SV-410M-PERC.";
export const SKU_TAKEN = "Another product already has this SKU.";
export const SPECS_FORMAT = "Send the specifications as a JSON object of { key: value }.";

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;

const requiredText = (label: string, required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong(label, max));

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, tooLong(label, max));

/** A decimal string of at most `digits` whole digits and 2 decimals, ≥ 0 (a number from JSON is read as its text). */
const amount = (required: string, digits: number) =>
  z.preprocess(
    (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v),
    z
      .string({ error: required })
      .trim()
      .min(1, required)
      .refine((v) => !v.startsWith("-"), PRICE_NEGATIVE)
      .regex(new RegExp(`^\\d{1,${digits}}(\\.\\d{1,2})?$`), PRICE_FORMAT),
  );

/** An optional amount: empty or null clears it. */
const optionalAmount = (digits: number) =>
  z.preprocess((v) => (v === "" || v === null ? null : v), amount(PRICE_FORMAT, digits).nullable());

/** A positive id from a select (text) or JSON (number). */
const idRef = (required: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v)) : v),
    z.number({ error: required }).int(required).positive(required).max(2_147_483_647, required),
  );

/** An optional id: empty or null means none. */
const optionalIdRef = (message: string) => z.preprocess((v) => (v === "" || v === null ? null : v), idRef(message).nullable());

/**
 * A product's HS tariff code: eight digits, typed as people print it ("8541.43.00", "8541 43 00") and
 * stored as the digits; empty or null clears it.
 */
const hsCode = z.preprocess(
  (v) => (v === "" || v === null ? null : typeof v === "string" ? v.replace(/[\s.]/g, "") : v),
  z.string({ error: HS_CODE_FORMAT }).regex(HS_CODE_PATTERN, HS_CODE_FORMAT).nullable(),
);

/** How VAT applies to the product; the standard rate when left out or empty. */
const vatCategory = z.preprocess((v) => (v === "" ? undefined : v), z.enum(VAT_CATEGORIES, { error: VAT_CATEGORY_UNKNOWN }));

/** A product's SKU, kept upper-case; empty or null clears it. */
const sku = z.preprocess(
  (v) => (v === "" || v === null ? null : typeof v === "string" ? v.trim().toUpperCase() : v),
  z
    .string({ error: SKU_FORMAT })
    .regex(/^[A-Z0-9][A-Z0-9./-]{0,39}$/, SKU_FORMAT)
    .nullable(),
);

/**
 * A product's specifications as sent: an object, or its JSON text (a multipart field). Only their shape is read here;
 * each value is checked against the product's category with `specsSchemaFor` (#shared/specs.ts).
 */
const specs = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    if (v.trim() === "") return {};
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z.record(z.string(), z.unknown(), { error: SPECS_FORMAT }),
);

/** A checkbox or a JSON boolean: "true"/"on"/"1" (a multipart field) is true, "false"/"0"/"" false. */
const flag = z.preprocess(
  (v) => (typeof v === "string" ? ["true", "on", "1"].includes(v.trim().toLowerCase()) : v),
  z.boolean({ error: "Send true or false." }),
);

export const REORDER_LEVEL_MAX = 1_000_000;
/** The available stock (all branches) at or below which the product shows "Low stock" and is listed to reorder. */
const reorderLevel = z.preprocess(
  (v) => (v === "" || v === null ? 0 : v),
  z.coerce
    .number({ error: "Enter the reorder level as a whole number, 0 for none." })
    .int("Enter the reorder level as a whole number, 0 for none.")
    .min(0, "The reorder level cannot be negative.")
    .max(REORDER_LEVEL_MAX, `The reorder level must be at most ${REORDER_LEVEL_MAX}.`),
);

/** A product's own fields (spec §3 names), as the create form and POST /api/products/add-product send them. */
export const productFieldsSchema = z.object({
  product_name: requiredText("The product name", PRODUCT_NAME_REQUIRED, 200),
  product_description: requiredText("The description", PRODUCT_DESCRIPTION_REQUIRED, 10_000),
  product_benefits: optionalText("The benefits", 5_000).optional(),
  product_warranty: optionalText("The warranty", 1_000).optional(),
  category: idRef(CATEGORY_REQUIRED),
  price_usd: amount(PRICE_USD_REQUIRED, 10),
  /** The retail price (RRP) a visitor's quotation starts from; the list price when not sent. */
  retail_price_usd: amount("Enter the retail price.", 10).optional(),
  /** Spec §3: the secondary-currency price is optional when editing (and when adding). */
  price_zwl: optionalAmount(12).optional(),
  brand_id: optionalIdRef(BRAND_UNKNOWN).optional(),
  /** The HS code printed on tax invoices, and the VAT category deciding each line's rate. */
  hs_code: hsCode.optional(),
  vat_category: vatCategory.optional(),
  /** The SKU (unique) and the structured specifications of the product's category. */
  sku: sku.optional(),
  specs: specs.optional(),
  /** A serial number is recorded for each unit at dispatch; and the reorder level (0: none). */
  serialised: flag.optional(),
  reorder_level: reorderLevel.optional(),
});
export type ProductFieldsInput = z.input<typeof productFieldsSchema>;
export type ProductFields = z.output<typeof productFieldsSchema>;

/** Image names in display order: a list, or the spec's comma-separated text. */
const imageNames = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(z.string().trim().min(1).max(200), { error: "Send the images as a list of their names." })
    .min(1, PRODUCT_IMAGES_REQUIRED)
    .max(PRODUCT_MAX_IMAGES, TOO_MANY_PRODUCT_IMAGES),
);

/**
 * PUT /api/products/update-product/{id} (JSON): any of the fields (those left out stay as they are; price_zwl null
 * or "" clears it) and `images`, the product's image names in their new order (the first is the main image); a
 * name left out is removed.
 */
export const productUpdateSchema = productFieldsSchema.partial().extend({ images: imageNames.optional() });
export type ProductUpdate = z.output<typeof productUpdateSchema>;

/** A product as the back office reads it: the public shape with prices, its brand and its dates. */
export const adminProductSchema = productRecordSchema.extend({
  retail_price_usd: z.string().describe("The retail price (RRP), USD excluding VAT"),
  brand_id: z.number().nullable(),
  hs_code: z.string().nullable().describe("The HS tariff code, 8 digits"),
  vat_category: z.enum(VAT_CATEGORIES),
  serialised: z.boolean().describe("A serial number is recorded for each unit at dispatch"),
  reorder_level: z.number().describe("Available units (all branches) at or below which the product is low in stock"),
  created_At: z.string(),
  updated_At: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const ADMIN_PRODUCT_SORTS = ["name", "price", "date"] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
export type AdminProductQuery = {
  q: string;
  category: number | null;
  /** "missing": only the products without an HS code (a VAT-registered seller's need one, decision 016). */
  hs_code?: "missing" | null;
  sort: AdminProductSort;
  dir: "asc" | "desc";
} & PageQuery;

/** POST /api/featured/add-featured (multipart: these fields and an optional `image`, its own artwork). */
export const featuredCreateSchema = z.object({
  product_id: idRef(PRODUCT_UNKNOWN),
  /** Shown on the card; the product's name when left empty. */
  name: optionalText("The name", 200).optional(),
});
export type FeaturedCreate = z.output<typeof featuredCreateSchema>;

/**
 * PUT /api/featured/update-featured/{id} (JSON, or multipart with a new `image`): any of the fields;
 * `sort_order` moves it to that position among the featured products (0 first; the others are numbered again);
 * `remove_image` drops its own artwork (the product's main image shows instead).
 */
export const featuredUpdateSchema = featuredCreateSchema.partial().extend({
  sort_order: z.coerce.number({ error: "The position must be a whole number." }).int().min(0).max(10_000).optional(),
  remove_image: removeFlagSchema.optional(),
});
export type FeaturedUpdate = z.output<typeof featuredUpdateSchema>;

/** A featured product as the back office reads it: the public shape with its position. */
export const adminFeaturedSchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  product_id: z.number(),
  product_name: z.string(),
  images: z.string(),
  sort_order: z.number(),
});
export type AdminFeatured = z.infer<typeof adminFeaturedSchema>;

/** A page of one of the back office's short catalogue lists (featured products, brands): search, sort and page. */
export type AdminListQuery<Sort extends string> = { q: string; sort: Sort; dir: "asc" | "desc" } & PageQuery;
export const ADMIN_FEATURED_SORTS = ["position", "name"] as const;
export type AdminFeaturedSort = (typeof ADMIN_FEATURED_SORTS)[number];
/** A featured product in the back office's list, with its place in the public order (1 first). */
export type AdminFeaturedRow = AdminFeatured & { position: number };
export const ADMIN_BRAND_SORTS = ["name", "products"] as const;
export type AdminBrandSort = (typeof ADMIN_BRAND_SORTS)[number];

const website = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z
    .url({ protocol: /^https?$/, error: "Enter the website as an address starting with http:// or https://." })
    .max(300, tooLong("The website", 300))
    .nullable(),
);

/** POST /api/brands (multipart: these fields and an optional `logo` image; JSON without one). */
export const brandCreateSchema = z.object({
  name: requiredText("The brand name", BRAND_NAME_REQUIRED, 100),
  website: website.optional(),
});
export type BrandCreate = z.output<typeof brandCreateSchema>;

/** PUT /api/brands/{id}: any of the fields, a new `logo` (multipart), or `remove_logo`. */
export const brandUpdateSchema = brandCreateSchema.partial().extend({ remove_logo: removeFlagSchema.optional() });
export type BrandUpdate = z.output<typeof brandUpdateSchema>;

export const brandSchema = z.object({
  id: z.number(),
  name: z.string(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  product_count: z.number(),
});
export type Brand = z.infer<typeof brandSchema>;
