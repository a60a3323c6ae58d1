import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import {
  type BranchInput,
  type BranchView,
  type DeliveryFeeInput,
  type DeliveryFeeView,
  type LowStockView,
  type ReceiveShipmentInput,
  type ShipmentInput,
  type ShipmentsQuery,
  type ShipmentView,
  STOCK_IMPORT_MAX_ROWS,
  type StockAdjustmentInput,
  type StockImportInput,
  type StockImportResult,
  type StockLevelsQuery,
  type StockLevelView,
  type StockMovementsQuery,
  type StockMovementView,
} from "#shared/schemas/stock.ts";
import type { Db, Tx } from "../../db/client.ts";
import { containsText } from "../../db/contains-text.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { users } from "../../db/schema/accounts.ts";
import { branches, deliveryFees } from "../../db/schema/branches.ts";
import { products } from "../../db/schema/catalogue.ts";
import { orders, quotations } from "../../db/schema/commerce.ts";
import { shipmentLines, shipments, stockLevels, stockMovements, stockReservations } from "../../db/schema/stock.ts";
import { type Actor, requireAdmin, type SignedIn } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, NotFoundError, ValidationError } from "../../platform/errors.ts";
import { type Auditor, createResources, quote } from "../../platform/resources/resource.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { createStoredFiles } from "../../platform/uploads/stored-files.ts";
import { fillBackorders, lockLevels, move } from "./stock-ledger.ts";
import { branchResource, deliveryFeeResource } from "./stock-resources.ts";

export type StockAdminDeps = { db: Db; storage: Storage; audit: Auditor; now?: () => Date };

/** The company's calendar day (Africa/Harare, UTC+2 all year) as the moment it starts, `plusDays` later. */
function startOfDay(date: string, plusDays = 0): Date {
  const d = new Date(`${date}T00:00:00+02:00`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d;
}

const IMPORT_REASON = "Stock count (import)";
const BRANCH_TAKEN = "Another branch already has this name.";
const CITY_TAKEN = "This city already has a delivery fee.";
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The open (not yet received) quantity of a shipment line, as SQL. */
const openQuantity = sql<number>`${shipmentLines.quantity} - ${shipmentLines.received}`;
const OPEN_SHIPMENT = inArray(shipments.status, ["expected", "partial"]);

/**
 * A minimal CSV reader (RFC 4180: quoted cells, doubled quotes, CRLF or LF): the rows of cells, with the line each
 * row starts on. A byte-order mark is left out.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const src = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && cell === "") quoted = true;
    else if (c === ",") {
      cells.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && src[i + 1] === "\n") i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = "";
      line++;
      rowLine = line;
    } else cell += c;
  }
  if (cell !== "" || cells.length) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  return rows.filter((r) => r.cells.some((c) => c.trim() !== ""));
}

/**
 * The stock back office: branches and delivery fees (declared once as resources), stock per
 * product and branch, adjustments and returns, incoming shipments received in full or in part, the ledger, the
 * low-stock list and the CSV count import. Every call is for admins, each change one transaction with its audit
 * entry, and every change of a level goes through the ledger's `move` (stock-ledger.ts).
 */
export function createStockAdminService({ db, storage, audit, now = () => new Date() }: StockAdminDeps) {
  const { create, update, remove } = createResources({ db, audit, files: createStoredFiles(storage) });

  // ───────────── reads shared by the lists ─────────────

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

  async function requireBranch(exec: Db | Tx, branchId: number, field = "branch_id") {
    const [b] = await exec.select({ id: branches.id, name: branches.name }).from(branches).where(eq(branches.id, branchId));
    if (!b) throw new FieldError("Choose one of the branches.", field);
    return b;
  }

  async function requireProducts(exec: Db | Tx, ids: number[], field: string) {
    const unique = [...new Set(ids)];
    const found = unique.length
      ? await exec.select({ id: products.productId, name: products.productName }).from(products).where(inArray(products.productId, unique))
      : [];
    if (found.length !== unique.length) throw new FieldError("Choose products of the catalogue.", field);
    return new Map(found.map((p) => [p.id, p.name]));
  }

  // ───────────── shipments ─────────────

  async function readShipments(exec: Db | Tx, where: SQL | undefined, limit: number, offset: number): Promise<ShipmentView[]> {
    const heads = await exec
      .select({
        id: shipments.id,
        supplierReference: shipments.supplierReference,
        branchId: shipments.branchId,
        branchName: branches.name,
        expectedDate: sql<string>`${shipments.expectedDate}::text`,
        status: shipments.status,
        notes: shipments.notes,
        createdAt: shipments.createdAt,
      })
      .from(shipments)
      .innerJoin(branches, eq(branches.id, shipments.branchId))
      .where(where)
      .orderBy(desc(shipments.expectedDate), desc(shipments.id))
      .limit(limit)
      .offset(offset);
    if (heads.length === 0) return [];
    const lines = await exec
      .select({
        shipmentId: shipmentLines.shipmentId,
        productId: shipmentLines.productId,
        productName: products.productName,
        sku: products.sku,
        quantity: shipmentLines.quantity,
        received: shipmentLines.received,
      })
      .from(shipmentLines)
      .innerJoin(products, eq(products.productId, shipmentLines.productId))
      .where(
        inArray(
          shipmentLines.shipmentId,
          heads.map((h) => h.id),
        ),
      )
      .orderBy(asc(shipmentLines.id));
    return heads.map((h) => ({
      id: h.id,
      supplier_reference: h.supplierReference,
      branch_id: h.branchId,
      branch_name: h.branchName,
      expected_date: h.expectedDate,
      status: h.status,
      notes: h.notes,
      created_At: h.createdAt.toISOString(),
      lines: lines
        .filter((l) => l.shipmentId === h.id)
        .map((l) => ({ product_id: l.productId, product_name: l.productName, sku: l.sku, quantity: l.quantity, received: l.received })),
    }));
  }

  async function shipmentById(exec: Db | Tx, id: number): Promise<ShipmentView> {
    const [found] = await readShipments(exec, eq(shipments.id, id), 1, 0);
    if (!found) throw new NotFoundError("Shipment not found.");
    return found;
  }

  // ───────────── the ledger ─────────────

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

  // ───────────── branches and delivery fees: unique names and cities ─────────────

  async function refuseTaken(
    tx: Tx,
    column: typeof branches.name | typeof deliveryFees.city,
    value: string,
    except: number | undefined,
    field: string,
    message: string,
  ) {
    const table = column === branches.name ? branches : deliveryFees;
    const [taken] = await tx.select({ id: table.id }).from(table).where(sql`lower(${column}) = lower(${value})`).limit(1);
    if (taken && taken.id !== except) throw new FieldError(message, field);
  }
  const takenAsField = (field: string, message: string) => (err: unknown) => {
    throw isUniqueViolation(err) ? new FieldError(message, field) : err;
  };
  const branchValues = (input: BranchInput) => ({
    name: input.name,
    city: input.city,
    address: input.address,
    phone: input.phone,
    openingHours: input.opening_hours,
    collection: input.collection,
  });

  /** One receipt per line of what arrived; over-receipt, unknown lines or nothing at all refused. */
  async function receive(tx: Tx, me: SignedIn, id: number, input: ReceiveShipmentInput, at: Date) {
    const [head] = await tx.select().from(shipments).where(eq(shipments.id, id)).for("update");
    if (!head) throw new NotFoundError("Shipment not found.");
    if (head.status === "received" || head.status === "cancelled") {
      throw new ConflictError(
        `This shipment is ${head.status === "received" ? "received in full" : "cancelled"}: nothing is left to receive.`,
      );
    }
    const lines = await tx.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, id)).for("update");
    const wanted = new Map<number, number>();
    for (const l of input.lines) wanted.set(l.product_id, (wanted.get(l.product_id) ?? 0) + l.quantity);
    const names = await requireProducts(tx, [...wanted.keys()], "lines");
    for (const [productId, quantity] of wanted) {
      const line = lines.find((l) => l.productId === productId);
      if (!line) throw new FieldError(`${names.get(productId)} is not on this shipment.`, "lines");
      const open = line.quantity - line.received;
      if (quantity > open) {
        throw new FieldError(
          `${names.get(productId)}: ${quantity} received but only ${open} ${open === 1 ? "is" : "are"} still expected.`,
          "lines",
        );
      }
    }
    const total = [...wanted.values()].reduce((a, b) => a + b, 0);
    if (total === 0) throw new FieldError("Enter the quantity that arrived of at least one product.", "lines");
    const moving = [...wanted].filter(([, q]) => q > 0);
    await lockLevels(
      tx,
      head.branchId,
      moving.map(([p]) => p),
    );
    const reason = `Shipment ${head.supplierReference}${input.note ? ` — ${input.note}` : ""}`;
    for (const [productId, quantity] of moving.sort((a, b) => a[0] - b[0])) {
      await move(tx, { productId, branchId: head.branchId, kind: "receipt", onHand: quantity, reason, shipmentId: id, userId: me.id }, at);
      await tx
        .update(shipmentLines)
        .set({ received: sql`${shipmentLines.received} + ${quantity}` })
        .where(and(eq(shipmentLines.shipmentId, id), eq(shipmentLines.productId, productId)));
    }
    const after = await tx.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, id));
    const status = after.every((l) => l.received >= l.quantity) ? "received" : "partial";
    await tx.update(shipments).set({ status, updatedAt: at }).where(eq(shipments.id, id));
    for (const [productId] of moving) await fillBackorders(tx, productId, head.branchId, at);
    return { head, status, total, lines: moving.length };
  }

  return {
    // ───────────── branches (POST /api/branches, PUT and DELETE /api/branches/{id}) ─────────────

    async createBranch(actor: Actor, input: BranchInput): Promise<BranchView> {
      const me = requireAdmin(actor);
      return create(me, branchResource, {
        values: async (_, tx) => {
          await refuseTaken(tx, branches.name, input.name, undefined, "name", BRANCH_TAKEN);
          return branchValues(input);
        },
      }).catch(takenAsField("name", BRANCH_TAKEN));
    },

    async updateBranch(actor: Actor, id: number, input: BranchInput): Promise<BranchView> {
      const me = requireAdmin(actor);
      return update(me, branchResource, id, {
        set: async (_, __, tx) => {
          await refuseTaken(tx, branches.name, input.name, id, "name", BRANCH_TAKEN);
          return branchValues(input);
        },
      }).catch(takenAsField("name", BRANCH_TAKEN));
    },

    /** A branch that holds or held stock, or has orders, quotations or shipments, stays (409 with the reason). */
    deleteBranch: async (actor: Actor, id: number) =>
      remove(requireAdmin(actor), branchResource, id, {
        refuse: async (tx) => {
          const n = async (
            table: typeof stockMovements | typeof orders | typeof quotations | typeof shipments | typeof stockReservations,
          ) => {
            const [row] = await tx.select({ n: count() }).from(table).where(eq(table.branchId, id));
            return row?.n ?? 0;
          };
          const [stocked] = await tx
            .select({ n: count() })
            .from(stockLevels)
            .where(and(eq(stockLevels.branchId, id), or(gt(stockLevels.onHand, 0), gt(stockLevels.reserved, 0))));
          const uses = [
            [stocked?.n ?? 0, "product in stock", "products in stock"],
            [await n(stockMovements), "stock movement", "stock movements"],
            [await n(orders), "order", "orders"],
            [await n(quotations), "quotation", "quotations"],
            [await n(shipments), "shipment", "shipments"],
            [await n(stockReservations), "reservation", "reservations"],
          ] as const;
          const held = uses.filter(([k]) => k > 0).map(([k, one, many]) => plural(k, one, many));
          if (held.length) throw new ConflictError(`This branch cannot be deleted: it has ${held.join(", ")}.`);
          // Level rows at 0 that never moved (made by a look-up) go with it.
          await tx.delete(stockLevels).where(eq(stockLevels.branchId, id));
        },
      }),

    // ───────────── delivery fees (POST /api/delivery-fees, PUT and DELETE /api/delivery-fees/{id}) ─────────────

    async createDeliveryFee(actor: Actor, input: DeliveryFeeInput): Promise<DeliveryFeeView> {
      const me = requireAdmin(actor);
      return create(me, deliveryFeeResource, {
        values: async (_, tx) => {
          await refuseTaken(tx, deliveryFees.city, input.city, undefined, "city", CITY_TAKEN);
          return { city: input.city, feeUsd: input.fee_usd };
        },
      }).catch(takenAsField("city", CITY_TAKEN));
    },

    async updateDeliveryFee(actor: Actor, id: number, input: DeliveryFeeInput): Promise<DeliveryFeeView> {
      const me = requireAdmin(actor);
      return update(me, deliveryFeeResource, id, {
        set: async (_, __, tx) => {
          await refuseTaken(tx, deliveryFees.city, input.city, id, "city", CITY_TAKEN);
          return { city: input.city, feeUsd: input.fee_usd };
        },
      }).catch(takenAsField("city", CITY_TAKEN));
    },

    /** Orders keep their own copy of the fee (a line of their own): a fee can always go. */
    deleteDeliveryFee: async (actor: Actor, id: number) => remove(requireAdmin(actor), deliveryFeeResource, id),

    // ───────────── stock levels ─────────────

    /** Every product at every branch (stocked or not), by name, filtered by name/SKU, branch and low. */
    async levels(actor: Actor, q: StockLevelsQuery): Promise<{ rows: StockLevelView[]; count: number }> {
      requireAdmin(actor);
      return readLevels(db, q, q.pageSize, (q.page - 1) * q.pageSize);
    },

    /** One product at one branch (the adjust form's figures); 404 when either is unknown. */
    async level(actor: Actor, productId: number, branchId: number): Promise<StockLevelView> {
      requireAdmin(actor);
      return levelOf(db, productId, branchId);
    },

    /** The levels for the CSV export: the same filters, at most 100,000 rows. */
    async levelsForExport(actor: Actor, q: Omit<StockLevelsQuery, "page" | "pageSize">): Promise<StockLevelView[]> {
      requireAdmin(actor);
      return (await readLevels(db, q, 100_000, 0)).rows;
    },

    /**
     * Products whose available stock over every branch is at or below their reorder level (0: none left), among those
     * kept in stock or on their way (not those supplied to order). With what is on its way and the next arrival.
     */
    async lowStock(actor: Actor): Promise<LowStockView[]> {
      requireAdmin(actor);
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
      const me = requireAdmin(actor);
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

    // ───────────── shipments ─────────────

    async createShipment(actor: Actor, input: ShipmentInput): Promise<ShipmentView> {
      const me = requireAdmin(actor);
      const seen = new Set<number>();
      for (const l of input.lines) {
        if (seen.has(l.product_id)) throw new FieldError("Each product goes on one line: add the quantities up.", "lines");
        seen.add(l.product_id);
      }
      return db.transaction(async (tx) => {
        await requireBranch(tx, input.branch_id);
        await requireProducts(
          tx,
          input.lines.map((l) => l.product_id),
          "lines",
        );
        const at = now();
        const [head] = await tx
          .insert(shipments)
          .values({
            supplierReference: input.supplier_reference,
            branchId: input.branch_id,
            expectedDate: input.expected_date,
            notes: input.notes,
            createdBy: me.id,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: shipments.id });
        const id = head?.id as number;
        await tx.insert(shipmentLines).values(input.lines.map((l) => ({ shipmentId: id, productId: l.product_id, quantity: l.quantity })));
        const view = await shipmentById(tx, id);
        await audit.record(tx, me, {
          entity: "shipment",
          entityId: id,
          action: "create",
          summary: `Shipment ${quote(input.supplier_reference)} expected at ${view.branch_name} on ${input.expected_date}`,
          after: view,
        });
        return view;
      });
    },

    async listShipments(actor: Actor, q: ShipmentsQuery): Promise<{ rows: ShipmentView[]; count: number }> {
      requireAdmin(actor);
      const where = q.status === "open" ? OPEN_SHIPMENT : q.status ? eq(shipments.status, q.status) : undefined;
      const [rows, total] = await Promise.all([
        readShipments(db, where, q.pageSize, (q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(shipments).where(where),
      ]);
      return { rows, count: total[0]?.n ?? 0 };
    },

    async shipment(actor: Actor, id: number): Promise<ShipmentView> {
      requireAdmin(actor);
      return shipmentById(db, id);
    },

    /**
     * What arrived of a shipment, in full or in part: each quantity a receipt into the branch's on hand (with the
     * shipment named), the lines' received counts and the status moved on, then the backorders waiting filled.
     */
    async receiveShipment(actor: Actor, id: number, input: ReceiveShipmentInput): Promise<ShipmentView> {
      const me = requireAdmin(actor);
      return db.transaction(async (tx) => {
        const before = await shipmentById(tx, id);
        const done = await receive(tx, me, id, input, now());
        const view = await shipmentById(tx, id);
        await audit.record(tx, me, {
          entity: "shipment",
          entityId: id,
          action: "receive",
          summary: `Shipment ${quote(done.head.supplierReference)}: ${plural(done.total, "unit")} of ${plural(done.lines, "product")} received (${done.status === "received" ? "in full" : "in part"})`,
          before,
          after: view,
        });
        return view;
      });
    },

    /** A shipment that will not come (or not the rest of it): what was received stays, the rest is no longer expected. */
    async cancelShipment(actor: Actor, id: number): Promise<ShipmentView> {
      const me = requireAdmin(actor);
      return db.transaction(async (tx) => {
        const [head] = await tx.select().from(shipments).where(eq(shipments.id, id)).for("update");
        if (!head) throw new NotFoundError("Shipment not found.");
        if (head.status === "received" || head.status === "cancelled") {
          throw new ConflictError(
            `This shipment is ${head.status === "received" ? "received in full" : "cancelled already"}: there is nothing to cancel.`,
          );
        }
        const before = await shipmentById(tx, id);
        await tx.update(shipments).set({ status: "cancelled", updatedAt: now() }).where(eq(shipments.id, id));
        const view = await shipmentById(tx, id);
        const open = view.lines.reduce((sum, l) => sum + l.quantity - l.received, 0);
        await audit.record(tx, me, {
          entity: "shipment",
          entityId: id,
          action: "cancel",
          summary: `Shipment ${quote(head.supplierReference)} cancelled: ${plural(open, "unit")} no longer expected`,
          before,
          after: view,
        });
        return view;
      });
    },

    // ───────────── the ledger ─────────────

    async ledger(actor: Actor, q: StockMovementsQuery): Promise<{ rows: StockMovementView[]; count: number }> {
      requireAdmin(actor);
      return readMovements(q, q.pageSize, (q.page - 1) * q.pageSize);
    },

    async ledgerForExport(actor: Actor, q: Omit<StockMovementsQuery, "page" | "pageSize">): Promise<StockMovementView[]> {
      requireAdmin(actor);
      return (await readMovements({ ...q, page: 1, pageSize: 50 }, 100_000, 0)).rows;
    },

    // ───────────── the counts import ─────────────

    /**
     * A stock count as CSV (sku,branch,count; the branch by name or city): the whole file is checked first (unknown
     * SKU or branch, a count that is no whole number, a line twice, a count below what is reserved) and refused with
     * every line's problem, changing nothing; then each count that differs from on hand is one adjustment
     * "Stock count (import)", all in one transaction.
     */
    async importCounts(actor: Actor, input: StockImportInput): Promise<StockImportResult> {
      const me = requireAdmin(actor);
      const rows = parseCsv(input.csv);
      const [header, ...body] = rows;
      const columns = (header?.cells ?? []).map((c) => c.trim().toLowerCase());
      const col = { sku: columns.indexOf("sku"), branch: columns.indexOf("branch"), count: columns.indexOf("count") };
      if (col.sku < 0 || col.branch < 0 || col.count < 0) {
        throw new ValidationError([{ path: "body.csv", message: "The first line must name the columns sku, branch and count." }]);
      }
      if (body.length === 0) throw new ValidationError([{ path: "body.csv", message: "The file has no counts below its header." }]);
      if (body.length > STOCK_IMPORT_MAX_ROWS) {
        throw new ValidationError([
          { path: "body.csv", message: `The file has ${body.length} lines: at most ${STOCK_IMPORT_MAX_ROWS} at once.` },
        ]);
      }
      return db.transaction(async (tx) => {
        const branchRows = await tx.select({ id: branches.id, name: branches.name, city: branches.city }).from(branches);
        const skus = [...new Set(body.map((r) => (r.cells[col.sku] ?? "").trim()).filter(Boolean))];
        const found: { id: number; sku: string | null }[] = [];
        for (let i = 0; i < skus.length; i += 1000) {
          found.push(
            ...(await tx
              .select({ id: products.productId, sku: products.sku })
              .from(products)
              .where(inArray(products.sku, skus.slice(i, i + 1000)))),
          );
        }
        const productOf = new Map(found.map((p) => [p.sku ?? "", p.id]));
        const problems: string[] = [];
        const wanted: { line: number; productId: number; branchId: number; count: number }[] = [];
        const seen = new Map<string, number>();
        for (const r of body) {
          const sku = (r.cells[col.sku] ?? "").trim();
          const branchName = (r.cells[col.branch] ?? "").trim();
          const raw = (r.cells[col.count] ?? "").trim();
          const lineProblems: string[] = [];
          const productId = productOf.get(sku);
          if (!sku) lineProblems.push("no SKU");
          else if (productId === undefined) lineProblems.push(`unknown SKU "${sku}"`);
          const branch =
            branchRows.find((b) => b.name.toLowerCase() === branchName.toLowerCase()) ??
            branchRows.find((b) => b.city.toLowerCase() === branchName.toLowerCase());
          if (!branch) lineProblems.push(branchName ? `unknown branch "${branchName}"` : "no branch");
          const countValue = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
          if (Number.isNaN(countValue)) lineProblems.push(raw ? `the count "${raw}" is not a whole number of 0 or more` : "no count");
          if (productId !== undefined && branch) {
            const key = `${productId}:${branch.id}`;
            const first = seen.get(key);
            if (first !== undefined) lineProblems.push(`the same SKU and branch as line ${first}`);
            else seen.set(key, r.line);
          }
          if (lineProblems.length) problems.push(`Line ${r.line}: ${lineProblems.join("; ")}.`);
          else wanted.push({ line: r.line, productId: productId as number, branchId: (branch as { id: number }).id, count: countValue });
        }
        // The levels, locked per branch in product order, so no order reserves between the check and the change.
        const levels = new Map<string, { onHand: number; reserved: number }>();
        for (const b of branchRows) {
          const ids = wanted.filter((w) => w.branchId === b.id).map((w) => w.productId);
          const locked = await lockLevels(tx, b.id, ids);
          for (const [productId, l] of locked) levels.set(`${productId}:${b.id}`, { onHand: l.onHand, reserved: l.reserved });
        }
        for (const w of wanted) {
          const l = levels.get(`${w.productId}:${w.branchId}`);
          if (l && w.count < l.reserved) problems.push(`Line ${w.line}: the count ${w.count} is below the ${l.reserved} reserved there.`);
        }
        if (problems.length) {
          problems.sort((a, b) => Number(a.match(/\d+/)?.[0]) - Number(b.match(/\d+/)?.[0]));
          throw new ValidationError(problems.slice(0, 200).map((message) => ({ path: "body.csv", message })));
        }
        const at = now();
        let changed = 0;
        for (const w of [...wanted].sort((a, b) => a.branchId - b.branchId || a.productId - b.productId)) {
          const l = levels.get(`${w.productId}:${w.branchId}`) ?? { onHand: 0, reserved: 0 };
          const change = w.count - l.onHand;
          if (change === 0) continue;
          changed += 1;
          await move(
            tx,
            { productId: w.productId, branchId: w.branchId, kind: "adjustment", onHand: change, reason: IMPORT_REASON, userId: me.id },
            at,
          );
          if (change > 0) await fillBackorders(tx, w.productId, w.branchId, at);
        }
        const message = `${plural(body.length, "line")} read: ${changed === 0 ? "every count matched, nothing changed" : `${plural(changed, "count")} changed`}.`;
        await audit.record(tx, me, { entity: "stock", entityId: 0, action: "import", summary: `Stock counts imported: ${message}` });
        return { rows: body.length, changed, message };
      });
    },
  };
}

export type StockAdminService = ReturnType<typeof createStockAdminService>;
