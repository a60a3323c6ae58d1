import { and, asc, count, eq, gt, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { LowStockView, StockAdjustmentInput, StockLevelsQuery, StockLevelView } from "#shared/schemas/stock.ts";
import type { Db, Tx } from "../../db/client.ts";
import { containsText } from "../../db/contains-text.ts";
import { paged } from "../../db/paging.ts";
import { branches } from "../../db/schema/branches.ts";
import { products } from "../../db/schema/catalogue.ts";
import { orders } from "../../db/schema/commerce.ts";
import { shipmentLines, shipments, stockLevels, stockReservations } from "../../db/schema/stock.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { FieldError, NotFoundError } from "../../platform/errors.ts";
import { quote } from "../../platform/resources/resource.ts";
import { OPEN_SHIPMENT, openQuantity, requireBranch, requireProducts, type StockAdminParts } from "./stock-admin-common.ts";
import { fillBackorders, lockLevels, move } from "./stock-ledger.ts";

/**
 * Stock per product and branch in the back office: the levels and their export, the low-stock list, and adjustments
 * and returns (each one transaction with its audit entry, the level changed through the ledger's `move`).
 */
export function stockLevelsAdmin({ db, audit, now }: StockAdminParts) {
  /** The level rows (every product at every branch, stocked or not) matching the filters, as SQL pieces. */
  function levelsWhere(q: Pick<StockLevelsQuery, "q" | "branch" | "low">): SQL | undefined {
    const available = sql`coalesce(${stockLevels.onHand}, 0) - coalesce(${stockLevels.reserved}, 0)`;
    return and(
      q.q ? or(containsText(products.productName, q.q), containsText(sql`coalesce(${products.sku}, '')`, q.q)) : undefined,
      q.branch ? eq(branches.id, q.branch) : undefined,
      // Low: at or below the reorder level where the product is kept (a level row) or on its way (an open shipment);
      // a product never stocked nor shipped there is supplied to order, not low.
      q.low
        ? and(
            sql`${available} <= ${products.reorderLevel}`,
            or(
              sql`${stockLevels.productId} is not null`,
              sql`exists (select 1 from ${shipmentLines} sl join ${shipments} s on s.id = sl.shipment_id
                where sl.product_id = ${products.productId} and s.branch_id = ${branches.id}
                  and s.status in ('expected', 'partial') and sl.received < sl.quantity)`,
            ),
          )
        : undefined,
    );
  }

  async function readLevels(
    exec: Db | Tx,
    q: Pick<StockLevelsQuery, "q" | "branch" | "low">,
    limit: number,
    offset: number,
    /** A further condition: one product at one branch (`levelOf`). */
    only?: SQL,
  ): Promise<{ rows: StockLevelView[]; count: number }> {
    const where = and(levelsWhere(q), only);
    const base = () =>
      exec
        .select({
          productId: products.productId,
          productName: products.productName,
          sku: products.sku,
          reorderLevel: products.reorderLevel,
          branchId: branches.id,
          branchName: branches.name,
          onHand: sql<number>`coalesce(${stockLevels.onHand}, 0)`.mapWith(Number),
          reserved: sql<number>`coalesce(${stockLevels.reserved}, 0)`.mapWith(Number),
        })
        .from(products)
        .innerJoin(branches, sql`true`)
        .leftJoin(stockLevels, and(eq(stockLevels.productId, products.productId), eq(stockLevels.branchId, branches.id)));
    const [rows, total] = await Promise.all([
      base()
        .where(where)
        .orderBy(asc(sql`lower(${products.productName})`), asc(products.productId), asc(branches.sortOrder), asc(branches.id))
        .limit(limit)
        .offset(offset),
      exec
        .select({ n: count() })
        .from(products)
        .innerJoin(branches, sql`true`)
        .leftJoin(stockLevels, and(eq(stockLevels.productId, products.productId), eq(stockLevels.branchId, branches.id)))
        .where(where),
    ]);
    const ids = [...new Set(rows.map((r) => r.productId))];
    const [waiting, incoming] = ids.length
      ? await Promise.all([
          exec
            .select({
              productId: stockReservations.productId,
              branchId: stockReservations.branchId,
              n: sql<number>`sum(${stockReservations.backordered})`.mapWith(Number),
            })
            .from(stockReservations)
            .where(
              and(inArray(stockReservations.productId, ids), eq(stockReservations.status, "active"), gt(stockReservations.backordered, 0)),
            )
            .groupBy(stockReservations.productId, stockReservations.branchId),
          exec
            .select({
              productId: shipmentLines.productId,
              branchId: shipments.branchId,
              n: sql<number>`sum(${openQuantity})`.mapWith(Number),
            })
            .from(shipmentLines)
            .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
            .where(and(inArray(shipmentLines.productId, ids), OPEN_SHIPMENT))
            .groupBy(shipmentLines.productId, shipments.branchId),
        ])
      : [[], []];
    const key = (p: number, b: number) => `${p}:${b}`;
    const waitingOf = new Map(waiting.map((w) => [key(w.productId, w.branchId), w.n]));
    const incomingOf = new Map(incoming.map((w) => [key(w.productId, w.branchId), w.n]));
    return {
      count: total[0]?.n ?? 0,
      rows: rows.map((r) => ({
        product_id: r.productId,
        product_name: r.productName,
        sku: r.sku,
        branch_id: r.branchId,
        branch_name: r.branchName,
        on_hand: r.onHand,
        reserved: r.reserved,
        available: r.onHand - r.reserved,
        backordered: waitingOf.get(key(r.productId, r.branchId)) ?? 0,
        incoming: incomingOf.get(key(r.productId, r.branchId)) ?? 0,
        reorder_level: r.reorderLevel,
      })),
    };
  }

  /** One product at one branch (the answer to an adjustment). */
  async function levelOf(exec: Db | Tx, productId: number, branchId: number): Promise<StockLevelView> {
    const only = and(eq(products.productId, productId), eq(branches.id, branchId));
    const [row] = (await readLevels(exec, { q: "", low: false }, 1, 0, only)).rows;
    if (!row) throw new NotFoundError("Stock not found.");
    return row;
  }

  return {
    // ───────────── stock levels ─────────────

    /** Every product at every branch (stocked or not), by name, filtered by name/SKU, branch and low. */
    async levels(actor: Actor, q: StockLevelsQuery): Promise<{ rows: StockLevelView[]; count: number }> {
      requireStaff(actor, "stock.adjust");
      const { limit, offset } = paged(q);
      return readLevels(db, q, limit, offset);
    },

    /** One product at one branch (the adjust form's figures); 404 when either is unknown. */
    async level(actor: Actor, productId: number, branchId: number): Promise<StockLevelView> {
      requireStaff(actor, "stock.adjust");
      return levelOf(db, productId, branchId);
    },

    /** The levels for the CSV export: the same filters, at most 100,000 rows. */
    async levelsForExport(actor: Actor, q: Omit<StockLevelsQuery, "page" | "pageSize">): Promise<StockLevelView[]> {
      requireStaff(actor, "stock.adjust");
      return (await readLevels(db, q, 100_000, 0)).rows;
    },

    /**
     * Products whose available stock over every branch is at or below their reorder level (0: none left), among those
     * kept in stock or on their way (not those supplied to order). With what is on its way and the next arrival.
     */
    async lowStock(actor: Actor): Promise<LowStockView[]> {
      requireStaff(actor, "stock.adjust");
      const totals = db
        .select({
          productId: stockLevels.productId,
          onHand: sql<number>`sum(${stockLevels.onHand})`.as("on_hand_total"),
          reserved: sql<number>`sum(${stockLevels.reserved})`.as("reserved_total"),
        })
        .from(stockLevels)
        .groupBy(stockLevels.productId)
        .as("totals");
      const rows = await db
        .select({
          productId: products.productId,
          productName: products.productName,
          sku: products.sku,
          reorderLevel: products.reorderLevel,
          onHand: sql<number>`coalesce(${totals.onHand}, 0)`.mapWith(Number),
          reserved: sql<number>`coalesce(${totals.reserved}, 0)`.mapWith(Number),
        })
        .from(products)
        .leftJoin(totals, eq(totals.productId, products.productId))
        .where(
          and(
            sql`coalesce(${totals.onHand}, 0) - coalesce(${totals.reserved}, 0) <= ${products.reorderLevel}`,
            // Kept in stock (level rows) or on its way; a product never stocked nor shipped is supplied to order.
            or(
              sql`${totals.productId} is not null`,
              sql`exists (select 1 from ${shipmentLines} sl join ${shipments} s on s.id = sl.shipment_id
                where sl.product_id = ${products.productId} and s.status in ('expected', 'partial') and sl.received < sl.quantity)`,
            ),
          ),
        )
        .orderBy(
          asc(sql`coalesce(${totals.onHand}, 0) - coalesce(${totals.reserved}, 0) - ${products.reorderLevel}`),
          asc(sql`lower(${products.productName})`),
        )
        .limit(1000);
      const ids = rows.map((r) => r.productId);
      const [waiting, incoming] = ids.length
        ? await Promise.all([
            db
              .select({ productId: stockReservations.productId, n: sql<number>`sum(${stockReservations.backordered})`.mapWith(Number) })
              .from(stockReservations)
              .where(and(inArray(stockReservations.productId, ids), eq(stockReservations.status, "active")))
              .groupBy(stockReservations.productId),
            db
              .select({
                productId: shipmentLines.productId,
                n: sql<number>`sum(${openQuantity})`.mapWith(Number),
                day: sql<string>`min(${shipments.expectedDate})::text`,
              })
              .from(shipmentLines)
              .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
              .where(and(inArray(shipmentLines.productId, ids), OPEN_SHIPMENT, lt(shipmentLines.received, shipmentLines.quantity)))
              .groupBy(shipmentLines.productId),
          ])
        : [[], []];
      const waitingOf = new Map(waiting.map((w) => [w.productId, w.n]));
      const incomingOf = new Map(incoming.map((w) => [w.productId, w]));
      return rows.map((r) => ({
        product_id: r.productId,
        product_name: r.productName,
        sku: r.sku,
        reorder_level: r.reorderLevel,
        on_hand: r.onHand,
        reserved: r.reserved,
        available: r.onHand - r.reserved,
        backordered: waitingOf.get(r.productId) ?? 0,
        incoming: incomingOf.get(r.productId)?.n ?? 0,
        next_arrival: incomingOf.get(r.productId)?.day ?? null,
      }));
    },

    /**
     * An adjustment (up or down) or a return (up), with its reason: refused on `change` when it would leave fewer on
     * hand than are reserved, saying how many are free. Units added go to the backorders waiting there first.
     */
    async adjust(actor: Actor, input: StockAdjustmentInput): Promise<StockLevelView> {
      const me = requireStaff(actor, "stock.adjust");
      if (input.kind === "return" && input.change < 0) throw new FieldError("A return adds stock: enter a positive number.", "change");
      return db.transaction(async (tx) => {
        const names = await requireProducts(tx, [input.product_id], "product_id");
        const branch = await requireBranch(tx, input.branch_id);
        if (input.order_id !== undefined) {
          const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.order_id));
          if (!order) throw new FieldError("No such order.", "order_id");
        }
        const levels = await lockLevels(tx, input.branch_id, [input.product_id]);
        const level = levels.get(input.product_id);
        const onHand = level?.onHand ?? 0;
        const reserved = level?.reserved ?? 0;
        if (onHand + input.change < reserved) {
          const free = Math.max(0, onHand - reserved);
          throw new FieldError(
            `Only ${free} of the ${onHand} on hand ${free === 1 ? "is" : "are"} free (${reserved} reserved): take away at most ${free}.`,
            "change",
          );
        }
        const at = now();
        await move(
          tx,
          {
            productId: input.product_id,
            branchId: input.branch_id,
            kind: input.kind,
            onHand: input.change,
            reason: input.reason,
            orderId: input.order_id ?? null,
            userId: me.id,
          },
          at,
        );
        if (input.change > 0) await fillBackorders(tx, input.product_id, input.branch_id, at);
        const after = await levelOf(tx, input.product_id, input.branch_id);
        const signed = input.change > 0 ? `+${input.change}` : String(input.change);
        await audit.record(tx, me, {
          entity: "stock",
          entityId: input.product_id,
          action: input.kind,
          summary: `${input.kind === "return" ? "Return" : "Stock adjustment"} ${signed} of ${quote(names.get(input.product_id) ?? "")} at ${branch.name}: ${input.reason}`,
          before: { on_hand: onHand, reserved },
          after: { on_hand: after.on_hand, reserved: after.reserved },
        });
        return after;
      });
    },
  };
}
