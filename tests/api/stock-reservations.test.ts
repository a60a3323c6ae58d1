// @module-tag db: runs on PostgreSQL too (decision 022)
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { branches } from "#server/db/schema/branches.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { quotationProducts, quotations } from "#server/db/schema/commerce.ts";
import { shipmentLines, shipments, stockLevels, stockMovements, stockReservations } from "#server/db/schema/stock.ts";
import { fillBackorders, lockLevels, move } from "#server/modules/stock/stock-ledger.ts";
import { actorFrom } from "#server/platform/auth/actor.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import { dispatchBody } from "../support/dispatch.ts";
import { expectLedgerAgrees as expectLedgerAgreesIn } from "../support/stock-invariant.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Reservations and backorders through the services, on the seeded demo: every movement leaves the
 * levels equal to the ledger added up, and concurrent orders for the last units never take more than there is.
 */

let t: TestApp;
let harare: number;
let bulawayo: number;
const admin = actorFrom({ id: 0, roleId: 3, emailVerifiedAt: new Date() }, "test");
let dealer = actorFrom({ id: 0, roleId: 2, emailVerifiedAt: new Date() }, "test");

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [d] = await db.select({ id: users.id }).from(users).where(eq(users.username, "dealer"));
  const [a] = await db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
  dealer = actorFrom({ id: d?.id as number, roleId: 2, emailVerifiedAt: new Date() }, "test");
  Object.assign(admin as object, { id: a?.id as number });
  const rows = await db.select().from(branches).orderBy(asc(branches.sortOrder));
  harare = rows[0]?.id as number;
  bulawayo = rows[1]?.id as number;
});
afterAll(() => t?.close());

const expectLedgerAgrees = () => expectLedgerAgreesIn(t.database.db);

/** A product of its own for a test: a new panel (serialised) with exactly `count` on hand at Harare. */
async function productWith(count: number, where = () => harare): Promise<number> {
  const db = t.database.db;
  const [template] = await db.select().from(products).where(eq(products.categoryId, 1)).limit(1);
  if (!template) throw new Error("no demo panel");
  const [made] = await db
    .insert(products)
    .values({
      productName: `Test panel ${randomUUID().slice(0, 8)}`,
      productDescription: "A panel for the stock tests.",
      priceUsd: "100.00",
      retailPriceUsd: "130.00",
      categoryId: 1,
      serialised: true,
      reorderLevel: 2,
      specs: template.specs,
    })
    .returning({ id: products.productId });
  const id = made?.id as number;
  if (count > 0) {
    await db.transaction(async (tx) => {
      await lockLevels(tx, where(), [id]);
      await move(tx, { productId: id, branchId: where(), kind: "receipt", onHand: count, reason: "Test stock" }, new Date());
    });
  }
  return id;
}

function place(productId: number, quantity: number, extra: Record<string, unknown> = {}) {
  return t.app.services.orders.placeOrder(dealer, {
    idempotencyKey: randomUUID(),
    currency: "USD",
    paymentTerms: "cash",
    fulfilment: "collection",
    branchId: harare,
    contactName: "Farai Dealer",
    contactPhone: "",
    deliveryAddress: "",
    deliveryCity: "",
    notes: "",
    products: [{ product_id: productId, quantity }],
    ...extra,
  });
}

async function level(productId: number, branchId = harare) {
  const [row] = await t.database.db
    .select()
    .from(stockLevels)
    .where(and(eq(stockLevels.productId, productId), eq(stockLevels.branchId, branchId)));
  return row ? { onHand: row.onHand, reserved: row.reserved, available: row.onHand - row.reserved } : null;
}

describe("reservations", () => {
  it("20 concurrent orders for the last 5 units: 5 reserved, the rest backordered, nothing negative", async () => {
    const id = await productWith(5);
    const placed = await Promise.all(Array.from({ length: 20 }, () => place(id, 1)));
    expect(placed.every((p) => p.created)).toBe(true);
    const lines = placed.map((p) => p.order.products[0]);
    expect(lines.filter((l) => l?.backordered === 0)).toHaveLength(5);
    expect(lines.filter((l) => l?.backordered === 1)).toHaveLength(15);
    expect(await level(id)).toEqual({ onHand: 5, reserved: 5, available: 0 });
    await expectLedgerAgrees();
  });

  it("an order takes what is there and backorders the rest; a cancelled order gives its units to the next waiting", async () => {
    const id = await productWith(3);
    const first = await place(id, 5);
    expect(first.order.products[0]).toMatchObject({ backordered: 2 });
    const second = await place(id, 2);
    expect(second.order.products[0]).toMatchObject({ backordered: 2 });
    expect(await level(id)).toEqual({ onHand: 3, reserved: 3, available: 0 });
    // The first is cancelled: its 3 go to the second, which waited longest for them.
    await t.app.services.orders.setStatus(admin, first.order.id, { status: "cancelled", note: "Customer changed plans." });
    const after = await t.app.services.orders.orderById(admin, second.order.id);
    expect(after.products[0]).toMatchObject({ backordered: 0 });
    expect(await level(id)).toEqual({ onHand: 3, reserved: 2, available: 1 });
    const kinds = await t.database.db
      .select({ kind: stockMovements.kind, reserved: stockMovements.reservedChange, order: stockMovements.orderId })
      .from(stockMovements)
      .where(eq(stockMovements.productId, id))
      .orderBy(asc(stockMovements.id));
    expect(kinds).toEqual([
      { kind: "receipt", reserved: 0, order: null },
      { kind: "reservation", reserved: 3, order: first.order.id },
      { kind: "release", reserved: -3, order: first.order.id },
      { kind: "reservation", reserved: 2, order: second.order.id },
    ]);
    await expectLedgerAgrees();
  });

  it("a backorder shows the day of the shipment that covers it, and a receipt fills it", async () => {
    const id = await productWith(0);
    const waiting = await place(id, 4);
    expect(waiting.order.products[0]).toMatchObject({ backordered: 4, expected: null });
    const db = t.database.db;
    const [soon] = await db
      .insert(shipments)
      .values({ supplierReference: "PO-TEST-1", branchId: harare, expectedDate: "2026-12-12" })
      .returning({ id: shipments.id });
    await db.insert(shipmentLines).values({ shipmentId: soon?.id as number, productId: id, quantity: 3 });
    // 3 arrive on the 12th: not enough for 4.
    expect((await t.app.services.orders.orderById(dealer, waiting.order.id)).products[0]).toMatchObject({ expected: null });
    const [later] = await db
      .insert(shipments)
      .values({ supplierReference: "PO-TEST-2", branchId: harare, expectedDate: "2026-12-20" })
      .returning({ id: shipments.id });
    await db.insert(shipmentLines).values({ shipmentId: later?.id as number, productId: id, quantity: 5 });
    expect((await t.app.services.orders.orderById(dealer, waiting.order.id)).products[0]).toMatchObject({ expected: "2026-12-20" });
    // The product says so to everyone.
    const visitorView = await t.app.services.catalogue.productById(null, id);
    expect(visitorView.availability).toMatchObject({ status: "out_of_stock", next_arrival: "2026-12-12" });
    // The first shipment arrives: its 3 go to the order at once.
    await db.transaction(async (tx) => {
      await lockLevels(tx, harare, [id]);
      await move(tx, { productId: id, branchId: harare, kind: "receipt", onHand: 3, shipmentId: soon?.id as number }, new Date());
      await fillBackorders(tx, id, harare, new Date());
    });
    expect((await t.app.services.orders.orderById(dealer, waiting.order.id)).products[0]).toMatchObject({ backordered: 1 });
    expect(await level(id)).toEqual({ onHand: 3, reserved: 3, available: 0 });
    await expectLedgerAgrees();
  });

  it("dispatch takes the units out of on hand and the reservation; a backordered line cannot go", async () => {
    const id = await productWith(2);
    const short = await place(id, 3);
    const orders = t.app.services.orders;
    await orders.confirmPayment(admin, short.order.id);
    await orders.setStatus(admin, short.order.id, { status: "processing", note: "" });
    // A plain status change cannot carry the serial numbers a panel needs.
    await expect(orders.setStatus(admin, short.order.id, { status: "ready_for_collection", note: "" })).rejects.toThrow(
      /needs a serial number per unit: send the order with the dispatch form/,
    );
    const body = await dispatchBody(t.database.db, short.order as OrderView, "ready_for_collection");
    await expect(orders.dispatch(admin, short.order.id, body)).rejects.toThrow(/1 × Test panel .* still on backorder/);
    expect(await level(id)).toEqual({ onHand: 2, reserved: 2, available: 0 });
    // One more arrives (a return), then it goes.
    await t.database.db.transaction(async (tx) => {
      await lockLevels(tx, harare, [id]);
      await move(tx, { productId: id, branchId: harare, kind: "return", onHand: 1, reason: "Returned unused" }, new Date());
      await fillBackorders(tx, id, harare, new Date());
    });
    const sent = await orders.dispatch(admin, short.order.id, body);
    expect(sent.status).toBe("ready_for_collection");
    expect(sent.products[0]?.serials).toHaveLength(3);
    expect(await level(id)).toEqual({ onHand: 0, reserved: 0, available: 0 });
    const [r] = await t.database.db.select().from(stockReservations).where(eq(stockReservations.orderId, short.order.id));
    expect(r).toMatchObject({ status: "dispatched", backordered: 0 });
    await expectLedgerAgrees();
  });

  it("collection is from a branch that takes collections; without one named, the branch that has the order", async () => {
    const id = await productWith(4, () => bulawayo);
    const chosen = await place(id, 2, { branchId: undefined });
    expect(chosen.order.branch?.name).toBe("Bulawayo");
    expect(chosen.order.products[0]?.backordered).toBe(0);
    expect(await level(id, bulawayo)).toEqual({ onHand: 4, reserved: 2, available: 2 });
    await t.database.db.update(branches).set({ collection: false }).where(eq(branches.id, bulawayo));
    try {
      await expect(place(id, 1, { branchId: bulawayo })).rejects.toThrow("Choose a branch that takes collections.");
    } finally {
      await t.database.db.update(branches).set({ collection: true }).where(eq(branches.id, bulawayo));
    }
    await expectLedgerAgrees();
  });
});

describe("quotations", () => {
  async function approvedQuotation(productId: number, quantity: number) {
    const db = t.database.db;
    const [q] = await db
      .insert(quotations)
      .values({
        userId: dealer?.id ?? null,
        requesterName: "Farai Dealer",
        requesterAddress: "45 Lytton Road, Harare",
        requesterPhone: "+263772345678",
        requesterEmail: "dealer@solar-demo.example",
      })
      .returning({ id: quotations.id });
    await db
      .insert(quotationProducts)
      .values({ quotationId: q?.id as number, productId, productName: "Test panel", quantity, priceUsd: "100.00" });
    return t.app.services.quotations.decide(admin, q?.id as number, { status: "approved", branchId: bulawayo });
  }

  it("an approved quotation reserves at the branch the admin picks; rejecting it releases", async () => {
    const id = await productWith(5, () => bulawayo);
    const q = await approvedQuotation(id, 3);
    expect(q.branch_id).toBe(bulawayo);
    expect(await level(id, bulawayo)).toEqual({ onHand: 5, reserved: 3, available: 2 });
    await t.app.services.quotations.decide(admin, q.id, { status: "rejected", reason: "The client found another supplier." });
    expect(await level(id, bulawayo)).toEqual({ onHand: 5, reserved: 0, available: 5 });
    await expectLedgerAgrees();
  });

  it("an expired quotation's reservation is released by the expiry job", async () => {
    const id = await productWith(5, () => bulawayo);
    const q = await approvedQuotation(id, 4);
    expect(await level(id, bulawayo)).toEqual({ onHand: 5, reserved: 4, available: 1 });
    const later = new Date(Date.parse(q.valid_until as string) + 60_000);
    expect(await t.app.services.quotations.expireLapsed(later)).toBeGreaterThanOrEqual(1);
    expect(await level(id, bulawayo)).toEqual({ onHand: 5, reserved: 0, available: 5 });
    const [r] = await t.database.db.select().from(stockReservations).where(eq(stockReservations.quotationId, q.id));
    expect(r?.status).toBe("released");
    await expectLedgerAgrees();
  });
});
