// @module-tag db: runs on PostgreSQL too (decision 022)
import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema/catalogue.ts";
import { stockLevels, stockReservations } from "#server/db/schema/stock.ts";
import { DEMO_LOW_STOCK, DEMO_ON_ORDER, DEMO_OUT_OF_STOCK } from "#server/seed/demo-stock.ts";
import { centsToDecimal } from "#shared/money.ts";
import type { OrderPreview, OrderView } from "#shared/schemas/orders.ts";
import type { Availability, BranchView } from "#shared/schemas/stock.ts";
import { type ActorName, type Actors, createActors } from "../support/actors.ts";
import { pdfText } from "../support/pdf-text.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Availability as each role sees it (a visitor gets the status only, never a quantity), the
 * demo's statuses, and checkout's collection at a branch or delivery with its fee (a line of the order, with VAT,
 * on the invoice).
 */
let t: TestApp;
let actors: Actors;
let ids: { low: number; out: number; onOrder: number; stocked: number };
let branches: BranchView[];

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  const rows = await t.database.db
    .select({ id: products.productId, name: products.productName })
    .from(products)
    .where(inArray(products.productName, [DEMO_LOW_STOCK, DEMO_OUT_OF_STOCK, DEMO_ON_ORDER]));
  const idOf = (name: string) => rows.find((r) => r.name === name)?.id as number;
  // A product with plenty at both branches: the most units available at the one that has least.
  const levels = await t.database.db.select().from(stockLevels).orderBy(asc(stockLevels.productId));
  const least = new Map<number, number>();
  for (const l of levels) least.set(l.productId, Math.min(least.get(l.productId) ?? Number.POSITIVE_INFINITY, l.onHand - l.reserved));
  const stocked = [...least].sort((a, b) => b[1] - a[1])[0]?.[0] as number;
  ids = { low: idOf(DEMO_LOW_STOCK), out: idOf(DEMO_OUT_OF_STOCK), onOrder: idOf(DEMO_ON_ORDER), stocked };
  branches = (await actors.inject("anonymous", { method: "GET", url: "/api/branches" })).json() as BranchView[];
});
afterAll(() => t?.close());

/** Every `available` key anywhere in a JSON answer. */
function availableKeys(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + availableKeys(v), 0);
  if (value && typeof value === "object") {
    return Object.entries(value).reduce((n, [k, v]) => n + (k === "available" ? 1 : 0) + availableKeys(v), 0);
  }
  return 0;
}

const get = (who: ActorName, url: string) => actors.inject(who, { method: "GET", url });

describe("availability per role", () => {
  const urls = () => [
    `/api/products/get-product-by-id/${ids.low}`,
    "/api/products/get-all-products?pageSize=50",
    "/api/products/get-product-by-category/hybrid-inverters",
    `/api/products/availability?ids=${ids.low},${ids.out},${ids.onOrder},${ids.stocked}`,
  ];

  it("a visitor (and a signed-in user who is no dealer) gets the status only: no `available` anywhere", async () => {
    for (const who of ["anonymous", "user"] as const) {
      for (const url of urls()) {
        const res = await get(who, url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('"status"');
        expect(availableKeys(res.json()), `${who} ${url}`).toBe(0);
      }
    }
  });

  it("a dealer and an admin get the quantities per branch", async () => {
    for (const who of ["dealer", "admin"] as const) {
      for (const url of urls()) {
        const res = await get(who, url);
        expect(res.statusCode, url).toBe(200);
        expect(availableKeys(res.json()), `${who} ${url}`).toBeGreaterThan(0);
      }
      const [product] = (await get(who, `/api/products/get-product-by-id/${ids.stocked}`)).json() as { availability: Availability }[];
      for (const b of product?.availability.branches ?? []) expect(b.available).toEqual(expect.any(Number));
    }
  });

  it("the calculator's kit lines carry availability: status only for a visitor, quantities for a dealer", async () => {
    const body = { appliances: [{ name: "Fridge", watts: 150, hours_per_day: 10, quantity: 1 }], backup_hours: 8 };
    const visitor = await actors.inject("anonymous", { method: "POST", url: "/api/sizing", payload: body });
    expect(visitor.statusCode).toBe(200);
    const items = visitor.json().items as { availability: Availability }[];
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) expect(i.availability.status).toMatch(/^(in_stock|low_stock|out_of_stock|on_order)$/);
    expect(availableKeys(visitor.json())).toBe(0);
    const dealer = await actors.inject("dealer", { method: "POST", url: "/api/sizing", payload: body });
    expect(availableKeys(dealer.json())).toBeGreaterThan(0);
  });
});

describe("the demo's statuses", () => {
  const availability = async (who: ActorName) => {
    const res = await get(who, `/api/products/availability?ids=${ids.low},${ids.out},${ids.onOrder},${ids.stocked}`);
    return new Map((res.json() as ({ product_id: number } & Availability)[]).map((a) => [a.product_id, a]));
  };

  it("in stock, low stock, out of stock with the next arrival, on order", async () => {
    const seen = await availability("anonymous");
    expect(seen.get(ids.stocked)?.status).toBe("in_stock");
    expect(seen.get(ids.low)?.status).toBe("low_stock");
    const out = seen.get(ids.out);
    expect(out?.status).toBe("out_of_stock");
    expect(out?.next_arrival).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(out?.branches.map((b) => b.status)).toEqual(["out_of_stock", "out_of_stock"]);
    expect(seen.get(ids.onOrder)).toMatchObject({ status: "on_order" });
    expect(seen.get(ids.onOrder)?.next_arrival).toBeUndefined();
    // Both branches, in their order, by name.
    expect(seen.get(ids.stocked)?.branches.map((b) => b.name)).toEqual(["Harare", "Bulawayo"]);
  });

  it("a dealer sees the low product's few units per branch", async () => {
    const low = (await availability("dealer")).get(ids.low);
    const total = low?.branches.reduce((n, b) => n + (b.available ?? 0), 0) ?? 0;
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(3);
  });
});

describe("checkout: collection at a branch, or delivery with its fee", () => {
  const place = async (over: Record<string, unknown>) => {
    const res = await actors.inject("dealer", {
      method: "POST",
      url: "/api/orders",
      payload: {
        idempotencyKey: randomUUID(),
        currency: "USD",
        contactName: "Farai Dealer",
        contactPhone: "+263 77 123 4567",
        products: [{ product_id: ids.stocked, quantity: 2 }],
        ...over,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().order ?? res.json()) as OrderView;
  };

  it("a collection at Bulawayo reserves its lines there", async () => {
    const bulawayo = branches.find((b) => b.name === "Bulawayo") as BranchView;
    const order = await place({ fulfilment: "collection", branchId: bulawayo.id });
    expect(order.branch).toMatchObject({ name: "Bulawayo", address: bulawayo.address, opening_hours: bulawayo.opening_hours });
    expect(order.delivery_fee).toBeNull();
    const held = await t.database.db.select().from(stockReservations).where(eq(stockReservations.orderId, order.id));
    expect(held).toEqual([expect.objectContaining({ branchId: bulawayo.id, productId: ids.stocked, quantity: 2, backordered: 0 })]);
  });

  it("a branch that is not one of ours is refused under its field", async () => {
    const res = await actors.inject("dealer", {
      method: "POST",
      url: "/api/orders",
      payload: {
        idempotencyKey: randomUUID(),
        fulfilment: "collection",
        contactName: "Farai",
        branchId: 999_999,
        products: [{ product_id: ids.stocked, quantity: 1 }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("branchId");
  });

  it("the preview answers the fee to a city; a delivery adds it as a line with VAT, and the invoice lists it", async () => {
    const lines = `${ids.stocked}x2`;
    const without = (await get("dealer", `/api/orders/preview?lines=${lines}`)).json() as OrderPreview;
    const withFee = (await get("dealer", `/api/orders/preview?lines=${lines}&city=Gweru`)).json() as OrderPreview;
    expect(without.delivery).toBeNull();
    expect(withFee.delivery).toMatchObject({ city: "Gweru", fee_usd: "45.00" });
    const cents = (v: string) => Math.round(Number(v) * 100);
    expect(cents(withFee.subtotal_usd) - cents(without.subtotal_usd)).toBe(4500);
    const rate = Number(withFee.vat_rate);
    expect(Math.abs(cents(withFee.vat_usd) - cents(without.vat_usd) - Math.round(45 * rate))).toBeLessThanOrEqual(1);

    const order = await place({ fulfilment: "delivery", deliveryAddress: "3 Main Street, Gweru", deliveryCity: "Gweru" });
    expect(order).toMatchObject({
      delivery_city: "Gweru",
      delivery_fee: "45.00",
      subtotal: withFee.subtotal_usd,
      total: withFee.total_usd,
    });
    // The products' lines stay the products'; the fee is in the totals.
    expect(order.products.map((p) => p.product_id)).toEqual([ids.stocked]);
    const lineSum = order.products.reduce((n, p) => n + cents(p.line_total), 0);
    expect(centsToDecimal(BigInt(lineSum + 4500))).toBe(order.subtotal);

    const paid = await actors.inject("admin", { method: "PUT", url: `/api/orders/${order.id}/confirm-payment`, payload: {} });
    expect(paid.statusCode, paid.body).toBe(200);
    const pdf = await get("dealer", `/api/orders/${order.id}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("Delivery to Gweru");
    expect(text).toContain("45.00");
  });

  it("a delivery to a city the table does not serve is refused, naming the cities", async () => {
    const res = await actors.inject("dealer", {
      method: "POST",
      url: "/api/orders",
      payload: {
        idempotencyKey: randomUUID(),
        fulfilment: "delivery",
        contactName: "Farai",
        contactPhone: "+263 77 123 4567",
        deliveryAddress: "1 Nowhere Road",
        deliveryCity: "Atlantis",
        products: [{ product_id: ids.stocked, quantity: 1 }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Gweru");
  });
});
