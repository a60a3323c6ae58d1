import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { StockMovementsQuery, StockMovementView } from "#shared/schemas/stock.ts";
import { paged } from "../../db/paging.ts";
import { users } from "../../db/schema/accounts.ts";
import { branches } from "../../db/schema/branches.ts";
import { products } from "../../db/schema/catalogue.ts";
import { stockMovements } from "../../db/schema/stock.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import type { StockAdminParts } from "./stock-admin-common.ts";

/** The company's calendar day (Africa/Harare, UTC+2 all year) as the moment it starts, `plusDays` later. */
function startOfDay(date: string, plusDays = 0): Date {
  const d = new Date(`${date}T00:00:00+02:00`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d;
}

/** The stock ledger in the back office: every movement, filtered, a page at a time or whole for the export. */
export function stockLedgerAdmin({ db }: Pick<StockAdminParts, "db">) {
  function movementsWhere(q: Omit<StockMovementsQuery, "page" | "pageSize">): SQL | undefined {
    return and(
      q.product ? eq(stockMovements.productId, q.product) : undefined,
      q.branch ? eq(stockMovements.branchId, q.branch) : undefined,
      q.kind ? eq(stockMovements.kind, q.kind) : undefined,
      q.from ? gte(stockMovements.createdAt, startOfDay(q.from)) : undefined,
      q.to ? lt(stockMovements.createdAt, startOfDay(q.to, 1)) : undefined,
    );
  }

  async function readMovements(
    q: StockMovementsQuery,
    limit: number,
    offset: number,
  ): Promise<{ rows: StockMovementView[]; count: number }> {
    const where = movementsWhere(q);
    const [rows, total] = await Promise.all([
      db
        .select({
          id: stockMovements.id,
          productId: stockMovements.productId,
          productName: products.productName,
          sku: products.sku,
          branchId: stockMovements.branchId,
          branchName: branches.name,
          kind: stockMovements.kind,
          onHandChange: stockMovements.onHandChange,
          reservedChange: stockMovements.reservedChange,
          reason: stockMovements.reason,
          orderId: stockMovements.orderId,
          quotationId: stockMovements.quotationId,
          shipmentId: stockMovements.shipmentId,
          userName: users.fullName,
          createdAt: stockMovements.createdAt,
        })
        .from(stockMovements)
        .innerJoin(products, eq(products.productId, stockMovements.productId))
        .innerJoin(branches, eq(branches.id, stockMovements.branchId))
        .leftJoin(users, eq(users.id, stockMovements.userId))
        .where(where)
        .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(stockMovements).where(where),
    ]);
    return {
      count: total[0]?.n ?? 0,
      rows: rows.map((r) => ({
        id: r.id,
        product_id: r.productId,
        product_name: r.productName,
        sku: r.sku,
        branch_id: r.branchId,
        branch_name: r.branchName,
        kind: r.kind,
        on_hand_change: r.onHandChange,
        reserved_change: r.reservedChange,
        reason: r.reason,
        order_id: r.orderId,
        quotation_id: r.quotationId,
        shipment_id: r.shipmentId,
        user_name: r.userName ?? null,
        created_At: r.createdAt.toISOString(),
      })),
    };
  }

  return {
    // ───────────── the ledger ─────────────

    async ledger(actor: Actor, q: StockMovementsQuery): Promise<{ rows: StockMovementView[]; count: number }> {
      requireStaff(actor, "stock.adjust");
      const { limit, offset } = paged(q);
      return readMovements(q, limit, offset);
    },

    async ledgerForExport(actor: Actor, q: Omit<StockMovementsQuery, "page" | "pageSize">): Promise<StockMovementView[]> {
      requireStaff(actor, "stock.adjust");
      return (await readMovements({ ...q, page: 1, pageSize: 50 }, 100_000, 0)).rows;
    },
  };
}
