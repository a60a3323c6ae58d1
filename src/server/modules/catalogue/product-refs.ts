import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { products } from "../../db/schema/catalogue.ts";

/**
 * Small reads of the catalogue for other modules (sales and statistics): a product's name and category, the
 * products of a category. Kept apart from the catalogue service, which answers the public API with prices by role.
 */
export type ProductRef = { id: number; name: string; categoryId: number };

/** Names and categories of the given products, read through `tx` when a caller's transaction must see them. */
export async function productRefs(db: Db | Tx, ids: number[]): Promise<ProductRef[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.productId, name: products.productName, categoryId: products.categoryId })
    .from(products)
    .where(inArray(products.productId, ids));
}

/** Every product, by name: the choices of the back office's "Record a sale" form. */
export async function allProductRefs(db: Db): Promise<ProductRef[]> {
  return db
    .select({ id: products.productId, name: products.productName, categoryId: products.categoryId })
    .from(products)
    .orderBy(asc(products.productName), asc(products.productId));
}

/** The ids of a category's products (quotations and orders are counted by the products they hold). */
export async function productIdsInCategory(db: Db, categoryId: number): Promise<number[]> {
  const rows = await db.select({ id: products.productId }).from(products).where(eq(products.categoryId, categoryId));
  return rows.map((r) => r.id);
}
