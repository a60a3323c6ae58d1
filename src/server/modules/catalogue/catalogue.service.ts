import { asc, count, eq, inArray } from "drizzle-orm";
import type {
  AllProductsQuery,
  BrandMin,
  Category,
  Featured,
  PageQuery,
  Product,
  ProductPage,
  ProductRecord,
} from "#shared/schemas/catalogue.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import type { Db, Tx } from "../../db/client.ts";
import { brands, categories, featuredProducts, products } from "../../db/schema/catalogue.ts";
import type { Actor } from "../../platform/auth/actor.ts";
import { NotFoundError } from "../../platform/errors.ts";

type ProductRow = typeof products.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;

/** Prices are for dealers (spec §6) and for the back office. */
export function seesPrices(actor: Actor): boolean {
  return actor !== null && (actor.role === "dealer" || actor.role === "admin" || actor.role === "super");
}

export function toProduct(
  row: ProductRow,
  category: Pick<CategoryRow, "slug" | "name">,
  withPrices: boolean,
  brandName: string | null,
): ProductRecord {
  return {
    product_id: row.productId,
    product_name: row.productName,
    product_description: row.productDescription,
    product_benefits: row.productBenefits,
    product_warranty: row.productWarranty,
    datasheet: row.datasheet,
    images: row.images.join(","),
    price_usd: withPrices ? row.priceUsd : null,
    price_zwl: withPrices ? row.priceZwl : null,
    category: row.categoryId,
    category_slug: category.slug,
    category_name: category.name,
    brand_name: brandName,
  };
}

const featuredColumns = {
  id: featuredProducts.id,
  name: featuredProducts.name,
  image: featuredProducts.image,
  product_id: products.productId,
  product_name: products.productName,
  productImages: products.images,
};

function toFeatured({ productImages, ...row }: { productImages: string[] } & Omit<Featured, "images">): Featured {
  return { ...row, images: productImages.join(",") };
}

/** `settings`: the secondary currency that names `price_zwl` in every answer. */
export function createCatalogueService(db: Db, settings: { get(): Promise<Pick<SiteSettings, "secondaryCurrency">> }) {
  async function secondaryCurrency(): Promise<Product["secondary_currency"]> {
    return (await settings.get()).secondaryCurrency;
  }

  /** Products with their category and brand, as the public answers show them. */
  const productQuery = () =>
    db
      .select({ product: products, slug: categories.slug, name: categories.name, brand: brands.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId));

  async function pageOfProducts(actor: Actor, query: AllProductsQuery): Promise<ProductPage> {
    const where = query.category === undefined ? undefined : eq(products.categoryId, query.category);
    const [rows, [total]] = await Promise.all([
      productQuery()
        .where(where)
        .orderBy(asc(products.productId))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ n: count() }).from(products).where(where),
    ]);
    const withPrices = seesPrices(actor);
    const secondary_currency = await secondaryCurrency();
    return { rows: rows.map((r) => ({ ...toProduct(r.product, r, withPrices, r.brand), secondary_currency })), count: total?.n ?? 0 };
  }

  return {
    /**
     * Which of the given product ids are still in the catalogue (a cart kept in the browser may name products removed
     * since). Public: it says no more than the product pages do. At most 100 ids are looked at.
     */
    async existingProductIds(ids: number[]): Promise<number[]> {
      const asked = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647).slice(0, 100);
      if (asked.length === 0) return [];
      const rows = await db.select({ id: products.productId }).from(products).where(inArray(products.productId, asked));
      return rows.map((r) => r.id);
    },

    /**
     * Names and current USD prices of the given products, read through `tx` when a caller's transaction must see
     * them (a quotation keeps them as they are when it is made). Unknown ids are simply absent.
     */
    async priceSnapshot(ids: number[], tx: Db | Tx = db): Promise<{ id: number; name: string; priceUsd: string }[]> {
      if (ids.length === 0) return [];
      return tx
        .select({ id: products.productId, name: products.productName, priceUsd: products.priceUsd })
        .from(products)
        .where(inArray(products.productId, ids));
    },

    /** As `priceSnapshot`, with the secondary-currency price too (null when the product has none): a dealer order's prices. */
    async dealerPriceSnapshot(
      ids: number[],
      tx: Db | Tx = db,
    ): Promise<{ id: number; name: string; priceUsd: string; priceZwl: string | null }[]> {
      if (ids.length === 0) return [];
      return tx
        .select({ id: products.productId, name: products.productName, priceUsd: products.priceUsd, priceZwl: products.priceZwl })
        .from(products)
        .where(inArray(products.productId, ids));
    },

    /** Every product's id and last change, for the sitemap. */
    async productIndex(): Promise<{ id: number; updatedAt: Date }[]> {
      return db.select({ id: products.productId, updatedAt: products.updatedAt }).from(products).orderBy(asc(products.productId));
    },

    async listCategories(): Promise<Category[]> {
      return db
        .select({ id: categories.id, slug: categories.slug, name: categories.name, description: categories.description })
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.id));
    },

    /** The categories the home page shows as tiles (spec §2: all but accessories), in the site's order. */
    async listHomeCategories(): Promise<Category[]> {
      return db
        .select({ id: categories.id, slug: categories.slug, name: categories.name, description: categories.description })
        .from(categories)
        .where(eq(categories.showOnHome, true))
        .orderBy(asc(categories.sortOrder), asc(categories.id));
    },

    /** One page of every product, or of one category's, newest id last, with the total count. */
    allProducts: pageOfProducts,

    /** Featured products in the admin's order, each with its product's images. */
    async listFeatured(): Promise<Featured[]> {
      const rows = await db
        .select(featuredColumns)
        .from(featuredProducts)
        .innerJoin(products, eq(products.productId, featuredProducts.productId))
        .orderBy(asc(featuredProducts.sortOrder), asc(featuredProducts.id));
      return rows.map(toFeatured);
    },

    /** The products of the given ids that are in the catalogue, in no particular order (at most 100 are read). */
    async productsByIds(actor: Actor, ids: readonly number[]): Promise<Product[]> {
      const asked = [...new Set(ids)].slice(0, 100);
      if (asked.length === 0) return [];
      const [rows, secondary_currency] = await Promise.all([productQuery().where(inArray(products.productId, asked)), secondaryCurrency()]);
      const withPrices = seesPrices(actor);
      return rows.map((r) => ({ ...toProduct(r.product, r, withPrices, r.brand), secondary_currency }));
    },

    async featuredById(id: number): Promise<Featured> {
      const [row] = await db
        .select(featuredColumns)
        .from(featuredProducts)
        .innerJoin(products, eq(products.productId, featuredProducts.productId))
        .where(eq(featuredProducts.id, id))
        .limit(1);
      if (!row) throw new NotFoundError("Featured product not found.");
      return toFeatured(row);
    },

    async listBrandsMin(): Promise<BrandMin[]> {
      return db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.sortOrder), asc(brands.id));
    },

    /** One page of a category's products, newest id last, with the total count. */
    async productsByCategory(actor: Actor, categoryId: number, page: PageQuery): Promise<ProductPage> {
      return pageOfProducts(actor, { ...page, category: categoryId });
    },

    async productById(actor: Actor, id: number): Promise<Product> {
      const [row] = await productQuery().where(eq(products.productId, id)).limit(1);
      if (!row) throw new NotFoundError("Product not found.");
      return { ...toProduct(row.product, row, seesPrices(actor), row.brand), secondary_currency: await secondaryCurrency() };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
