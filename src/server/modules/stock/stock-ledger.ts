import { and, asc, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import type { StockMovementKind } from "#shared/schemas/stock.ts";
import type { Tx } from "../../db/client.ts";
import { products } from "../../db/schema/catalogue.ts";
import { stockLevels, stockMovements, stockReservations } from "../../db/schema/stock.ts";
import { ConflictError } from "../../platform/errors.ts";

/**
 * The stock ledger's primitives, each inside the caller's transaction. Every change to a
 * `stock_levels` row is one `stock_movements` row written with it, so the levels are always the ledger added up
 * (`tests` check it after every kind of movement). A level row is locked before it is read for a decision
 * (`for update`), and several are always locked in product id order, so concurrent orders for the last units queue
 * on the row: one gets them, the others a backorder, never a negative figure (the table's checks refuse one anyway).
 */

export type StockSource = { orderId: number; quotationId?: undefined } | { quotationId: number; orderId?: undefined };
export type Movement = {
  productId: number;
  branchId: number;
  kind: StockMovementKind;
  onHand?: number;
  reserved?: number;
  reason?: string;
  orderId?: number | null;
  quotationId?: number | null;
  shipmentId?: number | null;
  userId?: number | null;
};
export type LevelRow = typeof stockLevels.$inferSelect;
export type ReservationRow = typeof stockReservations.$inferSelect;
export type LineRequest = { productId: number; quantity: number };
export type ReservedLine = { productId: number; reserved: number; backordered: number };

/** The level rows of these products at a branch, created at 0 where missing, locked, by product id. */
export async function lockLevels(tx: Tx, branchId: number, productIds: number[]): Promise<Map<number, LevelRow>> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  await tx
    .insert(stockLevels)
    .values(ids.map((productId) => ({ productId, branchId })))
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(stockLevels)
    .where(and(eq(stockLevels.branchId, branchId), inArray(stockLevels.productId, ids)))
    .orderBy(asc(stockLevels.productId))
    .for("update");
  return new Map(rows.map((r) => [r.productId, r]));
}

/** One movement: the level row changed and the ledger row written, together. The level must be locked already. */
export async function move(tx: Tx, m: Movement, at: Date): Promise<void> {
  const onHand = m.onHand ?? 0;
  const reserved = m.reserved ?? 0;
  if (onHand === 0 && reserved === 0) return;
  // The row first (at 0, as lockLevels makes it), then the change: an upsert would check its insert values against
  // the table's checks before it finds the row (PostgreSQL does), refusing a reservation of stock that is there.
  await tx.insert(stockLevels).values({ productId: m.productId, branchId: m.branchId }).onConflictDoNothing();
  await tx
    .update(stockLevels)
    .set({ onHand: sql`${stockLevels.onHand} + ${onHand}`, reserved: sql`${stockLevels.reserved} + ${reserved}`, updatedAt: at })
    .where(and(eq(stockLevels.productId, m.productId), eq(stockLevels.branchId, m.branchId)));
  await tx.insert(stockMovements).values({
    productId: m.productId,
    branchId: m.branchId,
    kind: m.kind,
    onHandChange: onHand,
    reservedChange: reserved,
    reason: m.reason ?? "",
    orderId: m.orderId ?? null,
    quotationId: m.quotationId ?? null,
    shipmentId: m.shipmentId ?? null,
    userId: m.userId ?? null,
    createdAt: at,
  });
}

const available = (l: LevelRow | undefined) => (l ? l.onHand - l.reserved : 0);
const sourceWhere = (s: StockSource) =>
  s.orderId !== undefined ? eq(stockReservations.orderId, s.orderId) : eq(stockReservations.quotationId, s.quotationId);
const sourceIds = (s: StockSource) => ({ orderId: s.orderId ?? null, quotationId: s.quotationId ?? null });
const sourceName = (s: StockSource) => (s.orderId !== undefined ? `order ${s.orderId}` : `quotation ${s.quotationId}`);

/**
 * Reserves a source's lines at a branch: as many as are available now, the rest backordered (filled by later
 * receipts, oldest first). Quotation reservations past their end are released first, so they never hold stock back.
 */
export async function reserve(
  tx: Tx,
  source: StockSource,
  branchId: number,
  lines: LineRequest[],
  at: Date,
  opts: { userId?: number | null; expiresAt?: Date | null } = {},
): Promise<ReservedLine[]> {
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  if (wanted.size === 0) return [];
  await releaseExpired(tx, at, [...wanted.keys()]);
  // A source reserves again after its hold was released (a quotation approved, withdrawn, approved again): the old
  // rows give way to the new (one row per source and product; the ledger keeps the history).
  await tx
    .delete(stockReservations)
    .where(and(sourceWhere(source), ne(stockReservations.status, "active"), inArray(stockReservations.productId, [...wanted.keys()])));
  const levels = await lockLevels(tx, branchId, [...wanted.keys()]);
  const out: ReservedLine[] = [];
  for (const productId of [...wanted.keys()].sort((a, b) => a - b)) {
    const quantity = wanted.get(productId) ?? 0;
    const take = Math.min(quantity, Math.max(0, available(levels.get(productId))));
    await move(
      tx,
      {
        productId,
        branchId,
        kind: "reservation",
        reserved: take,
        reason: `Reserved for ${sourceName(source)}`,
        ...sourceIds(source),
        userId: opts.userId ?? null,
      },
      at,
    );
    await tx.insert(stockReservations).values({
      productId,
      branchId,
      ...sourceIds(source),
      quantity: take,
      backordered: quantity - take,
      expiresAt: opts.expiresAt ?? null,
      createdAt: at,
      updatedAt: at,
    });
    out.push({ productId, reserved: take, backordered: quantity - take });
  }
  return out;
}

/** Releases what a source holds (cancelled, rejected, expired, converted): the units become available again. */
export async function release(tx: Tx, source: StockSource, reason: string, at: Date, userId: number | null = null): Promise<number> {
  const held = await tx
    .select()
    .from(stockReservations)
    .where(and(sourceWhere(source), eq(stockReservations.status, "active")))
    .orderBy(asc(stockReservations.productId));
  if (held.length === 0) return 0;
  const byBranch = new Map<number, ReservationRow[]>();
  for (const r of held) byBranch.set(r.branchId, [...(byBranch.get(r.branchId) ?? []), r]);
  for (const [branchId, rows] of byBranch) {
    await lockLevels(
      tx,
      branchId,
      rows.map((r) => r.productId),
    );
    for (const r of rows) {
      await move(
        tx,
        { productId: r.productId, branchId, kind: "release", reserved: -r.quantity, reason, ...sourceIds(source), userId },
        at,
      );
    }
  }
  await tx
    .update(stockReservations)
    .set({ status: "released", updatedAt: at })
    .where(
      inArray(
        stockReservations.id,
        held.map((r) => r.id),
      ),
    );
  // What was released may now fill others' backorders.
  for (const [branchId, rows] of byBranch) {
    for (const r of rows) if (r.quantity > 0) await fillBackorders(tx, r.productId, branchId, at);
  }
  return held.length;
}

/** Quotation reservations whose validity has ended, released (the hourly expiry does them all; a new reservation its own products'). */
export async function releaseExpired(tx: Tx, at: Date, productIds?: number[]): Promise<number> {
  const lapsed = await tx
    .selectDistinct({ quotationId: stockReservations.quotationId })
    .from(stockReservations)
    .where(
      and(
        eq(stockReservations.status, "active"),
        lt(stockReservations.expiresAt, at),
        productIds ? inArray(stockReservations.productId, productIds) : undefined,
      ),
    );
  let n = 0;
  for (const { quotationId } of lapsed) {
    if (quotationId !== null) n += await release(tx, { quotationId }, "Quotation expired", at);
  }
  return n;
}

/**
 * Units that became available at a branch (a receipt, a return, an adjustment up, a release) go to the reservations
 * waiting there, oldest first, until none is left or none waits.
 */
export async function fillBackorders(tx: Tx, productId: number, branchId: number, at: Date): Promise<void> {
  const waiting = await tx
    .select()
    .from(stockReservations)
    .where(
      and(
        eq(stockReservations.productId, productId),
        eq(stockReservations.branchId, branchId),
        eq(stockReservations.status, "active"),
        gt(stockReservations.backordered, 0),
      ),
    )
    .orderBy(asc(stockReservations.createdAt), asc(stockReservations.id))
    .for("update");
  if (waiting.length === 0) return;
  const levels = await lockLevels(tx, branchId, [productId]);
  let free = available(levels.get(productId));
  for (const r of waiting) {
    if (free <= 0) break;
    const take = Math.min(free, r.backordered);
    free -= take;
    const source: StockSource = r.orderId !== null ? { orderId: r.orderId } : { quotationId: r.quotationId as number };
    await move(
      tx,
      {
        productId,
        branchId,
        kind: "reservation",
        reserved: take,
        reason: `Backorder filled for ${sourceName(source)}`,
        ...sourceIds(source),
      },
      at,
    );
    await tx
      .update(stockReservations)
      .set({ quantity: r.quantity + take, backordered: r.backordered - take, updatedAt: at })
      .where(eq(stockReservations.id, r.id));
  }
}

/**
 * An order's goods leave the branch (dispatched, or handed over at collection): each line's units come out of on hand
 * and out of its reservation. A line whose reservation is short takes what is available now; if that is still not
 * enough, nothing moves and the reason is given (409).
 */
export async function dispatchOrderStock(
  tx: Tx,
  orderId: number,
  branchId: number,
  lines: LineRequest[],
  at: Date,
  userId: number | null,
): Promise<void> {
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  const levels = await lockLevels(tx, branchId, [...wanted.keys()]);
  const held = await tx
    .select()
    .from(stockReservations)
    .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.status, "active")))
    .for("update");
  const heldBy = new Map(held.map((r) => [r.productId, r]));
  const short: string[] = [];
  const names = await tx
    .select({ id: products.productId, name: products.productName })
    .from(products)
    .where(inArray(products.productId, [...wanted.keys()]));
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  for (const [productId, quantity] of wanted) {
    const r = heldBy.get(productId);
    const mine = r && r.branchId === branchId ? r.quantity : 0;
    const missing = quantity - mine - Math.max(0, available(levels.get(productId)));
    if (missing > 0) short.push(`${missing} × ${nameOf.get(productId) ?? `product ${productId}`}`);
  }
  if (short.length) throw new ConflictError(`Not enough stock at this branch to send the order: ${short.join(", ")} still on backorder.`);
  for (const productId of [...wanted.keys()].sort((a, b) => a - b)) {
    const quantity = wanted.get(productId) ?? 0;
    const r = heldBy.get(productId);
    const mine = r && r.branchId === branchId ? Math.min(r.quantity, quantity) : 0;
    // A reservation held at another branch (an order moved to this one) is given back there first.
    if (r && r.branchId !== branchId) {
      await lockLevels(tx, r.branchId, [productId]);
      await move(
        tx,
        {
          productId,
          branchId: r.branchId,
          kind: "release",
          reserved: -r.quantity,
          reason: `Order ${orderId} sent from another branch`,
          orderId,
          userId,
        },
        at,
      );
    }
    await move(
      tx,
      { productId, branchId, kind: "dispatch", onHand: -quantity, reserved: -mine, reason: `Order ${orderId}`, orderId, userId },
      at,
    );
  }
  if (held.length) {
    await tx
      .update(stockReservations)
      .set({ status: "dispatched", backordered: 0, updatedAt: at })
      .where(
        inArray(
          stockReservations.id,
          held.map((r) => r.id),
        ),
      );
  }
}
