import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { can } from "#shared/can.ts";
import { orderReference } from "#shared/schemas/orders.ts";
import { type Availability, type BranchView, cityNamedIn, type DeliveryFeeView, type SerialView } from "#shared/schemas/stock.ts";
import type { Db, Tx } from "../../db/client.ts";
import { companyNames } from "../../db/dealer-names.ts";
import { users } from "../../db/schema/accounts.ts";
import { branches, deliveryFees } from "../../db/schema/branches.ts";
import { products } from "../../db/schema/catalogue.ts";
import { orders } from "../../db/schema/commerce.ts";
import { serials, shipmentLines, shipments, stockLevels, stockReservations } from "../../db/schema/stock.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, NotFoundError } from "../../platform/errors.ts";
import { readAvailability } from "./availability.ts";

export type BranchRow = typeof branches.$inferSelect;

export function branchView(b: BranchRow): BranchView {
  return {
    id: b.id,
    name: b.name,
    city: b.city,
    address: b.address,
    phone: b.phone,
    opening_hours: b.openingHours,
    collection: b.collection,
  };
}

/** A serial as stored and compared: trimmed, upper case. */
export const normaliseSerial = (s: string) => s.trim().toUpperCase();

/**
 * Stock as the rest of the site reads it: availability per product and branch, the branches and the
 * delivery fees, a branch chosen to serve an order, an order's reservations and serial numbers, and where a serial
 * went. The ledger's changes are `stock-ledger.ts` (inside the orders' and quotations' transactions) and the back
 * office's `stock-admin.service.ts`.
 */
export function createStockService({ db }: { db: Db }) {
  async function listBranches(exec: Db | Tx = db): Promise<BranchRow[]> {
    return exec.select().from(branches).orderBy(asc(branches.sortOrder), asc(branches.id));
  }

  return {
    /** Availability of products (at most 100 ids) as this actor may see it: quantities for dealers and admins. */
    async availability(actor: Actor, productIds: number[], exec: Db | Tx = db): Promise<Map<number, Availability>> {
      return readAvailability(exec, productIds.slice(0, 100), can.seePrices(actor));
    },

    async branches(exec: Db | Tx = db): Promise<BranchView[]> {
      return (await listBranches(exec)).map(branchView);
    },

    async deliveryFees(exec: Db | Tx = db): Promise<DeliveryFeeView[]> {
      const rows = await exec.select().from(deliveryFees).orderBy(asc(deliveryFees.sortOrder), asc(deliveryFees.city));
      return rows.map((r) => ({ id: r.id, city: r.city, fee_usd: r.feeUsd }));
    },

    /**
     * The branch that serves an order: the one asked for (for collection, it must take collections), or
     * else the one that has the most of the lines in full now, then the most units, then the first in the list.
     */
    async chooseBranch(
      tx: Tx,
      lines: { productId: number; quantity: number }[],
      opts: { branchId?: number | undefined; collection: boolean },
    ): Promise<BranchRow> {
      const all = await listBranches(tx);
      const usable = opts.collection ? all.filter((b) => b.collection) : all;
      if (opts.branchId !== undefined) {
        const chosen = usable.find((b) => b.id === opts.branchId);
        if (!chosen) {
          throw new FieldError(opts.collection ? "Choose a branch that takes collections." : "Choose one of our branches.", "branchId");
        }
        return chosen;
      }
      if (usable.length === 0) throw new ConflictError("No branch can serve orders yet: please contact us.");
      const ids = lines.map((l) => l.productId);
      const levels = ids.length
        ? await tx
            .select()
            .from(stockLevels)
            .where(
              and(
                inArray(stockLevels.productId, ids),
                inArray(
                  stockLevels.branchId,
                  usable.map((b) => b.id),
                ),
              ),
            )
        : [];
      const score = (b: BranchRow) => {
        let full = 0;
        let units = 0;
        for (const l of lines) {
          const level = levels.find((x) => x.branchId === b.id && x.productId === l.productId);
          const free = level ? level.onHand - level.reserved : 0;
          if (free >= l.quantity) full += 1;
          units += Math.min(free, l.quantity);
        }
        return full * 1_000_000 + units;
      };
      return usable.reduce((best, b) => (score(b) > score(best) ? b : best));
    },

    /**
     * The fee to deliver to a city (USD excluding VAT), or a field error naming the cities served. Without a city,
     * the last city of the table the address names ("…, Workington, Harare"), so a client that sends only the address
     * still gets the right fee. No table: no fee.
     */
    async deliveryFeeFor(tx: Db | Tx, city: string | undefined, address = ""): Promise<{ city: string; feeUsd: string } | null> {
      const table = await tx.select().from(deliveryFees).orderBy(asc(deliveryFees.sortOrder), asc(deliveryFees.city));
      if (table.length === 0) return null;
      const asked = (city ?? "").trim().toLowerCase();
      const named = asked
        ? undefined
        : cityNamedIn(
            address,
            table.map((f) => f.city),
          );
      const fromAddress = named === undefined ? undefined : table.find((f) => f.city === named);
      const found = fromAddress ?? table.find((f) => f.city.toLowerCase() === asked);
      if (!found) throw new FieldError(`Choose the city to deliver to: ${table.map((f) => f.city).join(", ")}.`, "deliveryCity");
      return { city: found.city, feeUsd: found.feeUsd };
    },

    /**
     * Each order's backorders (per product: the units still waited for, and the day a shipment to its branch is
     * expected to cover them, taking earlier backorders there first) and the serials its lines went out with.
     */
    async orderStock(
      exec: Db | Tx,
      orderIds: number[],
    ): Promise<{
      backorders: Map<number, Map<number, { quantity: number; expected: string | null }>>;
      serials: Map<number, Map<number, string[]>>;
      branches: Map<number, BranchRow>;
    }> {
      const backorders = new Map<number, Map<number, { quantity: number; expected: string | null }>>();
      const serialsOf = new Map<number, Map<number, string[]>>();
      if (orderIds.length === 0) return { backorders, serials: serialsOf, branches: new Map() };
      const [waiting, sent, all] = await Promise.all([
        exec
          .select({ orderId: stockReservations.orderId, productId: stockReservations.productId, branchId: stockReservations.branchId })
          .from(stockReservations)
          .where(
            and(inArray(stockReservations.orderId, orderIds), eq(stockReservations.status, "active"), gt(stockReservations.backordered, 0)),
          ),
        exec
          .select({ orderId: serials.orderId, lineId: serials.orderLineId, serial: serials.serial })
          .from(serials)
          .where(inArray(serials.orderId, orderIds))
          .orderBy(asc(serials.id)),
        listBranches(exec),
      ]);
      for (const s of sent) {
        const m = serialsOf.get(s.orderId) ?? new Map<number, string[]>();
        m.set(s.lineId, [...(m.get(s.lineId) ?? []), s.serial]);
        serialsOf.set(s.orderId, m);
      }
      if (waiting.length) {
        const productIds = [...new Set(waiting.map((w) => w.productId))];
        const [queue, incoming] = await Promise.all([
          // Everyone waiting for these products, in the order they will be served.
          exec
            .select()
            .from(stockReservations)
            .where(
              and(
                inArray(stockReservations.productId, productIds),
                eq(stockReservations.status, "active"),
                gt(stockReservations.backordered, 0),
              ),
            )
            .orderBy(asc(stockReservations.createdAt), asc(stockReservations.id)),
          exec
            .select({
              productId: shipmentLines.productId,
              branchId: shipments.branchId,
              open: sql<number>`${shipmentLines.quantity} - ${shipmentLines.received}`.mapWith(Number),
              day: sql<string>`${shipments.expectedDate}::text`,
            })
            .from(shipmentLines)
            .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
            .where(
              and(
                inArray(shipmentLines.productId, productIds),
                inArray(shipments.status, ["expected", "partial"]),
                lt(shipmentLines.received, shipmentLines.quantity),
              ),
            )
            .orderBy(asc(shipments.expectedDate), asc(shipments.id)),
        ]);
        const wanted = new Set(orderIds);
        const groups = new Map<string, typeof queue>();
        for (const r of queue) {
          const key = `${r.productId}:${r.branchId}`;
          groups.set(key, [...(groups.get(key) ?? []), r]);
        }
        for (const [key, rows] of groups) {
          const arrivals = incoming.filter((i) => `${i.productId}:${i.branchId}` === key);
          let cursor = 0;
          let left = arrivals[0]?.open ?? 0;
          for (const r of rows) {
            // Walk the shipments until this reservation's units are covered.
            let need = r.backordered;
            let day: string | null = null;
            while (need > 0 && cursor < arrivals.length) {
              const take = Math.min(need, left);
              need -= take;
              left -= take;
              day = arrivals[cursor]?.day ?? null;
              if (left === 0) {
                cursor += 1;
                left = arrivals[cursor]?.open ?? 0;
              }
            }
            if (r.orderId === null || !wanted.has(r.orderId)) continue;
            const m = backorders.get(r.orderId) ?? new Map<number, { quantity: number; expected: string | null }>();
            m.set(r.productId, { quantity: r.backordered, expected: need > 0 ? null : day });
            backorders.set(r.orderId, m);
          }
        }
      }
      return { backorders, serials: serialsOf, branches: new Map(all.map((b) => [b.id, b])) };
    },

    /** Which of these serials are already recorded (any case), as stored. */
    async serialsInUse(exec: Db | Tx, values: string[]): Promise<string[]> {
      if (values.length === 0) return [];
      const rows = await exec
        .select({ serial: serials.serial })
        .from(serials)
        .where(
          inArray(
            sql`upper(${serials.serial})`,
            values.map((v) => normaliseSerial(v)),
          ),
        );
      return rows.map((r) => r.serial);
    },

    /** Where a serial number went (admins): its product, order, dealer and day; 404 when it was never recorded. */
    async lookupSerial(actor: Actor, value: string): Promise<SerialView> {
      // Decision 035: where a serial went is an order's record, so whoever reads orders may ask.
      requireStaff(actor, "orders.read");
      const [row] = await db
        .select({
          serial: serials.serial,
          productId: serials.productId,
          productName: products.productName,
          sku: products.sku,
          orderId: serials.orderId,
          orderCreated: orders.createdAt,
          userId: orders.userId,
          dealerName: users.fullName,
          branchName: branches.name,
          at: serials.createdAt,
        })
        .from(serials)
        .innerJoin(orders, eq(orders.id, serials.orderId))
        .leftJoin(products, eq(products.productId, serials.productId))
        .leftJoin(users, eq(users.id, orders.userId))
        .leftJoin(branches, eq(branches.id, serials.branchId))
        .where(eq(sql`upper(${serials.serial})`, normaliseSerial(value)))
        .limit(1);
      if (!row) throw new NotFoundError("No order went out with this serial number.");
      const companies = await companyNames(db, [row.userId]);
      return {
        serial: row.serial,
        product_id: row.productId,
        product_name: row.productName ?? "Deleted product",
        sku: row.sku ?? null,
        order_id: row.orderId,
        order_reference: orderReference(row.orderId, row.orderCreated),
        dealer_name: row.dealerName ?? "",
        dealer_company: companies.get(row.userId) ?? null,
        branch_name: row.branchName ?? null,
        dispatched_At: row.at.toISOString(),
      };
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
