import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { contactMessages, orderLines, orders, quotationProducts, quotations, sales } from "#server/db/schema/commerce.ts";
import { accountPayments } from "#server/db/schema/credit.ts";
import { dealers } from "#server/db/schema/dealers.ts";
import { taxDocuments } from "#server/db/schema/money.ts";
import { expiryCutoff } from "#server/modules/quotations/quotation-stats.ts";
import { addDays, harareDate, MAX_RANGE_DAYS, startOfDay } from "#shared/date-range.ts";
import { effectiveQuotationStatus } from "#shared/quotation-status.ts";
import type { ProductSales, Sale, SalesFigures, Statistics } from "#shared/schemas/sales.ts";
import { type ActorName, type Actors, createActors } from "../support/actors.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let actors: Actors;
/** Two products of different categories. */
let panel: { id: number; name: string; categoryId: number; priceUsd: string };
let inverter: { id: number; name: string; categoryId: number; priceUsd: string };

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  const rows = await t.database.db
    .select({ id: products.productId, name: products.productName, categoryId: products.categoryId, priceUsd: products.priceUsd })
    .from(products)
    .orderBy(asc(products.productId));
  panel = rows.find((p) => p.categoryId === 1) as typeof panel;
  inverter = rows.find((p) => p.categoryId === 7) as typeof inverter;
});
afterAll(() => t?.close());

const get = (who: ActorName, url: string) => actors.inject(who, { method: "GET", url });
const post = (who: ActorName, url: string, payload: unknown) => actors.inject(who, { method: "POST", url, payload: payload as object });

/** Harare wall-clock time as an instant: "2026-03-01 00:00" is 2026-02-28T22:00Z. */
const harare = (local: string) => new Date(`${local}+02:00`);

async function onlySales(rows: { productId: number; categoryId: number; amountUsd: string; quantity?: number; soldAt: Date }[]) {
  await t.database.db.delete(sales);
  if (rows.length) await t.database.db.insert(sales).values(rows.map((r) => ({ quantity: 1, ...r })));
}

describe("who may read and record sales", () => {
  for (const url of ["/api/sales", "/api/sales/products", "/api/statistics/"]) {
    it(`GET ${url}: admins only`, async () => {
      expect((await get("anonymous", url)).statusCode).toBe(401);
      for (const who of ["user", "dealer"] as const) expect((await get(who, url)).statusCode).toBe(403);
      for (const who of ["admin", "super"] as const) expect((await get(who, url)).statusCode).toBe(200);
    });
  }

  it("POST /api/sales/: refused to a dealer, and nothing is recorded", async () => {
    const before = (await t.database.db.select().from(sales)).length;
    const res = await post("dealer", "/api/sales/", { product_id: panel.id, quantity: 1, amount_usd: "10.00", date: "2026-01-02" });
    expect(res.statusCode).toBe(403);
    expect(
      (await post("anonymous", "/api/sales/", { product_id: panel.id, quantity: 1, amount_usd: "10.00", date: "2026-01-02" })).statusCode,
    ).toBe(401);
    expect(await t.database.db.select().from(sales)).toHaveLength(before);
  });
});

describe("range and category validation", () => {
  const cases: [string, string, string][] = [
    ["from=2026-02-30", "querystring.from", "Enter the start date as YYYY-MM-DD."],
    ["to=yesterday", "querystring.to", "Enter the end date as YYYY-MM-DD."],
    ["from=2026-03-10&to=2026-03-01", "querystring.to", "The end date must be on or after the start date."],
    ["from=2020-01-01&to=2026-01-01", "querystring.from", `Choose a range of at most ${MAX_RANGE_DAYS} days.`],
    ["range=0", "querystring.range", ""],
    ["category=2", "querystring.category", "Choose one of the product categories."],
    ["category=solar", "querystring.category", ""],
  ];
  for (const [query, path, message] of cases) {
    it(`refuses ${query}`, async () => {
      for (const url of ["/api/sales", "/api/sales/products", "/api/statistics/"]) {
        const res = await get("admin", `${url}?${query}`);
        expect(res.statusCode, url).toBe(400);
        const issue = res.json().issues.find((i: { path: string }) => i.path === path);
        expect(issue, `${url} ${res.body}`).toBeDefined();
        if (message) expect(issue.message).toBe(message);
      }
    });
  }
});

describe("GET /api/sales: figures over a range", () => {
  it("counts a sale on the range's first and last Harare day and none outside it; the previous period is the week before", async () => {
    await onlySales([
      // 1 March 00:00 in Harare: the first moment of the range.
      { productId: panel.id, categoryId: 1, amountUsd: "100.00", quantity: 2, soldAt: harare("2026-03-01T00:00:00") },
      // One millisecond earlier: the previous period's last day.
      { productId: panel.id, categoryId: 1, amountUsd: "40.00", soldAt: new Date(harare("2026-03-01T00:00:00").getTime() - 1) },
      { productId: inverter.id, categoryId: 7, amountUsd: "250.50", quantity: 3, soldAt: harare("2026-03-03T12:00:00") },
      // The last second of 7 March, and the first of 8 March (outside).
      { productId: inverter.id, categoryId: 7, amountUsd: "0.25", soldAt: harare("2026-03-07T23:59:59") },
      { productId: panel.id, categoryId: 1, amountUsd: "999.00", soldAt: harare("2026-03-08T00:00:00") },
      // Inside the previous period (22–28 February), and before it.
      { productId: inverter.id, categoryId: 7, amountUsd: "10.00", soldAt: harare("2026-02-22T00:00:00") },
      { productId: inverter.id, categoryId: 7, amountUsd: "77.00", soldAt: harare("2026-02-21T23:59:59") },
    ]);
    const res = await get("admin", "/api/sales?from=2026-03-01&to=2026-03-07");
    expect(res.statusCode).toBe(200);
    const f = res.json() as SalesFigures;
    expect(f).toMatchObject({ from: "2026-03-01", to: "2026-03-07", category: null, granularity: "day" });
    expect(f.total).toEqual({ amount_usd: "350.75", quantity: 6, count: 3 });
    expect(f.previous).toEqual({ from: "2026-02-22", to: "2026-02-28", amount_usd: "50.00", quantity: 2, count: 2 });
    expect(f.series.map((p) => [p.start, p.amount_usd, p.quantity])).toEqual([
      ["2026-03-01", "100.00", 2],
      ["2026-03-02", "0.00", 0],
      ["2026-03-03", "250.50", 3],
      ["2026-03-04", "0.00", 0],
      ["2026-03-05", "0.00", 0],
      ["2026-03-06", "0.00", 0],
      ["2026-03-07", "0.25", 1],
    ]);
    expect(f.series.every((p) => p.start === p.end)).toBe(true);
    // Every category, with its share.
    expect(f.categories.map((c) => c.category_id).sort()).toEqual([1, 4, 5, 6, 7, 8, 9]);
    expect(f.categories.find((c) => c.category_id === 1)).toMatchObject({ name: "Solar Panels", amount_usd: "100.00", quantity: 2 });
    expect(f.categories.find((c) => c.category_id === 7)).toMatchObject({ amount_usd: "250.75", quantity: 4 });
    expect(f.categories.find((c) => c.category_id === 9)).toMatchObject({ amount_usd: "0.00", quantity: 0 });
  });

  it("keeps one category when asked (by id), in the totals, the previous period, the series and the categories", async () => {
    const f = (await get("admin", "/api/sales?from=2026-03-01&to=2026-03-07&category=7")).json() as SalesFigures;
    expect(f.category).toBe(7);
    expect(f.total).toEqual({ amount_usd: "250.75", quantity: 4, count: 2 });
    expect(f.previous).toMatchObject({ amount_usd: "10.00", count: 1 });
    expect(f.series.find((p) => p.start === "2026-03-01")?.amount_usd).toBe("0.00");
    expect(f.categories).toEqual([{ category_id: 7, name: "Hybrid Inverters", amount_usd: "250.75", quantity: 4 }]);
  });

  it("gives one point a week over a long range, the last one shorter, summing to the total", async () => {
    const f = (await get("admin", "/api/sales?from=2025-11-22&to=2026-03-01")).json() as SalesFigures;
    expect(f.granularity).toBe("week");
    expect(f.series).toHaveLength(15); // 100 days: 14 weeks and 2 days
    expect(f.series[0]).toMatchObject({ start: "2025-11-22", end: "2025-11-28" });
    expect(f.series.at(-1)).toMatchObject({ start: "2026-02-28", end: "2026-03-01" });
    const sum = f.series.reduce((s, p) => s + Math.round(Number(p.amount_usd) * 100), 0);
    expect(sum).toBe(Math.round(Number(f.total.amount_usd) * 100));
    expect(f.total.amount_usd).toBe("227.00"); // 77 + 10 + 40 + 100 (1 March)
  });

  it("defaults to the last 30 days ending today, and takes `range` days", async () => {
    const today = harareDate(new Date());
    const f = (await get("admin", "/api/sales")).json() as SalesFigures;
    expect({ from: f.from, to: f.to }).toEqual({ from: addDays(today, -29), to: today });
    expect(f.series).toHaveLength(30);
    const y = (await get("admin", "/api/sales?range=365")).json() as SalesFigures;
    expect({ from: y.from, to: y.to, granularity: y.granularity }).toEqual({ from: addDays(today, -364), to: today, granularity: "week" });
  });
});

describe("GET /api/sales/products", () => {
  it("lists products by amount over the range, and keeps a category", async () => {
    const res = await get("admin", "/api/sales/products?from=2026-03-01&to=2026-03-07");
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProductSales;
    expect(body.rows).toEqual([
      { product_id: inverter.id, product_name: inverter.name, category_id: 7, quantity: 4, amount_usd: "250.75" },
      { product_id: panel.id, product_name: panel.name, category_id: 1, quantity: 2, amount_usd: "100.00" },
    ]);
    const solar = (await get("admin", "/api/sales/products?from=2026-03-01&to=2026-03-07&category=1")).json() as ProductSales;
    expect(solar.rows.map((r) => r.product_id)).toEqual([panel.id]);
    const one = (await get("admin", "/api/sales/products?from=2026-03-01&to=2026-03-07&limit=1")).json() as ProductSales;
    expect(one.rows).toHaveLength(1);
  });
});

describe("POST /api/sales/: a sale recorded by an admin", () => {
  it("is stored in the product's category, dated on its day, counted in the figures, with an audit entry", async () => {
    const res = await post("admin", "/api/sales/", { product_id: inverter.id, quantity: 2, amount_usd: "1250.5", date: "2026-03-05" });
    expect(res.statusCode).toBe(201);
    const sale = res.json() as Sale;
    expect(sale).toMatchObject({
      product_id: inverter.id,
      product_name: inverter.name,
      category_id: 7,
      order_id: null,
      quantity: 2,
      amount_usd: "1250.50",
    });
    expect(harareDate(new Date(sale.sold_At))).toBe("2026-03-05");
    const f = (await get("admin", "/api/sales?from=2026-03-05&to=2026-03-05")).json() as SalesFigures;
    expect(f.total).toEqual({ amount_usd: "1250.50", quantity: 2, count: 1 });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "sale"), eq(auditLog.entityId, String(sale.id))));
    expect(entry).toMatchObject({ action: "create", actorId: actors.identity.admin.id, before: null });
    expect(entry?.after).toMatchObject({ id: sale.id, amount_usd: "1250.50", quantity: 2 });
  });

  const valid = () => ({ product_id: panel.id, quantity: 1, amount_usd: "99.99", date: "2026-03-02" });
  const refusals: [string, Record<string, unknown>, string, string][] = [
    ["no product", { product_id: undefined }, "body.product_id", "Choose a product."],
    ["a product that does not exist", { product_id: 2_147_483_000 }, "body.product_id", "Choose a product from the catalogue."],
    ["quantity 0", { quantity: 0 }, "body.quantity", "Quantity must be a whole number of at least 1."],
    ["a fractional quantity", { quantity: 1.5 }, "body.quantity", "Quantity must be a whole number of at least 1."],
    ["an amount that is not money", { amount_usd: "12,50" }, "body.amount_usd", "Enter the amount in USD, for example 1250.00."],
    ["three decimals", { amount_usd: "1.005" }, "body.amount_usd", "Enter the amount in USD, for example 1250.00."],
    ["a zero amount", { amount_usd: "0.00" }, "body.amount_usd", "The amount must be more than 0."],
    ["no date", { date: undefined }, "body.date", "Enter the date of the sale."],
    ["a date in the future", { date: addDays(harareDate(new Date()), 1) }, "body.date", "The date of a sale cannot be in the future."],
  ];
  for (const [what, change, path, message] of refusals) {
    it(`refuses ${what}, recording nothing`, async () => {
      const before = (await t.database.db.select().from(sales)).length;
      const auditBefore = (await t.database.db.select().from(auditLog).where(eq(auditLog.entity, "sale"))).length;
      const res = await post("admin", "/api/sales/", { ...valid(), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual({ path, message });
      expect(await t.database.db.select().from(sales)).toHaveLength(before);
      expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entity, "sale"))).toHaveLength(auditBefore);
    });
  }
});

describe("paid orders are sales", () => {
  it("writes one sale per line when an admin confirms the payment, and withdraws them when the paid order is cancelled", async () => {
    const placed = await actors.inject("dealer", {
      method: "POST",
      url: "/api/orders",
      payload: {
        idempotencyKey: randomUUID(),
        fulfilment: "collection",
        contactName: "Farai Dealer",
        products: [
          { product_id: panel.id, quantity: 3 },
          { product_id: inverter.id, quantity: 1 },
        ],
      },
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json() as { id: number; subtotal_usd: string };
    const ofOrder = () => t.database.db.select().from(sales).where(eq(sales.orderId, order.id));
    expect(await ofOrder()).toHaveLength(0);

    const paid = await actors.inject("admin", { method: "PUT", url: `/api/orders/${order.id}/confirm-payment`, payload: {} });
    expect(paid.statusCode).toBe(200);
    const rows = await ofOrder();
    expect(rows.map((r) => [r.productId, r.categoryId, r.quantity]).sort()).toEqual(
      [
        [panel.id, 1, 3],
        [inverter.id, 7, 1],
      ].sort(),
    );
    const total = rows.reduce((s, r) => s + Math.round(Number(r.amountUsd) * 100), 0);
    // Sales are revenue: the order's amount excluding VAT.
    expect(total).toBe(Math.round(Number(order.subtotal_usd) * 100));
    const today = harareDate(new Date());
    const f = (await get("admin", `/api/sales?from=${today}&to=${today}`)).json() as SalesFigures;
    expect(Math.round(Number(f.total.amount_usd) * 100)).toBeGreaterThanOrEqual(total);

    const cancelled = await actors.inject("admin", {
      method: "PUT",
      url: `/api/orders/${order.id}/status`,
      payload: { status: "cancelled", note: "Refunded: the dealer changed the order." },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await ofOrder()).toHaveLength(0);
  });
});

describe("GET /api/statistics/", () => {
  const today = harareDate(new Date());
  const range = { from: addDays(today, -9), to: today };
  const url = (extra = "") => `/api/statistics/?from=${range.from}&to=${range.to}${extra}`;
  /** Noon in Harare, `days` days before today. */
  const daysAgo = (days: number) => new Date(startOfDay(addDays(today, -days)).getTime() + 12 * 3_600_000);

  beforeAll(async () => {
    const db = t.database.db;
    await db.delete(quotations);
    // Tax documents first: an order with an invoice cannot be deleted (the credit notes before their invoices, and the
    // payments on account allocated to invoices before both).
    await db.delete(accountPayments);
    await db.delete(taxDocuments).where(eq(taxDocuments.kind, "credit_note"));
    await db.delete(taxDocuments);
    await db.delete(orders);
    await db.delete(contactMessages);
    await db.update(dealers).set({ regStatus: "Approved" });

    const quote = async (status: "pending" | "approved" | "rejected" | "expired", createdAt: Date, productId: number) => {
      const [row] = await db
        .insert(quotations)
        .values({
          status,
          requesterName: "Stats",
          requesterAddress: "Harare",
          requesterPhone: "1",
          requesterEmail: "s@example.com",
          createdAt,
        })
        .returning({ id: quotations.id });
      await db.insert(quotationProducts).values({ quotationId: row?.id as number, productId, productName: "x", quantity: 1 });
    };
    // This period: two pending (panel, inverter), one approved, one rejected.
    await quote("pending", daysAgo(1), panel.id);
    await quote("pending", daysAgo(9), inverter.id);
    await quote("approved", daysAgo(2), panel.id);
    await quote("rejected", daysAgo(3), inverter.id);
    // The previous period: one pending.
    await quote("pending", daysAgo(12), panel.id);
    // Approved long ago: expired (one stored as such, one past its validity), and one on either side of the edge.
    await quote("expired", daysAgo(80), inverter.id);
    await quote("approved", daysAgo(45), inverter.id);
    const cutoff = expiryCutoff(new Date());
    await quote("approved", new Date(cutoff.getTime() - 1), panel.id); // the last moment that has expired
    await quote("approved", cutoff, panel.id); // the first that still holds

    const placeOrder = async (status: "awaiting_payment" | "paid", createdAt: Date, productId: number) => {
      const [row] = await db
        .insert(orders)
        .values({ userId: actors.identity.dealer.id, status, totalUsd: "10.00", createdAt })
        .returning({ id: orders.id });
      await db.insert(orderLines).values({ orderId: row?.id as number, productId, productName: "x", quantity: 1, unitPriceUsd: "10.00" });
    };
    await placeOrder("awaiting_payment", daysAgo(0), panel.id);
    await placeOrder("awaiting_payment", daysAgo(15), inverter.id);
    await placeOrder("paid", daysAgo(1), panel.id);

    await db.insert(contactMessages).values([
      { fullName: "A", email: "a@example.com", createdAt: daysAgo(1) },
      { fullName: "B", email: "b@example.com", createdAt: daysAgo(11) },
      { fullName: "C", email: "c@example.com", createdAt: daysAgo(12) },
      { fullName: "D", email: "d@example.com", createdAt: daysAgo(2), readAt: new Date() },
    ]);

    const [pendingUser] = await db
      .insert(users)
      .values({ fullName: "Pending Dealer", username: "pending-stats", email: "pending-stats@example.com", passwordHash: "x", roleId: 1 })
      .returning({ id: users.id });
    await db.insert(dealers).values({ userId: pendingUser?.id as number, regStatus: "Pending", submittedAt: daysAgo(4) });
  });

  it("counts each state now, and what came in this period and the previous one", async () => {
    const res = await get("admin", url());
    expect(res.statusCode).toBe(200);
    const s = res.json() as Statistics;
    expect(s).toMatchObject({
      from: range.from,
      to: range.to,
      previous: { from: addDays(today, -19), to: addDays(today, -10) },
      category: null,
    });
    expect(s.dealers.pending).toEqual({ total: 1, period: 1, previous: 0 });
    expect(s.quotations.pending).toEqual({ total: 3, period: 2, previous: 1 });
    expect(s.quotations.approved).toEqual({ total: 2, period: 1, previous: 0 });
    expect(s.quotations.rejected).toEqual({ total: 1, period: 1, previous: 0 });
    expect(s.quotations.expired).toEqual({ total: 3, period: 0, previous: 0 });
    expect(s.orders.awaiting_payment).toEqual({ total: 2, period: 1, previous: 1 });
    expect(s.messages.unread).toEqual({ total: 3, period: 1, previous: 2 });
  });

  it("counts an approved quotation as expired exactly when the dealer's page shows it expired", async () => {
    const now = new Date();
    const rows = await t.database.db.select().from(quotations).where(eq(quotations.status, "approved"));
    const shown = rows.map((r) => effectiveQuotationStatus(r.status, { createdAt: r.createdAt, validUntil: r.validUntil }, now));
    expect(shown.filter((v) => v === "expired")).toHaveLength(2);
    expect(shown.filter((v) => v === "approved")).toHaveLength(2);
  });

  it("keeps the quotations and orders holding a product of the category; dealers and messages are not filtered", async () => {
    const s = (await get("admin", url("&category=1"))).json() as Statistics;
    expect(s.category).toBe(1);
    expect(s.quotations.pending).toEqual({ total: 2, period: 1, previous: 1 });
    expect(s.quotations.rejected).toEqual({ total: 0, period: 0, previous: 0 });
    expect(s.quotations.expired).toEqual({ total: 1, period: 0, previous: 0 });
    expect(s.orders.awaiting_payment).toEqual({ total: 1, period: 1, previous: 0 });
    expect(s.dealers.pending.total).toBe(1);
    expect(s.messages.unread.total).toBe(3);
    // No quotation holds a switch-gear product.
    const none = (await get("admin", url("&category=9"))).json() as Statistics;
    expect(none.quotations.pending.total).toBe(0);
  });
});
