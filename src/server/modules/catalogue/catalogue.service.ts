import { asc, count, eq, inArray, type SQL } from "drizzle-orm";
import { can } from "#shared/can.ts";
import { type CatalogueFilter, emptyFilter, parseCatalogueFilter } from "#shared/catalogue-filters.ts";
import { findCategory } from "#shared/categories.ts";
import { centsToDecimal, convertCents } from "#shared/money.ts";
import { toCents } from "#shared/quotation-totals.ts";
import type {
  AllProductsQuery,
  BrandMin,
  Category,
  CategoryPage,
  CategorySlug,
  Facet,
  Featured,
  Product,
  ProductPage,
  ProductRecord,
} from "#shared/schemas/catalogue.ts";
import type { PageQuery } from "#shared/schemas/list.ts";
import type { DealerTier, PriceBreak } from "#shared/schemas/pricing.ts";
import type { ExchangeRate } from "#shared/schemas/rates.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import type { Db, Tx } from "../../db/client.ts";
import { paged } from "../../db/paging.ts";
import { brands, categories, featuredProducts, products } from "../../db/schema/catalogue.ts";
import type { Actor } from "../../platform/auth/actor.ts";
import { NotFoundError, ValidationError } from "../../platform/errors.ts";
import type { ReadCache } from "../../platform/read-cache.ts";
import type { PricedProduct } from "../orders/index.ts";
import {
  breaksFromJson,
  breaksJson,
  dealerPriceOf,
  priceBreaksOf,
  readPriceRules,
  tierOfUser,
  tierPricesJson,
  unitPrices,
} from "../pricing/index.ts";
import { availabilityOfRow, stockColumns } from "../stock/index.ts";
import { filterOrder, filterWhere, readFacets } from "./category-filters.ts";

export const PRICE_SORT_FOR_DEALERS = "Sorting by price is for signed-in dealers: visitors see no prices.";

type ProductRow = typeof products.$inferSelect;

/** Who is looking, as far as prices go: no one who sees them, an admin (the list), or a dealer at their tier. */
type Viewer = { kind: "none" } | { kind: "admin" } | { kind: "dealer"; tier: DealerTier | null };
type CategoryRow = typeof categories.$inferSelect;

/** A product as the catalogue reads it (`productQuery`): the same for every viewer, so shared (decision 033). */
type CatalogueRow = {
  product: ProductRow;
  slug: string;
  name: string;
  brand: string | null;
  stock: [number, number][] | null;
  nextArrival: string | null;
  branches: [number, string][];
  breaks: [number, string][] | null;
  tierPrices: Record<string, string> | null;
};

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
    sku: row.sku,
    specs: row.specs,
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

/** How a product's secondary price is made now: the currency, and the exchange rate in force (null: none). */
export type SecondaryPricing = {
  currency: Product["secondary_currency"];
  rate: ExchangeRate | null;
  /** The product's secondary price: its manual override, else its USD price at the rate; null when neither. */
  priceOf(usd: string, override: string | null): string | null;
  /** The rate a product's secondary price is made at: null for an override (or no rate). */
  rateFor(override: string | null): ExchangeRate | null;
};

/** A manual secondary price set on purpose: a positive amount (an empty or zero one is none). */
const isOverride = (value: string | null) => (toCents(value) ?? 0n) > 0n;

/**
 * `settings`: the secondary currency that names `price_zwl` in every answer; `rates`: the exchange rate in force
 *, which makes every secondary price from the USD one unless an admin set an override on purpose.
 */
export function createCatalogueService(
  db: Db,
  settings: { get(exec?: Db | Tx): Promise<Pick<SiteSettings, "secondaryCurrency">> },
  rates: { exchangeRateOn(currency: ExchangeRate["currency"], day?: string, exec?: Db | Tx): Promise<ExchangeRate | null> },
  /** The catalogue's shared data (decision 033); none: every read goes to the database. */
  shared?: ReadCache,
) {
  /** `load`'s value kept under `key` in the shared data, or read each time without it. */
  const sharedRead = <T>(key: string, load: () => Promise<T>): Promise<T> => (shared ? shared.get(key, load) : load());

  async function secondaryCurrency(exec: Db | Tx = db): Promise<Product["secondary_currency"]> {
    return (await settings.get(exec)).secondaryCurrency;
  }

  /**
   * `withPrices` false (a visitor): no price is shown, so no rate is read. `exec`: the caller's transaction, read
   * through when there is one (PGlite has one connection: a read outside it would wait for it to end).
   */
  async function secondaryPricing(withPrices = true, exec: Db | Tx = db): Promise<SecondaryPricing> {
    const currency = await secondaryCurrency(exec);
    // Rates are kept for ZWG only: a site still labelled ZWL shows its overrides alone.
    const rate = withPrices && currency === "ZWG" ? await rates.exchangeRateOn("ZWG", undefined, exec) : null;
    return {
      currency,
      rate,
      priceOf(usd, override) {
        if (isOverride(override)) return override;
        const cents = toCents(usd);
        return rate && cents !== null ? centsToDecimal(convertCents(cents, rate.rate)) : null;
      },
      rateFor: (override) => (isOverride(override) ? null : rate),
    };
  }

  /**
   * A product as the public answers give it: for those who see prices, their unit price for one (a dealer's at their
   * tier, the list price for admins), the secondary price made now with the rate it was made at, and the break table;
   * its availability (quantities for those who see prices). Made in memory from the shared row (decision 033).
   */
  function publicProduct(row: CatalogueRow, viewer: Viewer, pricing: SecondaryPricing): Product {
    const withPrices = viewer.kind !== "none";
    const tier = viewer.kind === "dealer" ? viewer.tier : null;
    const price = withPrices
      ? dealerPriceOf(
          row.product,
          tier,
          breaksFromJson(row.breaks),
          tier ? (row.tierPrices?.[String(tier.id)] ?? null) : null,
          pricing.rate?.rate ?? null,
        )
      : null;
    const unit = price ? unitPrices(price, 1) : null;
    // A secondary list price set on purpose is discounted as the USD one is; a tier's own USD price is converted.
    const rate = unit?.secondary && !(isOverride(row.product.priceZwl) && price?.rule.tierPriceCents === null) ? pricing.rate : null;
    return {
      ...toProduct(row.product, row, withPrices, row.brand),
      price_usd: unit?.usd ?? null,
      price_zwl: unit?.secondary ?? null,
      secondary_currency: pricing.currency,
      exchange_rate: rate?.rate ?? null,
      rate_date: rate?.effective_date ?? null,
      availability: availabilityOfRow(row, row.product.reorderLevel, withPrices),
      retail_price_usd: viewer.kind === "admin" ? row.product.retailPriceUsd : null,
      price_breaks: price ? priceBreaksOf(price) : null,
      tier,
    };
  }

  /** Who is looking, as far as prices go: a dealer's tier comes with their session (else it is read). */
  async function viewerOf(actor: Actor, exec: Db | Tx = db): Promise<Viewer> {
    if (!can.seePrices(actor) || !actor) return { kind: "none" };
    if (actor.role !== "dealer") return { kind: "admin" };
    return { kind: "dealer", tier: actor.tier !== undefined ? actor.tier : await tierOfUser(exec, actor.companyUserId) };
  }

  /**
   * Products with their category and brand, and in the same statement what their availability and every viewer's
   * prices are made from (correlated subqueries on indexes, for the page's rows only): one round trip for a page.
   */
  const productQuery = () =>
    db
      .select({
        product: products,
        slug: categories.slug,
        name: categories.name,
        brand: brands.name,
        ...stockColumns(products.productId),
        breaks: breaksJson(products.productId),
        tierPrices: tierPricesJson(products.productId),
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId));

  /**
   * One page of products in order: which ones first (a narrow read on the indexes, the offset skipped there), then
   * their columns and subqueries for those alone. Projected with the offset, the subqueries ran for every row skipped
   * (page 50 of 20: a thousand times each).
   */
  function pageRows(where: SQL | undefined, order: SQL[], limit: number, offset: number) {
    const page = db
      .select({ id: products.productId })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .as("page");
    return productQuery()
      .innerJoin(page, eq(page.id, products.productId))
      .orderBy(...order);
  }

  /** The shared data's key of a read: its kind and its arguments. */
  const keyOf = (...parts: unknown[]) => JSON.stringify(parts);

  async function pageOfProducts(actor: Actor, query: AllProductsQuery): Promise<ProductPage> {
    const where = query.category === undefined ? undefined : eq(products.categoryId, query.category);
    const { limit, offset, envelope } = paged(query);
    const [{ rows, total }, viewer] = await Promise.all([
      sharedRead(keyOf("all", query.category ?? null, limit, offset), async () => {
        const [rows, [counted]] = await Promise.all([
          pageRows(where, [asc(products.productId)], limit, offset),
          db.select({ n: count() }).from(products).where(where),
        ]);
        return { rows, total: counted?.n ?? 0 };
      }),
      viewerOf(actor),
    ]);
    const pricing = await secondaryPricing(viewer.kind !== "none");
    return envelope(
      rows.map((r) => publicProduct(r, viewer, pricing)),
      { n: total },
    );
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
     * Names and the requester's unit prices of the given products, read through `tx` when a caller's
     * transaction must see them (a quotation keeps them as they are when it is made): a dealer's price at their tier
     * and at the quantity asked for; for anyone else the retail price. Unknown ids are simply absent.
     */
    async quotePriceSnapshot(
      actor: Actor,
      quantities: ReadonlyMap<number, number>,
      tx: Db | Tx = db,
    ): Promise<{ id: number; name: string; priceUsd: string }[]> {
      const ids = [...quantities.keys()];
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: products.productId, name: products.productName, retail: products.retailPriceUsd, list: products.priceUsd })
        .from(products)
        .where(inArray(products.productId, ids));
      if (actor?.role !== "dealer") return rows.map((r) => ({ id: r.id, name: r.name, priceUsd: r.retail }));
      const book = await readPriceRules(
        tx,
        await tierOfUser(tx, actor.companyUserId),
        rows.map((r) => ({ productId: r.id, priceUsd: r.list, priceZwl: null })),
        null,
      );
      return rows.map((r) => {
        const price = book.get(r.id);
        return { id: r.id, name: r.name, priceUsd: price ? unitPrices(price, quantities.get(r.id) ?? 1).usd : r.list };
      });
    },

    /**
     * A dealer's unit prices of the given products at the quantities on their lines, in USD and in the
     * secondary currency (null when the product has none): what an order or the checkout's preview charges.
     */
    async dealerPriceSnapshot(
      dealerUserId: number,
      quantities: ReadonlyMap<number, number>,
      tx: Db | Tx = db,
      /** The pricing a caller already read (and freezes with its document); read now when not given. */
      given?: SecondaryPricing,
    ): Promise<
      (PricedProduct & {
        /** The dealer's break table of the product (from 1 unit): the cart's "less from 10" hint. */
        breaks: PriceBreak[];
      })[]
    > {
      const ids = [...quantities.keys()];
      if (ids.length === 0) return [];
      const [rows, pricing, tier] = await Promise.all([
        tx
          .select({
            id: products.productId,
            name: products.productName,
            priceUsd: products.priceUsd,
            priceZwl: products.priceZwl,
            hsCode: products.hsCode,
            vatCategory: products.vatCategory,
          })
          .from(products)
          .where(inArray(products.productId, ids)),
        given ?? secondaryPricing(true, tx),
        tierOfUser(tx, dealerUserId),
      ]);
      const book = await readPriceRules(
        tx,
        tier,
        rows.map((r) => ({ productId: r.id, priceUsd: r.priceUsd, priceZwl: r.priceZwl })),
        pricing.rate?.rate ?? null,
      );
      return rows.flatMap((r) => {
        const price = book.get(r.id);
        if (!price) return [];
        const unit = unitPrices(price, quantities.get(r.id) ?? 1);
        return [{ ...r, priceUsd: unit.usd, priceZwl: unit.secondary, breaks: priceBreaksOf(price) }];
      });
    },

    /** How secondary prices are made now (the rate in force): for services that price lines themselves. */
    secondaryPricing,

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
      const viewer = await viewerOf(actor);
      const [rows, pricing] = await Promise.all([
        sharedRead(
          keyOf(
            "ids",
            [...asked].sort((a, b) => a - b),
          ),
          () => productQuery().where(inArray(products.productId, asked)),
        ),
        secondaryPricing(viewer.kind !== "none"),
      ]);
      return rows.map((r) => publicProduct(r, viewer, pricing));
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

    /**
     * One page of a category's products, filtered and sorted as the address asks (#shared/catalogue-filters.ts),
     * with their count and the category's facets. `params`: the address's parameters; `strict` (the API): what
     * cannot be read is refused with the reasons; otherwise (a page, a shared link grown old) it is left out. Sorting
     * by price is for those who see prices. `filter`: what was applied.
     */
    async productsByCategory(
      actor: Actor,
      categoryId: number,
      page: PageQuery,
      params: Iterable<[string, string]> = [],
      /** `facets: false`: a caller that shows none (the compare page's "add another") skips reading them. */
      { strict = false, facets: withFacets = true } = {},
    ): Promise<CategoryPage & { filter: CatalogueFilter }> {
      const category = findCategory(String(categoryId));
      const withPrices = can.seePrices(actor);
      const { filter, problems } = category ? parseCatalogueFilter(category.slug, params) : { filter: emptyFilter(), problems: [] };
      if (!withPrices && filter.sort?.startsWith("price")) {
        problems.push(PRICE_SORT_FOR_DEALERS);
        filter.sort = null;
      }
      if (strict && problems.length > 0) throw new ValidationError(problems.map((message) => ({ path: "querystring", message })));
      if (!category) return { ...(await pageOfProducts(actor, { ...page, category: categoryId })), facets: [], filter };
      const where = filterWhere(category.id, filter);
      const { limit, offset, envelope } = paged(page);
      const order = filterOrder(category.slug, filter);
      // Two statements: the page's rows (with their stock and prices), and the facets with the count (or the count alone).
      const [shown, viewer] = await Promise.all([
        sharedRead(keyOf("category", category.id, filter, limit, offset, withFacets), () =>
          categoryRows(category.id, category.slug, filter, where, order, limit, offset, withFacets),
        ),
        viewerOf(actor),
      ]);
      const pricing = await secondaryPricing(withPrices);
      return {
        ...envelope(
          shown.rows.map((r) => publicProduct(r, viewer, pricing)),
          { n: shown.total },
        ),
        facets: shown.facets,
        filter,
      };
    },

    async productById(actor: Actor, id: number): Promise<Product> {
      const [[row], viewer] = await Promise.all([
        sharedRead(keyOf("product", id), () => productQuery().where(eq(products.productId, id)).limit(1)),
        viewerOf(actor),
      ]);
      if (!row) throw new NotFoundError("Product not found.");
      return publicProduct(row, viewer, await secondaryPricing(viewer.kind !== "none"));
    },
  };

  /** A category page's shared part: its rows, its facets and its count, in two statements. */
  async function categoryRows(
    categoryId: number,
    slug: CategorySlug,
    filter: CatalogueFilter,
    where: SQL,
    order: SQL[],
    limit: number,
    offset: number,
    withFacets: boolean,
  ): Promise<{ rows: CatalogueRow[]; total: number; facets: Facet[] }> {
    const rows = pageRows(where, order, limit, offset);
    if (!withFacets) {
      const [found, [counted]] = await Promise.all([rows, db.select({ n: count() }).from(products).where(where)]);
      return { rows: found, total: counted?.n ?? 0, facets: [] };
    }
    const [found, facets] = await Promise.all([rows, readFacets(db, categoryId, slug, filter)]);
    return { rows: found, total: facets.total, facets: facets.facets };
  }
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
