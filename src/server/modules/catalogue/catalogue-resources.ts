import { getTableColumns, sql } from "drizzle-orm";
import { MEDIA_FOLDERS } from "#shared/media.ts";
import {
  type AdminFeatured,
  type AdminProduct,
  ALREADY_FEATURED,
  BRAND_NAME_TAKEN,
  type Brand,
  SKU_TAKEN,
} from "#shared/schemas/catalogue-admin.ts";
import { brands, categories, featuredProducts, products } from "../../db/schema/catalogue.ts";
import { defineResource } from "../../platform/resources/resource.ts";
import { toProduct } from "./catalogue.service.ts";

/**
 * The back office's catalogue resources, each described once (platform/resources/resource.ts): products (with
 * their images and datasheet), featured products and brands. What a row shows of another table (a product's
 * category, a featured product's product, a brand's number of products) is read beside it, so the row the
 * helpers lock, insert or update is the row the API answers.
 */

/** “name” in an audit summary, as the catalogue has always written it. */
const quoted = (name: string) => `“${name}”`;

/** A product's or brand's audit summaries: "Added product “…”", "Changed …", "Deleted …". */
const addedChangedDeleted = <Row>(noun: string, name: (row: Row) => string) => ({
  create: (row: Row) => `Added ${noun} ${quoted(name(row))}`,
  update: (row: Row) => `Changed ${noun} ${quoted(name(row))}`,
  delete: (row: Row) => `Deleted ${noun} ${quoted(name(row))}`,
});

/*
 * The subqueries below name their columns in SQL: a query on one table (the helpers' select, insert … returning,
 * update … returning) has Drizzle write every column bare, and a bare `product_id` inside a subquery on products
 * would be the subquery's own.
 */

export const productColumns = {
  ...getTableColumns(products),
  categorySlug: sql<string>`(select c.slug from ${categories} c where c.id = ${products}.category_id)`,
  categoryName: sql<string>`(select c.name from ${categories} c where c.id = ${products}.category_id)`,
  brandName: sql<string | null>`(select b.name from ${brands} b where b.id = ${products}.brand_id)`,
};
type ProductRow = typeof products.$inferSelect & { categorySlug: string; categoryName: string; brandName: string | null };

/** A product as the back office sees it: with prices, its brand and its dates. */
export const toAdminProduct = (row: ProductRow): AdminProduct => ({
  ...toProduct(row, { slug: row.categorySlug, name: row.categoryName }, true, row.brandName),
  retail_price_usd: row.retailPriceUsd,
  brand_id: row.brandId,
  hs_code: row.hsCode,
  vat_category: row.vatCategory,
  serialised: row.serialised,
  reorder_level: row.reorderLevel,
  created_At: row.createdAt.toISOString(),
  updated_At: row.updatedAt.toISOString(),
});

export const productResource = defineResource({
  name: "product",
  table: products,
  id: products.productId,
  columns: productColumns,
  view: toAdminProduct,
  audit: {
    entity: "product",
    label: (p) => `Product ${quoted(p.productName)}`,
    summary: addedChangedDeleted("product", (p: ProductRow) => p.productName),
  },
  files: [
    { folder: MEDIA_FOLDERS.products, kind: "image", of: (p) => p.images },
    { folder: MEDIA_FOLDERS.datasheets, kind: "file", of: (p) => [p.datasheet] },
  ],
  unique: { columns: [products.sku], message: SKU_TAKEN, field: "sku" },
});

/** The featured product's card, with the name and images of the product it features. */
export const featuredColumns = {
  id: featuredProducts.id,
  name: featuredProducts.name,
  image: featuredProducts.image,
  sort_order: featuredProducts.sortOrder,
  product_id: featuredProducts.productId,
  product_name: sql<string>`(select p.product_name from ${products} p where p.product_id = ${featuredProducts}.product_id)`,
  productImages: sql<string[]>`(select p.images from ${products} p where p.product_id = ${featuredProducts}.product_id)`.mapWith(
    products.images,
  ),
};

export const toFeatured = ({ productImages, ...row }: Omit<AdminFeatured, "images"> & { productImages: string[] }): AdminFeatured => ({
  ...row,
  images: productImages.join(","),
});

export const featuredResource = defineResource({
  name: "featured product",
  table: featuredProducts,
  id: featuredProducts.id,
  columns: featuredColumns,
  view: toFeatured,
  audit: {
    entity: "featured",
    label: (f) => `Featured product ${quoted(f.name)}`,
    summary: {
      create: (f) => `Featured ${quoted(f.name)}`,
      update: (f) => `Changed featured product ${quoted(f.name)}`,
      delete: (f) => `Removed featured product ${quoted(f.name)}`,
    },
  },
  files: [{ folder: MEDIA_FOLDERS.featured, kind: "image", of: (f) => [f.image] }],
  ordered: true,
  unique: { columns: [featuredProducts.productId], message: ALREADY_FEATURED },
});

export const brandColumns = {
  id: brands.id,
  name: brands.name,
  logo: brands.logo,
  website: brands.website,
  product_count: sql<number>`(select count(*)::int from ${products} p where p.brand_id = ${brands}.id)`,
};

export const brandResource = defineResource({
  name: "brand",
  table: brands,
  id: brands.id,
  columns: brandColumns,
  view: (b: Brand) => b,
  audit: {
    entity: "brand",
    label: (b) => `Brand ${quoted(b.name)}`,
    summary: addedChangedDeleted("brand", (b: Brand) => b.name),
  },
  files: [{ folder: MEDIA_FOLDERS.brands, kind: "image", of: (b) => [b.logo] }],
  ordered: true,
  unique: { columns: [brands.name], message: BRAND_NAME_TAKEN, field: "name" },
});
