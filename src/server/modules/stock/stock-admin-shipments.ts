import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { ReceiveShipmentInput, ShipmentInput, ShipmentsQuery, ShipmentView } from "#shared/schemas/stock.ts";
import type { Db, Tx } from "../../db/client.ts";
import { paged } from "../../db/paging.ts";
import { branches } from "../../db/schema/branches.ts";
import { products } from "../../db/schema/catalogue.ts";
import { shipmentLines, shipments } from "../../db/schema/stock.ts";
import { type Actor, requireStaff, type SignedIn } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, NotFoundError } from "../../platform/errors.ts";
import { quote } from "../../platform/resources/resource.ts";
import { OPEN_SHIPMENT, plural, requireBranch, requireProducts, type StockAdminParts } from "./stock-admin-common.ts";
import { fillBackorders, lockLevels, move } from "./stock-ledger.ts";

/**
 * Incoming shipments in the back office: expected at a branch, received in full or in part (each quantity a receipt
 * through the ledger's `move`, the backorders waiting then filled), or cancelled.
 */
export function stockShipmentsAdmin({ db, audit, now }: StockAdminParts) {
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
    // ───────────── shipments ─────────────

    async createShipment(actor: Actor, input: ShipmentInput): Promise<ShipmentView> {
      const me = requireStaff(actor, "stock.adjust");
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
      requireStaff(actor, "stock.adjust");
      const where = q.status === "open" ? OPEN_SHIPMENT : q.status ? eq(shipments.status, q.status) : undefined;
      const { limit, offset, envelope } = paged(q);
      const [rows, [total]] = await Promise.all([
        readShipments(db, where, limit, offset),
        db.select({ n: count() }).from(shipments).where(where),
      ]);
      return envelope(rows, total);
    },

    async shipment(actor: Actor, id: number): Promise<ShipmentView> {
      requireStaff(actor, "stock.adjust");
      return shipmentById(db, id);
    },

    /**
     * What arrived of a shipment, in full or in part: each quantity a receipt into the branch's on hand (with the
     * shipment named), the lines' received counts and the status moved on, then the backorders waiting filled.
     */
    async receiveShipment(actor: Actor, id: number, input: ReceiveShipmentInput): Promise<ShipmentView> {
      const me = requireStaff(actor, "stock.adjust");
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
      const me = requireStaff(actor, "stock.adjust");
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
  };
}
