import { asc, eq, inArray, sql } from "drizzle-orm";
import { CART_LINE_MAX } from "#shared/quick-order.ts";
import type { CartLineInput, CartView } from "#shared/schemas/buying.ts";
import type { Db, Tx } from "../../db/client.ts";
import { products } from "../../db/schema/catalogue.ts";
import { dealerCartLines } from "../../db/schema/dealer-buying.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { type Actor, requireRole, type SignedIn } from "../../platform/auth/actor.ts";
import { ForbiddenError } from "../../platform/errors.ts";

/**
 * The company's cart lines (issue 25 §3), read and written by the cart, quick order, reorder and kits: keyed by the
 * company's dealers.id (`dealers.user_id = actor.companyUserId`), so the owner and the buyers share one cart.
 */

export const NO_COMPANY = "Your dealer company was not found.";

/** A dealer who may buy (owner or buyer: role dealer; technicians and everyone else 403) and their company's id. */
export async function buyerCompany(exec: Db | Tx, actor: Actor): Promise<{ user: SignedIn; dealerId: number }> {
  const user = requireRole(actor, "dealer");
  const [row] = await exec.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, user.companyUserId)).limit(1);
  if (!row) throw new ForbiddenError(NO_COMPANY);
  return { user, dealerId: row.id };
}

/** A quantity held to what a cart line keeps. */
export function heldQuantity(quantity: number): number {
  return Math.max(1, Math.min(CART_LINE_MAX, Math.trunc(quantity)));
}

/** One line per product, quantities combined by `combine` (sum or max), products that do not exist left out. */
async function known(exec: Db | Tx, lines: readonly CartLineInput[], combine: (a: number, b: number) => number) {
  const merged = new Map<number, number>();
  for (const l of lines) {
    const seen = merged.get(l.product_id);
    merged.set(l.product_id, seen === undefined ? l.quantity : combine(seen, l.quantity));
  }
  if (merged.size === 0) return merged;
  const rows = await exec
    .select({ id: products.productId })
    .from(products)
    .where(inArray(products.productId, [...merged.keys()]));
  const ids = new Set(rows.map((r) => r.id));
  for (const id of merged.keys()) if (!ids.has(id)) merged.delete(id);
  return merged;
}

/**
 * Writes lines into the cart. `mode` says what a product already there becomes: "add" (its quantity plus the line's),
 * "max" (the larger of the two: the sign-in merge), "set" (the line's). Quantities are held at CART_LINE_MAX.
 */
export async function writeLines(tx: Tx, dealerId: number, lines: readonly CartLineInput[], mode: "add" | "max" | "set", at: Date) {
  const merged = await known(tx, lines, mode === "max" ? Math.max : (a, b) => a + b);
  if (merged.size === 0) return;
  const values = [...merged.entries()].map(([productId, quantity]) => ({
    dealerId,
    productId,
    quantity: heldQuantity(quantity),
    updatedAt: at,
  }));
  const incoming = sql`excluded.quantity`;
  const current = sql`${dealerCartLines.quantity}`;
  const next =
    mode === "add"
      ? sql`least(${current} + ${incoming}, ${CART_LINE_MAX})`
      : mode === "max"
        ? sql`greatest(${current}, ${incoming})`
        : incoming;
  await tx
    .insert(dealerCartLines)
    .values(values)
    .onConflictDoUpdate({ target: [dealerCartLines.dealerId, dealerCartLines.productId], set: { quantity: next, updatedAt: at } });
}

export async function clearLines(exec: Db | Tx, dealerId: number): Promise<void> {
  await exec.delete(dealerCartLines).where(eq(dealerCartLines.dealerId, dealerId));
}

/** Empties the cart of the company whose owner is `companyUserId` (after its order is placed). */
export async function clearCompanyCart(exec: Db | Tx, companyUserId: number): Promise<void> {
  await exec
    .delete(dealerCartLines)
    .where(inArray(dealerCartLines.dealerId, exec.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, companyUserId))));
}

/** The cart as the API shows it, by product id (a stable order on every device). */
export async function readCartView(exec: Db | Tx, dealerId: number): Promise<CartView> {
  const rows = await exec
    .select({
      productId: dealerCartLines.productId,
      name: products.productName,
      sku: products.sku,
      images: products.images,
      quantity: dealerCartLines.quantity,
      updatedAt: dealerCartLines.updatedAt,
    })
    .from(dealerCartLines)
    .innerJoin(products, eq(products.productId, dealerCartLines.productId))
    .where(eq(dealerCartLines.dealerId, dealerId))
    .orderBy(asc(dealerCartLines.productId));
  let updated: Date | null = null;
  for (const r of rows) if (!updated || r.updatedAt > updated) updated = r.updatedAt;
  return {
    lines: rows.map((r) => ({ product_id: r.productId, product_name: r.name, sku: r.sku, image: r.images[0] ?? "", quantity: r.quantity })),
    updated_at: updated ? updated.toISOString() : null,
  };
}
