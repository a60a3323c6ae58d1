import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { CART_LINE_MAX } from "#shared/quick-order.ts";
import type { CartLineInput, CartView } from "#shared/schemas/buying.ts";
import type { Db, Tx } from "../../db/client.ts";
import { products } from "../../db/schema/catalogue.ts";
import { dealerCartLines } from "../../db/schema/dealer-buying.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { type Actor, requireRole, type SignedIn } from "../../platform/auth/actor.ts";
import { ForbiddenError } from "../../platform/errors.ts";

/**
 * The company's cart lines, read and written by the cart, quick order, reorder and kits: keyed by the
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

/**
 * Takes what an order holds out of the cart of the company whose owner is `companyUserId`, in the order's
 * transaction: each ordered product's line goes down by the quantity ordered and goes once nothing is left. The cart
 * is the team's: a line a teammate added after the checkout was opened, or units of a product they added meanwhile,
 * stay for the next order rather than vanishing with this one.
 */
export async function removeOrderedLines(tx: Tx, companyUserId: number, ordered: ReadonlyMap<number, number>): Promise<void> {
  if (ordered.size === 0) return;
  const lines = await tx
    .select({ dealerId: dealerCartLines.dealerId, productId: dealerCartLines.productId, quantity: dealerCartLines.quantity })
    .from(dealerCartLines)
    .innerJoin(dealers, eq(dealers.id, dealerCartLines.dealerId))
    .where(and(eq(dealers.userId, companyUserId), inArray(dealerCartLines.productId, [...ordered.keys()])))
    .for("update", { of: dealerCartLines });
  for (const line of lines) {
    const left = line.quantity - (ordered.get(line.productId) ?? 0);
    const where = and(eq(dealerCartLines.dealerId, line.dealerId), eq(dealerCartLines.productId, line.productId));
    if (left > 0) await tx.update(dealerCartLines).set({ quantity: left }).where(where);
    else await tx.delete(dealerCartLines).where(where);
  }
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
