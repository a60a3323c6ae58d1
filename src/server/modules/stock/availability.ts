import { type AnyColumn, and, asc, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Availability, AvailabilityStatus, BranchStockStatus } from "#shared/schemas/stock.ts";
import type { Db, Tx } from "../../db/client.ts";
import { branches } from "../../db/schema/branches.ts";
import { products } from "../../db/schema/catalogue.ts";
import { shipmentLines, shipments, stockLevels } from "../../db/schema/stock.ts";

/**
 * What everyone sees of a product's stock, for many products in three small queries (the catalogue's
 * own queries stay as they are): each branch's status, and its available quantity for those allowed to see it.
 */

function statusOf(available: number, reorderLevel: number): BranchStockStatus {
  if (available <= 0) return "out_of_stock";
  return available <= reorderLevel ? "low_stock" : "in_stock";
}

export async function readAvailability(exec: Db | Tx, productIds: number[], showQuantities: boolean): Promise<Map<number, Availability>> {
  const ids = [...new Set(productIds)];
  const out = new Map<number, Availability>();
  if (ids.length === 0) return out;
  const [branchRows, levels, reorder, arrivals] = await Promise.all([
    exec.select({ id: branches.id, name: branches.name }).from(branches).orderBy(asc(branches.sortOrder), asc(branches.id)),
    exec
      .select({
        productId: stockLevels.productId,
        branchId: stockLevels.branchId,
        onHand: stockLevels.onHand,
        reserved: stockLevels.reserved,
      })
      .from(stockLevels)
      .where(inArray(stockLevels.productId, ids)),
    exec.select({ id: products.productId, level: products.reorderLevel }).from(products).where(inArray(products.productId, ids)),
    exec
      .select({ productId: shipmentLines.productId, day: sql<string>`min(${shipments.expectedDate})::text` })
      .from(shipmentLines)
      .innerJoin(shipments, sql`${shipments.id} = ${shipmentLines.shipmentId}`)
      .where(
        and(
          inArray(shipmentLines.productId, ids),
          inArray(shipments.status, ["expected", "partial"]),
          lt(shipmentLines.received, shipmentLines.quantity),
        ),
      )
      .groupBy(shipmentLines.productId),
  ]);
  const levelOf = new Map(reorder.map((r) => [r.id, r.level]));
  const arrivalOf = new Map(arrivals.map((a) => [a.productId, a.day]));
  const stocked = new Map<number, Map<number, number>>();
  for (const l of levels) {
    const perBranch = stocked.get(l.productId) ?? new Map<number, number>();
    perBranch.set(l.branchId, l.onHand - l.reserved);
    stocked.set(l.productId, perBranch);
  }
  for (const id of ids) {
    if (!levelOf.has(id)) continue;
    out.set(id, availabilityOf(branchRows, stocked.get(id), levelOf.get(id) ?? 0, arrivalOf.get(id) ?? null, showQuantities));
  }
  return out;
}

/**
 * One product's availability from what was read of it: the branches (in the site's order), its available quantity
 * at each branch that holds a stock row (undefined: none at all), its reorder level and its next expected arrival.
 */
export function availabilityOf(
  branchRows: readonly { id: number; name: string }[],
  perBranch: ReadonlyMap<number, number> | undefined,
  reorderLevel: number,
  next: string | null,
  showQuantities: boolean,
): Availability {
  const branchViews = branchRows.map((b) => {
    const available = Math.max(0, perBranch?.get(b.id) ?? 0);
    return {
      branch_id: b.id,
      name: b.name,
      status: statusOf(available, reorderLevel),
      ...(showQuantities ? { available } : {}),
    };
  });
  const total = [...(perBranch?.values() ?? [])].reduce((sum, n) => sum + Math.max(0, n), 0);
  let status: AvailabilityStatus = statusOf(total, reorderLevel);
  if (status === "out_of_stock" && !perBranch && !next) status = "on_order";
  return { status, branches: branchViews, ...(next ? { next_arrival: next } : {}) };
}

/**
 * What a catalogue row reads of its product's stock, in its own statement (correlated subqueries, each on an index):
 * the available quantity per branch (`[[branch id, on hand − reserved], …]`, null: no stock row), and the day of
 * its next expected arrival.
 */
export function stockColumns(productId: SQL | AnyColumn) {
  return {
    stock: sql<
      [number, number][] | null
    >`(select json_agg(json_build_array(${stockLevels.branchId}, ${stockLevels.onHand} - ${stockLevels.reserved})) from ${stockLevels} where ${stockLevels.productId} = ${productId})`,
    nextArrival: sql<
      string | null
    >`(select min(${shipments.expectedDate})::text from ${shipmentLines} inner join ${shipments} on ${shipments.id} = ${shipmentLines.shipmentId} where ${shipmentLines.productId} = ${productId} and ${shipments.status} in ('expected', 'partial') and ${shipmentLines.received} < ${shipmentLines.quantity})`,
    /** The branches in the site's order (`[[id, name], …]`): one read per statement, not per row. */
    branches: sql<
      [number, string][]
    >`(select coalesce(json_agg(json_build_array(b.id, b.name) order by b.sort_order, b.id), '[]'::json) from ${branches} b)`,
  };
}

/** The availability of a row read with `stockColumns`. */
export function availabilityOfRow(
  row: { stock: [number, number][] | null; nextArrival: string | null; branches: [number, string][] },
  reorderLevel: number,
  showQuantities: boolean,
): Availability {
  return availabilityOf(
    row.branches.map(([id, name]) => ({ id, name })),
    row.stock ? new Map(row.stock) : undefined,
    reorderLevel,
    row.nextArrival,
    showQuantities,
  );
}
