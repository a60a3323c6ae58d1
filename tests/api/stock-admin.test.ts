// @module-tag db: runs on PostgreSQL too (decision 022)
import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branches } from "#server/db/schema/branches.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { stockLevels, stockMovements, stockReservations } from "#server/db/schema/stock.ts";
import { DEMO_LOW_STOCK, DEMO_OUT_OF_STOCK } from "#server/seed/demo-stock.ts";
import type { ShipmentView, StockLevelView, StockMovementView } from "#shared/schemas/stock.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { expectLedgerAgrees } from "../support/stock-invariant.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The stock back office: adjustments and returns, shipments received in part and in full or
 * cancelled, the counts import, branches and delivery fees; after every movement the ledger and the levels agree.
 */

let t: TestApp;
let actors: Actors;
let harare: number;
let bulawayo: number;
/** Stocked products with a SKU (by id), and the demo's out-of-stock one. */
let stocked: { id: number; sku: string; name: string }[];
let outOfStock: { id: number; sku: string | null };

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  const db = t.database.db;
  const all = await db.select().from(branches);
  harare = all.find((b) => b.name === "Harare")?.id as number;
  bulawayo = all.find((b) => b.name === "Bulawayo")?.id as number;
  const rows = await db
    .select({ id: products.productId, sku: products.sku, name: products.productName })
    .from(products)
    .innerJoin(stockLevels, and(eq(stockLevels.productId, products.productId), eq(stockLevels.branchId, harare)))
    .where(eq(stockLevels.reserved, 0))
    .orderBy(products.productId)
    .limit(6);
  stocked = rows.filter((r) => r.sku !== null) as typeof stocked;
  const [out] = await db
    .select({ id: products.productId, sku: products.sku })
    .from(products)
    .where(eq(products.productName, DEMO_OUT_OF_STOCK));
  if (!out || stocked.length < 4) throw new Error("the demo has no stock to test with");
  outOfStock = out;
});
afterAll(() => t?.close());

const admin = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  actors.inject("admin", { method, url, ...(payload ? { payload } : {}) });
const db = () => t.database.db;

async function level(productId: number, branchId: number): Promise<StockLevelView> {
  const res = await admin(
    "GET",
    `/api/stock?branch=${branchId}&q=${encodeURIComponent(stocked.find((p) => p.id === productId)?.sku ?? "")}&pageSize=200`,
  );
  expect(res.statusCode).toBe(200);
  const row = (res.json().rows as StockLevelView[]).find((r) => r.product_id === productId);
  if (!row) throw new Error(`no level of ${productId} at ${branchId}`);
  return row;
}
async function movementCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(stockMovements);
  return row?.n ?? 0;
}
const p = (i: number) => stocked[i] as { id: number; sku: string; name: string };

describe("the invariant", () => {
  it("holds on the demo data", async () => {
    await expectLedgerAgrees(db());
  });
});

describe("adjustments and returns", () => {
  it("an adjustment up and down moves on hand and writes one ledger row each", async () => {
    const before = await level(p(0).id, harare);
    const up = await admin("POST", "/api/stock/adjustments", {
      product_id: p(0).id,
      branch_id: harare,
      change: 3,
      reason: "Found in the back store",
    });
    expect(up.statusCode).toBe(201);
    expect(up.json().on_hand).toBe(before.on_hand + 3);
    await expectLedgerAgrees(db());
    const down = await admin("POST", "/api/stock/adjustments", {
      product_id: p(0).id,
      branch_id: harare,
      change: -2,
      reason: "Damaged in handling",
    });
    expect(down.statusCode).toBe(201);
    expect(down.json().on_hand).toBe(before.on_hand + 1);
    await expectLedgerAgrees(db());
    const ledger = await admin("GET", `/api/stock/movements?product=${p(0).id}&branch=${harare}&kind=adjustment`);
    const rows = ledger.json().rows as StockMovementView[];
    expect(rows.slice(0, 2).map((r) => [r.on_hand_change, r.reason])).toEqual([
      [-2, "Damaged in handling"],
      [3, "Found in the back store"],
    ]);
    expect(rows[0]?.user_name).toBeTruthy();
  });

  it("a return adds stock; a negative return is refused on change", async () => {
    const before = await level(p(1).id, harare);
    const back = await admin("POST", "/api/stock/adjustments", {
      product_id: p(1).id,
      branch_id: harare,
      kind: "return",
      change: 1,
      reason: "Returned unopened by the customer",
    });
    expect(back.statusCode).toBe(201);
    expect(back.json().on_hand).toBe(before.on_hand + 1);
    await expectLedgerAgrees(db());
    const wrong = await admin("POST", "/api/stock/adjustments", {
      product_id: p(1).id,
      branch_id: harare,
      kind: "return",
      change: -1,
      reason: "x",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].path).toBe("body.change");
  });

  it("never below what is reserved: 400 on change saying how many are free, nothing moves", async () => {
    const product = p(2);
    // Reserve some of it: a dealer's order for collection at Harare.
    const placed = await actors.inject("dealer", {
      method: "POST",
      url: "/api/orders",
      payload: {
        idempotencyKey: randomUUID(),
        currency: "USD",
        fulfilment: "collection",
        branchId: harare,
        contactName: "Farai Dealer",
        contactPhone: "+263 77 123 4567",
        deliveryAddress: "",
        notes: "",
        products: [{ product_id: product.id, quantity: 2 }],
      },
    });
    expect(placed.statusCode).toBe(201);
    const now = await level(product.id, harare);
    expect(now.reserved).toBeGreaterThanOrEqual(2);
    const moves = await movementCount();
    const res = await admin("POST", "/api/stock/adjustments", {
      product_id: product.id,
      branch_id: harare,
      change: -(now.available + 1),
      reason: "Counted short",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe("body.change");
    expect(res.json().message).toContain(`Only ${now.available}`);
    expect(await movementCount()).toBe(moves);
    await expectLedgerAgrees(db());
  });

  it("an unknown product or branch is a field error", async () => {
    const res = await admin("POST", "/api/stock/adjustments", { product_id: 2_147_000_000, branch_id: harare, change: 1, reason: "x" });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe("body.product_id");
    const res2 = await admin("POST", "/api/stock/adjustments", { product_id: p(0).id, branch_id: 2_147_000_000, change: 1, reason: "x" });
    expect(res2.json().issues[0].path).toBe("body.branch_id");
  });
});

describe("shipments", () => {
  const newShipment = (lines: { product_id: number; quantity: number }[], branchId = bulawayo) =>
    admin("POST", "/api/shipments", {
      supplier_reference: `PO-${randomUUID().slice(0, 6)}`,
      branch_id: branchId,
      expected_date: "2099-03-01",
      lines,
    });

  it("received in part, then in full: receipts with the shipment, status expected → partial → received", async () => {
    const a = p(0);
    const b = p(3);
    const before = { a: await level(a.id, bulawayo), b: await level(b.id, bulawayo) };
    const made = await newShipment([
      { product_id: a.id, quantity: 5 },
      { product_id: b.id, quantity: 3 },
    ]);
    expect(made.statusCode).toBe(201);
    const shipment = made.json() as ShipmentView;
    expect(shipment.status).toBe("expected");
    expect((await level(a.id, bulawayo)).incoming).toBe(before.a.incoming + 5);

    const part = await admin("POST", `/api/shipments/${shipment.id}/receive`, {
      lines: [
        { product_id: a.id, quantity: 2 },
        { product_id: b.id, quantity: 0 },
      ],
    });
    expect(part.statusCode).toBe(200);
    expect(part.json().status).toBe("partial");
    expect(part.json().lines.map((l: { received: number }) => l.received)).toEqual([2, 0]);
    expect((await level(a.id, bulawayo)).on_hand).toBe(before.a.on_hand + 2);
    await expectLedgerAgrees(db());
    const receipts = (await admin("GET", `/api/stock/movements?kind=receipt&branch=${bulawayo}&product=${a.id}`)).json()
      .rows as StockMovementView[];
    expect(receipts[0]).toMatchObject({ kind: "receipt", on_hand_change: 2, shipment_id: shipment.id });

    // More than is still expected is refused, and nothing moves.
    const moves = await movementCount();
    const over = await admin("POST", `/api/shipments/${shipment.id}/receive`, { lines: [{ product_id: a.id, quantity: 4 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain("only 3");
    expect(await movementCount()).toBe(moves);

    const rest = await admin("POST", `/api/shipments/${shipment.id}/receive`, {
      lines: [
        { product_id: a.id, quantity: 3 },
        { product_id: b.id, quantity: 3 },
      ],
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().status).toBe("received");
    expect((await level(a.id, bulawayo)).on_hand).toBe(before.a.on_hand + 5);
    expect((await level(b.id, bulawayo)).on_hand).toBe(before.b.on_hand + 3);
    expect((await level(a.id, bulawayo)).incoming).toBe(before.a.incoming);
    await expectLedgerAgrees(db());

    expect((await admin("POST", `/api/shipments/${shipment.id}/receive`, { lines: [{ product_id: a.id, quantity: 1 }] })).statusCode).toBe(
      409,
    );
    expect((await admin("POST", `/api/shipments/${shipment.id}/cancel`)).statusCode).toBe(409);
    const listed = (await admin("GET", "/api/shipments?status=received")).json().rows as ShipmentView[];
    expect(listed.map((s) => s.id)).toContain(shipment.id);
  });

  it("cancelling keeps what was received and stops expecting the rest", async () => {
    const a = p(1);
    const before = await level(a.id, bulawayo);
    const shipment = (await newShipment([{ product_id: a.id, quantity: 4 }])).json() as ShipmentView;
    await admin("POST", `/api/shipments/${shipment.id}/receive`, { lines: [{ product_id: a.id, quantity: 1 }] });
    const cancelled = await admin("POST", `/api/shipments/${shipment.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", lines: [{ quantity: 4, received: 1 }] });
    const after = await level(a.id, bulawayo);
    expect(after.on_hand).toBe(before.on_hand + 1);
    expect(after.incoming).toBe(before.incoming);
    await expectLedgerAgrees(db());
    expect((await admin("POST", `/api/shipments/${shipment.id}/receive`, { lines: [{ product_id: a.id, quantity: 1 }] })).statusCode).toBe(
      409,
    );
  });

  it("a product twice, a product not on it, an unknown shipment are refused", async () => {
    const twice = await newShipment([
      { product_id: p(0).id, quantity: 1 },
      { product_id: p(0).id, quantity: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    const shipment = (await newShipment([{ product_id: p(0).id, quantity: 1 }])).json() as ShipmentView;
    const stranger = await admin("POST", `/api/shipments/${shipment.id}/receive`, { lines: [{ product_id: p(1).id, quantity: 1 }] });
    expect(stranger.statusCode).toBe(400);
    const nothing = await admin("POST", `/api/shipments/${shipment.id}/receive`, { lines: [{ product_id: p(0).id, quantity: 0 }] });
    expect(nothing.statusCode).toBe(400);
    expect((await admin("GET", "/api/shipments/2147000000")).statusCode).toBe(404);
    expect((await admin("GET", `/api/shipments/${shipment.id}`)).json().lines[0].product_id).toBe(p(0).id);
  });

  it("a receipt fills an order's backorder", async () => {
    const placed = await actors.inject("dealer", {
      method: "POST",
      url: "/api/orders",
      payload: {
        idempotencyKey: randomUUID(),
        currency: "USD",
        fulfilment: "collection",
        branchId: bulawayo,
        contactName: "Farai Dealer",
        contactPhone: "+263 77 123 4567",
        deliveryAddress: "",
        notes: "",
        products: [{ product_id: outOfStock.id, quantity: 3 }],
      },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().id as number;
    const held = async () =>
      (
        await db()
          .select()
          .from(stockReservations)
          .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.productId, outOfStock.id)))
      )[0];
    expect(await held()).toMatchObject({ quantity: 0, backordered: 3, branchId: bulawayo });
    const shipment = (await newShipment([{ product_id: outOfStock.id, quantity: 5 }])).json() as ShipmentView;
    const received = await admin("POST", `/api/shipments/${shipment.id}/receive`, { lines: [{ product_id: outOfStock.id, quantity: 2 }] });
    expect(received.statusCode).toBe(200);
    expect(await held()).toMatchObject({ quantity: 2, backordered: 1 });
    await expectLedgerAgrees(db());
    await admin("POST", `/api/shipments/${shipment.id}/receive`, { lines: [{ product_id: outOfStock.id, quantity: 3 }] });
    expect(await held()).toMatchObject({ quantity: 3, backordered: 0 });
    const [lvl] = await db()
      .select()
      .from(stockLevels)
      .where(and(eq(stockLevels.productId, outOfStock.id), eq(stockLevels.branchId, bulawayo)));
    expect(lvl).toMatchObject({ onHand: 5, reserved: 3 });
    await expectLedgerAgrees(db());
    const order = (await actors.inject("dealer", { method: "GET", url: `/api/orders/${orderId}` })).json();
    expect(order.products.find((l: { product_id: number }) => l.product_id === outOfStock.id).backordered ?? 0).toBe(0);
  });
});

describe("lists", () => {
  it("levels search by SKU, filter by branch and low; the low-stock list", async () => {
    const byName = await admin("GET", `/api/stock?q=${encodeURIComponent(p(0).sku)}`);
    const rows = byName.json().rows as StockLevelView[];
    expect(rows.map((r) => r.branch_id).sort()).toEqual([harare, bulawayo].sort());
    const low = (await admin("GET", `/api/stock?low=1&branch=${harare}&pageSize=200`)).json().rows as StockLevelView[];
    expect(low.map((r) => r.product_name)).toContain(DEMO_LOW_STOCK);
    expect(low.every((r) => r.branch_id === harare && r.available <= r.reorder_level)).toBe(true);
    const list = (await admin("GET", "/api/stock/low")).json() as { product_name: string; next_arrival: string | null }[];
    expect(list.map((r) => r.product_name)).toContain(DEMO_LOW_STOCK);
    expect(list.find((r) => r.product_name === DEMO_LOW_STOCK)?.next_arrival).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("exports levels and the ledger as CSV, formula cells neutralised", async () => {
    const levels = await admin("GET", `/api/stock/export.csv?q=${encodeURIComponent(p(0).sku)}`);
    expect(levels.statusCode).toBe(200);
    expect(levels.headers["content-type"]).toMatch(/^text\/csv/);
    expect(levels.body.replace(/^\uFEFF/, "").split("\r\n")[0]).toMatch(/^sku,branch,count,/);
    await admin("POST", "/api/stock/adjustments", { product_id: p(0).id, branch_id: harare, change: 1, reason: "=HYPERLINK(1)" });
    const ledger = await admin("GET", `/api/stock/movements/export.csv?product=${p(0).id}`);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.body).toContain("'=HYPERLINK(1)");
    await expectLedgerAgrees(db());
  });

  it("is for admins only", async () => {
    for (const url of ["/api/stock", "/api/stock/low", "/api/stock/movements", "/api/shipments"]) {
      expect((await actors.inject("dealer", { method: "GET", url })).statusCode).toBe(403);
    }
  });
});

describe("the counts import", () => {
  it("refuses a bad file listing every line's problem, and changes nothing", async () => {
    const moves = await movementCount();
    const before = await level(p(0).id, harare);
    const csv = [
      "sku,branch,count",
      `${p(0).sku},Harare,${before.on_hand + 7}`,
      "NO-SUCH-SKU,Harare,3",
      `${p(1).sku},Mutare,3`,
      `${p(1).sku},Harare,three`,
      `${p(2).sku},Harare,0`,
    ].join("\n");
    const res = await admin("POST", "/api/stock/import", { csv });
    expect(res.statusCode).toBe(400);
    const messages = (res.json().issues as { message: string }[]).map((i) => i.message);
    expect(messages[0]).toMatch(/^Line 3: unknown SKU/);
    expect(messages[1]).toMatch(/^Line 4: unknown branch "Mutare"/);
    expect(messages[2]).toMatch(/^Line 5: the count "three"/);
    expect(messages[3]).toMatch(/^Line 6: the count 0 is below the \d+ reserved/);
    expect(await movementCount()).toBe(moves);
    expect((await level(p(0).id, harare)).on_hand).toBe(before.on_hand);
    await expectLedgerAgrees(db());
  });

  it("turns each differing count into one adjustment and says how many changed", async () => {
    const a = await level(p(0).id, harare);
    const b = await level(p(1).id, bulawayo);
    const csv = `\uFEFFSKU,Branch,Count\r\n${p(0).sku},harare,${a.on_hand + 4}\r\n"${p(1).sku}",Bulawayo,${b.on_hand}\r\n`;
    const res = await admin("POST", "/api/stock/import", { csv });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows: 2, changed: 1 });
    expect((await level(p(0).id, harare)).on_hand).toBe(a.on_hand + 4);
    const [last] = (await admin("GET", `/api/stock/movements?product=${p(0).id}`)).json().rows as StockMovementView[];
    expect(last).toMatchObject({ kind: "adjustment", on_hand_change: 4, reason: "Stock count (import)" });
    await expectLedgerAgrees(db());
  });

  it("needs the header", async () => {
    const res = await admin("POST", "/api/stock/import", { csv: "a,b,c\n1,2,3" });
    expect(res.statusCode).toBe(400);
  });
});

describe("branches and delivery fees", () => {
  it("a branch in use cannot be deleted; a new one can; names are unique", async () => {
    const used = await admin("DELETE", `/api/branches/${harare}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toMatch(/cannot be deleted: it has .*stock/);
    const taken = await admin("POST", "/api/branches", { name: "harare", city: "Harare" });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().issues[0].path).toBe("body.name");
    const made = await admin("POST", "/api/branches", { name: "Mutare", city: "Mutare", phone: "+263 20 123 456", collection: false });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: "Mutare", collection: false });
    const id = made.json().id as number;
    const renamed = await admin("PUT", `/api/branches/${id}`, { name: "Bulawayo", city: "Mutare" });
    expect(renamed.statusCode).toBe(400);
    const changed = await admin("PUT", `/api/branches/${id}`, { name: "Mutare Depot", city: "Mutare", opening_hours: "Mon–Fri 8–5" });
    expect(changed.json()).toMatchObject({ name: "Mutare Depot", opening_hours: "Mon–Fri 8–5" });
    expect(
      (await actors.inject("anonymous", { method: "GET", url: "/api/branches" })).json().map((b: { name: string }) => b.name),
    ).toContain("Mutare Depot");
    expect((await admin("DELETE", `/api/branches/${id}`)).statusCode).toBe(200);
  });

  it("delivery fees: a city once, changed and deleted", async () => {
    const taken = await admin("POST", "/api/delivery-fees", { city: "HARARE", fee_usd: "10" });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().issues[0].path).toBe("body.city");
    const made = await admin("POST", "/api/delivery-fees", { city: "Kariba", fee_usd: "95.50" });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    expect((await admin("PUT", `/api/delivery-fees/${id}`, { city: "Kariba", fee_usd: "99" })).json().fee_usd).toBe("99.00");
    expect((await admin("DELETE", `/api/delivery-fees/${id}`)).statusCode).toBe(200);
    expect((await admin("DELETE", `/api/delivery-fees/${id}`)).statusCode).toBe(404);
  });
});

describe("the product's stock settings", () => {
  it("serialised and the reorder level are saved and read back; a negative level is refused", async () => {
    const id = p(3).id;
    const saved = await admin("PUT", `/api/products/update-product/${id}`, { serialised: true, reorder_level: 7 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().product).toMatchObject({ serialised: true, reorder_level: 7 });
    const off = await admin("PUT", `/api/products/update-product/${id}`, { serialised: "false", reorder_level: "" });
    expect(off.json().product).toMatchObject({ serialised: false, reorder_level: 0 });
    const bad = await admin("PUT", `/api/products/update-product/${id}`, { reorder_level: -1 });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().issues)).toContain("reorder_level");
  });
});
