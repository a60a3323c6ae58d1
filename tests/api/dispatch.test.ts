import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branches } from "#server/db/schema/branches.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { orders } from "#server/db/schema/commerce.ts";
import { stockLevels, stockMovements } from "#server/db/schema/stock.ts";
import { fillBackorders, lockLevels, move } from "#server/modules/stock/stock-ledger.ts";
import { DEMO_OUT_OF_STOCK } from "#server/seed/demo-stock.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import type { DispatchOrderInput, SerialView } from "#shared/schemas/stock.ts";
import { type ActorName, type Actors, createActors } from "../support/actors.ts";
import { dispatchBody } from "../support/dispatch.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Dispatch with serial numbers: one serial per unit of each serialised line, unique across the
 * catalogue in any case, a reference, nothing sent while a line waits for stock; the stock leaves the branch; the
 * dealer reads and downloads the serials, no one else; an admin finds where a serial went.
 */

let t: TestApp;
let actors: Actors;
let harare: number;
/** A serialised product and a plain one, both with stock at Harare. */
let panel: { id: number; name: string };
let plain: { id: number; name: string };
/** A serial the demo's dispatched order already went out with. */
let demoSerial: string;

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  const db = t.database.db;
  const [branch] = await db.select().from(branches).where(eq(branches.name, "Harare"));
  harare = branch?.id as number;
  const stocked = await db
    .select({ id: products.productId, name: products.productName, serialised: products.serialised })
    .from(products)
    .innerJoin(stockLevels, eq(stockLevels.productId, products.productId))
    .where(and(eq(stockLevels.branchId, harare), gt(sql`${stockLevels.onHand} - ${stockLevels.reserved}`, 6)))
    .orderBy(asc(products.productId));
  panel = stocked.find((p) => p.serialised) as { id: number; name: string };
  plain = stocked.find((p) => !p.serialised) as { id: number; name: string };
  if (!panel || !plain) throw new Error("the demo has no serialised and plain products in stock at Harare");
  const mine = (await actors.inject("dealer", { method: "GET", url: "/api/orders/mine" })).json() as OrderView[];
  const sent = mine.find((o) => o.status === "dispatched" && o.products.some((l) => l.serials.length > 0));
  demoSerial = sent?.products.flatMap((l) => l.serials)[0] as string;
  if (!demoSerial) throw new Error("the demo dealer has no dispatched order with serials");
});
afterAll(() => t?.close());

const inject = (who: ActorName, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  actors.inject(who, { method, url, ...(payload ? { payload } : {}) });

/** A dealer's order, paid and being processed: ready to go out. */
async function processing(lines: { product_id: number; quantity: number }[], fulfilment: "delivery" | "collection" = "delivery") {
  const placed = await inject("dealer", "POST", "/api/orders", {
    idempotencyKey: randomUUID(),
    currency: "USD",
    fulfilment,
    contactName: "Farai Dealer",
    contactPhone: "+263 77 123 4567",
    deliveryAddress: fulfilment === "delivery" ? "45 Lytton Road, Workington, Harare" : "",
    deliveryCity: fulfilment === "delivery" ? "Harare" : "",
    branchId: harare,
    products: lines,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json() as OrderView;
  expect((await inject("admin", "PUT", `/api/orders/${order.id}/confirm-payment`, {})).statusCode).toBe(200);
  const res = await inject("admin", "PUT", `/api/orders/${order.id}/status`, { status: "processing" });
  expect(res.statusCode).toBe(200);
  return res.json() as OrderView;
}

const dispatch = (id: number, body: object, who: ActorName = "admin") => inject(who, "POST", `/api/orders/${id}/dispatch`, body);
const issues = (res: { json(): unknown }) => (res.json() as { issues?: { path: string; message: string }[] }).issues ?? [];
const sn = () => `SN-${randomUUID().slice(0, 8).toUpperCase()}`;

async function level(productId: number, branchId = harare) {
  const [row] = await t.database.db
    .select()
    .from(stockLevels)
    .where(and(eq(stockLevels.productId, productId), eq(stockLevels.branchId, branchId)));
  return { onHand: row?.onHand ?? 0, reserved: row?.reserved ?? 0 };
}

describe("POST /api/orders/{id}/dispatch", () => {
  it("needs one serial number per unit of each serialised line, naming the line, and none for a plain product", async () => {
    const order = await processing([
      { product_id: plain.id, quantity: 1 },
      { product_id: panel.id, quantity: 3 },
    ]);
    expect(order.products.map((l) => [l.product_id, l.serialised])).toEqual([
      [plain.id, false],
      [panel.id, true],
    ]);
    const short = await dispatch(order.id, {
      status: "dispatched",
      reference: "WB-1",
      lines: [{ product_id: panel.id, serials: [sn(), sn()] }],
    });
    expect(short.statusCode).toBe(400);
    expect(issues(short)).toEqual([{ path: "body.lines.0.serials", message: `Enter 3 serial numbers for ${panel.name} (2 entered).` }]);
    // The line left out altogether.
    const none = await dispatch(order.id, { status: "dispatched", reference: "WB-1", lines: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(panel.name);
    // A plain product takes no serials.
    const extra = await dispatch(order.id, {
      status: "dispatched",
      reference: "WB-1",
      lines: [
        { product_id: panel.id, serials: [sn(), sn(), sn()] },
        { product_id: plain.id, serials: [sn()] },
      ],
    });
    expect(extra.statusCode).toBe(400);
    expect(issues(extra)).toEqual([{ path: "body.lines.1.serials", message: `${plain.name} is not a serialised product.` }]);
    // A serial number breaking the rules is refused by the schema, under its own field.
    const bad = await dispatch(order.id, {
      status: "dispatched",
      reference: "WB-1",
      lines: [{ product_id: panel.id, serials: [sn(), "a b", sn()] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(issues(bad)[0]?.path).toBe("body.lines.0.serials.1");
    // Still processing: nothing left the branch.
    const still = (await inject("admin", "GET", `/api/orders/${order.id}`)).json() as OrderView;
    expect(still.status).toBe("processing");
    expect(still.products.every((l) => l.serials.length === 0)).toBe(true);
  });

  it("refuses a serial number used twice: in one request, and against an earlier order, in any case", async () => {
    const order = await processing([{ product_id: panel.id, quantity: 2 }]);
    const twice = sn();
    const same = await dispatch(order.id, {
      status: "dispatched",
      reference: "WB-2",
      lines: [{ product_id: panel.id, serials: [twice, twice.toLowerCase()] }],
    });
    expect(same.statusCode).toBe(400);
    expect(issues(same)).toEqual([{ path: "body.lines.0.serials", message: `Serial number ${twice.toLowerCase()} is entered twice.` }]);

    const earlier = await dispatch(order.id, {
      status: "dispatched",
      reference: "WB-2",
      lines: [{ product_id: panel.id, serials: [sn(), demoSerial.toLowerCase()] }],
    });
    expect(earlier.statusCode).toBe(400);
    expect(issues(earlier)).toEqual([
      { path: "body.lines.0.serials", message: `Serial number ${demoSerial} already went out with another order.` },
    ]);
    expect(((await inject("admin", "GET", `/api/orders/${order.id}`)).json() as OrderView).status).toBe("processing");
  });

  it("needs the waybill or collection reference", async () => {
    const order = await processing([{ product_id: panel.id, quantity: 1 }]);
    for (const reference of ["", "   "]) {
      const res = await dispatch(order.id, { status: "dispatched", reference, lines: [{ product_id: panel.id, serials: [sn()] }] });
      expect(res.statusCode).toBe(400);
      expect(issues(res)).toEqual([{ path: "body.reference", message: "Waybill or collection reference is required." }]);
    }
  });

  it("sends the order: on hand and reserved go down at the branch, one dispatch row each in the ledger, serials and reference kept", async () => {
    const order = await processing([
      { product_id: panel.id, quantity: 2 },
      { product_id: plain.id, quantity: 3 },
    ]);
    expect(order.branch?.id).toBe(harare);
    const before = { panel: await level(panel.id), plain: await level(plain.id) };
    const body = (await dispatchBody(t.database.db, order)) as DispatchOrderInput;
    expect(body.lines.map((l) => [l.product_id, l.serials.length])).toEqual([[panel.id, 2]]);
    const res = await dispatch(order.id, { ...body, reference: "  Swift SWT-100  ", note: "Two boxes" });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json() as OrderView;
    expect(sent.status).toBe("dispatched");
    expect(sent.dispatch_reference).toBe("Swift SWT-100");
    expect(sent.products.map((l) => l.serials)).toEqual([body.lines[0]?.serials, []]);
    expect(sent.history.at(-1)).toMatchObject({ status: "dispatched", note: "Two boxes" });
    expect(await level(panel.id)).toEqual({ onHand: before.panel.onHand - 2, reserved: before.panel.reserved - 2 });
    expect(await level(plain.id)).toEqual({ onHand: before.plain.onHand - 3, reserved: before.plain.reserved - 3 });
    const ledger = await t.database.db
      .select({
        productId: stockMovements.productId,
        kind: stockMovements.kind,
        onHand: stockMovements.onHandChange,
        reserved: stockMovements.reservedChange,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order.id), eq(stockMovements.kind, "dispatch")))
      .orderBy(asc(stockMovements.productId));
    expect(ledger).toEqual(
      [
        { productId: panel.id, kind: "dispatch", onHand: -2, reserved: -2 },
        { productId: plain.id, kind: "dispatch", onHand: -3, reserved: -3 },
      ].sort((a, b) => a.productId - b.productId),
    );
    // Sent once: a second dispatch is no move the order can make.
    expect((await dispatch(order.id, { ...body, lines: [] })).statusCode).toBe(409);
  });

  it("refuses to send a line still on backorder (409) until the stock arrives", async () => {
    const [out] = await t.database.db
      .select({ id: products.productId, name: products.productName, serialised: products.serialised })
      .from(products)
      .where(eq(products.productName, DEMO_OUT_OF_STOCK));
    if (!out) throw new Error(`the demo has no ${DEMO_OUT_OF_STOCK}`);
    const order = await processing([{ product_id: out.id, quantity: 2 }], "collection");
    expect(order.products[0]).toMatchObject({ backordered: 2, expected: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const body = await dispatchBody(t.database.db, order, "ready_for_collection");
    const early = await dispatch(order.id, body);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain("still on backorder");

    // The shipment comes in at Harare: the backorder is filled, and the order can go.
    await t.database.db.transaction(async (tx) => {
      const at = new Date();
      await lockLevels(tx, harare, [out.id]);
      await move(tx, { productId: out.id, branchId: harare, kind: "receipt", onHand: 5, reason: "Test receipt" }, at);
      await fillBackorders(tx, out.id, harare, at);
    });
    const waiting = (await inject("admin", "GET", `/api/orders/${order.id}`)).json() as OrderView;
    expect(waiting.products[0]).toMatchObject({ backordered: 0, expected: null });
    const res = await dispatch(order.id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OrderView).status).toBe("ready_for_collection");
  });
});

describe("an order's serial numbers", () => {
  let order: OrderView;
  let serials: string[];
  beforeAll(async () => {
    const ready = await processing([{ product_id: panel.id, quantity: 2 }]);
    const body = await dispatchBody(t.database.db, ready);
    const res = await dispatch(ready.id, body);
    expect(res.statusCode).toBe(200);
    order = res.json() as OrderView;
    serials = body.lines.flatMap((l) => l.serials);
  });

  it("another dealer cannot read them: 404 on the order and on its CSV", async () => {
    expect((await inject("otherDealer", "GET", `/api/orders/${order.id}`)).statusCode).toBe(404);
    const csv = await inject("otherDealer", "GET", `/api/orders/${order.id}/serials.csv`);
    expect(csv.statusCode).toBe(404);
    expect(csv.body).not.toContain(serials[0]);
    expect((await inject("anonymous", "GET", `/api/orders/${order.id}/serials.csv`)).statusCode).toBe(401);
  });

  it("the dealer reads them on the order and downloads them as CSV", async () => {
    const mine = (await inject("dealer", "GET", `/api/orders/${order.id}`)).json() as OrderView;
    expect(mine.products[0]?.serials).toEqual(serials);
    const csv = await inject("dealer", "GET", `/api/orders/${order.id}/serials.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toContain(`serials-${order.reference}`);
    const rows = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(rows[0]).toBe("Order,Product,Serial number,Waybill or collection reference");
    expect(rows.slice(1).map((r) => r.split(",")[2])).toEqual(serials);
    expect(rows[1]).toContain(order.reference);
    expect(rows[1]).toContain(order.dispatch_reference);
  });

  it("GET /api/serials/{serial} tells an admin the order, dealer and day, in any case; dealers get 403", async () => {
    const res = await inject("admin", "GET", `/api/serials/${encodeURIComponent((serials[1] as string).toLowerCase())}`);
    expect(res.statusCode).toBe(200);
    const seen = res.json() as SerialView;
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(seen).toMatchObject({
      serial: serials[1],
      product_id: panel.id,
      product_name: panel.name,
      order_id: order.id,
      order_reference: order.reference,
      dealer_name: actors.identity.dealer.fullName,
      branch_name: "Harare",
    });
    expect(new Date(seen.dispatched_At).getTime()).toBeGreaterThanOrEqual(row?.createdAt.getTime() ?? Number.POSITIVE_INFINITY);
    expect((await inject("admin", "GET", "/api/serials/NEVER-SENT-1")).statusCode).toBe(404);
    expect((await inject("admin", "GET", "/api/serials/a%20b")).statusCode).toBe(400);
    expect((await inject("dealer", "GET", `/api/serials/${serials[1]}`)).statusCode).toBe(403);
    expect((await inject("anonymous", "GET", `/api/serials/${serials[1]}`)).statusCode).toBe(401);
  });
});
