import { asc, count, eq } from "drizzle-orm";
import type { Category, PageQuery, Product, ProductPage } from "#shared/schemas/catalogue.ts";
import type { Db } from "../../db/client.ts";
import { categories, products } from "../../db/schema/catalogue.ts";
import { type Actor, requireAdmin } from "../../platform/auth/actor.ts";
import { NotFoundError } from "../../platform/errors.ts";

type ProductRow = typeof products.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;

/** Prices are for dealers (spec §6) and for the back office. */
export function seesPrices(actor: Actor): boolean {
  return actor !== null && (actor.role === "dealer" || actor.role === "admin" || actor.role === "super");
}

function toProduct(row: ProductRow, category: Pick<CategoryRow, "slug" | "name">, withPrices: boolean): Product {
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
  };
}

export function createCatalogueService(db: Db) {
  return {
    async listCategories(): Promise<Category[]> {
      return db
        .select({ id: categories.id, slug: categories.slug, name: categories.name, description: categories.description })
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.id));
    },

    /** One page of a category's products, newest id last, with the total count. */
    async productsByCategory(actor: Actor, categoryId: number, page: PageQuery): Promise<ProductPage> {
      const where = eq(products.categoryId, categoryId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ product: products, slug: categories.slug, name: categories.name })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(where)
          .orderBy(asc(products.productId))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize),
        db.select({ n: count() }).from(products).where(where),
      ]);
      const withPrices = seesPrices(actor);
      return { rows: rows.map((r) => toProduct(r.product, r, withPrices)), count: total?.n ?? 0 };
    },

    async productById(actor: Actor, id: number): Promise<Product> {
      const [row] = await db
        .select({ product: products, slug: categories.slug, name: categories.name })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(eq(products.productId, id))
        .limit(1);
      if (!row) throw new NotFoundError("Product not found.");
      return toProduct(row.product, row, seesPrices(actor));
    },

    async deleteProduct(actor: Actor, id: number): Promise<void> {
      requireAdmin(actor);
      const deleted = await db.delete(products).where(eq(products.productId, id)).returning({ id: products.productId });
      if (deleted.length === 0) throw new NotFoundError("Product not found.");
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
