import { randomUUID } from "node:crypto";
import { and, asc, eq, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { orders, quotationProducts } from "#server/db/schema/commerce.ts";
import { dealers } from "#server/db/schema/dealers.ts";
import { hashPassword } from "#server/modules/accounts/accounts.service.ts";
import { DEMO_GOLD_PRICE_PRODUCT } from "#server/seed/demo-pricing.ts";
import { centsToDecimal } from "#shared/money.ts";
import { toCents } from "#shared/quotation-totals.ts";
import type { Product } from "#shared/schemas/catalogue.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { silver } from "../support/prices.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * A dealer sees and pays their tier's price at the quantity on the line, everywhere: the demo's
 * "SunVolt 410W Mono PERC" (list 118.00; panels' breaks 10+ 3 %, 40+ 6 %) costs the Silver demo dealer 112.10, 108.74
 * from 10 and 105.37 from 40; Gold buys it at a price of its own, 103.84 (100.72 from 10). Visitors and members who
 * are not dealers get no dealer price from any endpoint.
 */

let t: TestApp;
let actors: Actors;
let panel: { id: number; retail: string };
/** The Gold demo dealer ("Zambezi Power", no login in the demo), given a password here. */
let gold: Record<string, string>;

const GOLD_PASSWORD = "zambezi-gold-2026";

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  const db = t.database.db;
  const [row] = await db
    .select({ id: products.productId, retail: products.retailPriceUsd })
    .from(products)
    .where(eq(products.productName, DEMO_GOLD_PRICE_PRODUCT));
  if (!row) throw new Error(`the demo catalogue lacks ${DEMO_GOLD_PRICE_PRODUCT}`);
  panel = row;
  const [zambezi] = await db.select({ userId: dealers.userId }).from(dealers).where(eq(dealers.tradingName, "Zambezi Power"));
  if (!zambezi?.userId) throw new Error("the demo lacks the Gold dealer Zambezi Power");
  const [account] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(GOLD_PASSWORD) })
    .where(eq(users.id, zambezi.userId))
    .returning({ username: users.username });
  const login = await t.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { user: account?.username, password: GOLD_PASSWORD },
    remoteAddress: "192.0.2.40",
  });
  if (login.statusCode !== 200) throw new Error(`login as the Gold dealer failed: ${login.statusCode} ${login.body}`);
  gold = { authorization: `Bearer ${login.json().token}` };
});
afterAll(() => t?.close());

const productAs = async (headers: Record<string, string> | "dealer" | "admin") => {
  const res =
    typeof headers === "string"
      ? await actors.inject(headers, { method: "GET", url: `/api/products/get-product-by-id/${panel.id}` })
      : await t.inject({ method: "GET", url: `/api/products/get-product-by-id/${panel.id}`, headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as Product[])[0] as Product;
};

const previewAs = async (headers: Record<string, string> | "dealer", quantity: number) => {
  const url = `/api/orders/preview?lines=${panel.id}x${quantity}`;
  const res =
    typeof headers === "string" ? await actors.inject(headers, { method: "GET", url }) : await t.inject({ method: "GET", url, headers });
  expect(res.statusCode).toBe(200);
  return res.json().lines[0];
};

const usdSteps = (p: { price_breaks: { min_quantity: number; price_usd: string }[] | null }) =>
  p.price_breaks?.map((b) => [b.min_quantity, b.price_usd]);

describe("the price a dealer sees", () => {
  it("the Silver dealer: 112.10 for one, the break table, the tier; no retail price", async () => {
    const p = await productAs("dealer");
    expect([p.price_usd, p.tier?.name, p.retail_price_usd]).toEqual(["112.10", "Silver", null]);
    expect(usdSteps(p)).toEqual([
      [1, "112.10"],
      [10, "108.74"],
      [40, "105.37"],
    ]);
    expect(p.price_breaks?.every((b) => b.price_zwl !== null)).toBe(true);
  });

  it("the Gold dealer: the tier's own price, less the breaks", async () => {
    const p = await productAs(gold);
    expect([p.price_usd, p.tier?.name]).toEqual(["103.84", "Gold"]);
    expect(usdSteps(p)?.slice(0, 2)).toEqual([
      [1, "103.84"],
      [10, "100.72"],
    ]);
  });

  it("an admin: the dealer list price, its breaks and the retail price, no tier", async () => {
    const p = await productAs("admin");
    expect([p.price_usd, p.retail_price_usd, p.tier]).toEqual(["118.00", panel.retail, null]);
    expect(panel.retail).not.toBe("118.00");
    expect(usdSteps(p)?.[0]).toEqual([1, "118.00"]);
  });

  it("the preview prices each line at its quantity, with the break table", async () => {
    expect((await previewAs("dealer", 1)).unit_price_usd).toBe("112.10");
    expect((await previewAs("dealer", 9)).unit_price_usd).toBe("112.10");
    const ten = await previewAs("dealer", 10);
    expect([ten.unit_price_usd, ten.line_total_usd]).toEqual(["108.74", "1087.40"]);
    expect(usdSteps(ten)).toEqual([
      [1, "112.10"],
      [10, "108.74"],
      [40, "105.37"],
    ]);
    expect((await previewAs("dealer", 40)).unit_price_usd).toBe("105.37");
    expect((await previewAs(gold, 10)).unit_price_usd).toBe("100.72");
  });
});

describe("the price an order freezes", () => {
  const order = (quantity: number) => ({
    idempotencyKey: randomUUID(),
    currency: "USD",
    fulfilment: "collection",
    contactName: "Farai Dealer",
    contactPhone: "+263 77 123 4567",
    products: [{ product_id: panel.id, quantity }],
  });

  it("the Silver dealer pays 108.74 a unit for 10, 112.10 for 1; the Gold dealer 100.72 for 10", async () => {
    const ten = await actors.inject("dealer", { method: "POST", url: "/api/orders", payload: order(10) });
    expect(ten.statusCode, ten.body).toBe(201);
    expect(ten.json().products.map((l: { quantity: number; unit_price: string }) => [l.quantity, l.unit_price])).toEqual([[10, "108.74"]]);
    expect(ten.json().subtotal).toBe("1087.40");
    const one = await actors.inject("dealer", { method: "POST", url: "/api/orders", payload: order(1) });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().products[0].unit_price).toBe("112.10");
    // The dealer's own list of orders shows the frozen prices.
    const mine = await actors.inject("dealer", { method: "GET", url: `/api/orders/${ten.json().id}` });
    expect(mine.json().products[0].unit_price).toBe("108.74");

    const golden = await t.inject({ method: "POST", url: "/api/orders", payload: order(10), headers: gold });
    expect(golden.statusCode, golden.body).toBe(201);
    expect(golden.json().products[0].unit_price).toBe("100.72");
  });
});

describe("the demo's own orders", () => {
  it("are priced as an order of the demo dealer is: its Silver tier, and Harare's delivery fee as a line of the invoice", async () => {
    const db = t.database.db;
    const seeded = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, actors.identity.dealer.id), lt(orders.createdAt, new Date(Date.now() - 86_400_000))))
      .orderBy(asc(orders.id));
    // Four paid before dispatch and two on the company's account (decision 034).
    expect(seeded.length).toBe(6);
    const list = new Map(
      (await db.select({ id: products.productId, price: products.priceUsd }).from(products)).map((p) => [p.id, p.price]),
    );
    for (const { id } of seeded) {
      const res = await actors.inject("dealer", { method: "GET", url: `/api/orders/${id}` });
      expect(res.statusCode).toBe(200);
      const order = res.json() as OrderView;
      // Quantities of 1 to 3: below every quantity break, so the tier's 5 % alone.
      for (const line of order.products) {
        expect(line.unit_price_usd, `order ${id}: ${line.product_name}`).toBe(silver(list.get(line.product_id as number) as string));
      }
      expect(order.delivery_city).toBe("Harare");
      expect(order.delivery_fee).toBe("15.00");
      const lines = order.products.reduce((sum, l) => sum + (toCents(l.line_total) as bigint), 0n);
      expect(order.subtotal_usd, `order ${id}`).toBe(centsToDecimal(lines + 1500n));
    }
  });
});

describe("the price a quotation keeps", () => {
  const request = (quantity: number) => ({
    customer_name: "Tatenda Moyo",
    customer_address: "5 Borrowdale Road, Harare",
    customer_email: "tatenda@example.com",
    customer_phone: "+263 77 123 4567",
    notes: "",
    products: [{ product_id: panel.id, quantity }],
  });
  const keptPrice = async (id: number) => {
    const lines = await t.database.db
      .select({ priceUsd: quotationProducts.priceUsd, quantity: quotationProducts.quantity })
      .from(quotationProducts)
      .where(eq(quotationProducts.quotationId, id))
      .orderBy(asc(quotationProducts.id));
    return lines.map((l) => [l.quantity, l.priceUsd]);
  };

  it("a visitor's and a member's: the retail price; the dealer's: their tier's price at the quantity", async () => {
    const visitor = await t.inject({ method: "POST", url: "/api/quotations", payload: request(10), remoteAddress: "192.0.2.41" });
    expect(visitor.statusCode, visitor.body).toBe(201);
    expect(await keptPrice(visitor.json().id)).toEqual([[10, panel.retail]]);
    const member = await actors.inject("user", { method: "POST", url: "/api/quotations", payload: request(10) });
    expect(member.statusCode, member.body).toBe(201);
    expect(await keptPrice(member.json().id)).toEqual([[10, panel.retail]]);
    const dealer = await actors.inject("dealer", { method: "POST", url: "/api/quotations", payload: request(10) });
    expect(dealer.statusCode, dealer.body).toBe(201);
    expect(await keptPrice(dealer.json().id)).toEqual([[10, "108.74"]]);
    const single = await actors.inject("dealer", { method: "POST", url: "/api/quotations", payload: request(1) });
    expect(await keptPrice(single.json().id)).toEqual([[1, "112.10"]]);
  });
});

describe("no dealer price for visitors and members", () => {
  /** Every dealer-price field of an answer that is not null, wherever it is in the JSON. */
  function pricesIn(value: unknown, path = ""): string[] {
    if (Array.isArray(value)) return value.flatMap((v, i) => pricesIn(v, `${path}[${i}]`));
    if (value === null || typeof value !== "object") return [];
    return Object.entries(value).flatMap(([key, v]) => {
      const here = `${path}.${key}`;
      const priced = /price|tier|retail|usd|zwl|cost/i.test(key) && v !== null;
      return priced ? [here] : pricesIn(v, here);
    });
  }

  const reads = () => [
    { method: "GET" as const, url: `/api/products/get-product-by-id/${panel.id}` },
    { method: "GET" as const, url: "/api/products/get-all-products?pageSize=50" },
    { method: "GET" as const, url: "/api/products/get-product-by-category/1" },
    { method: "GET" as const, url: "/api/products/get-product-by-category/solar-panels?pageSize=50" },
    { method: "GET" as const, url: "/api/search?q=SunVolt" },
    { method: "GET" as const, url: "/api/featured/get-featured" },
    { method: "GET" as const, url: `/api/products/availability?ids=${panel.id}` },
    {
      method: "POST" as const,
      url: "/api/sizing",
      payload: { appliances: [{ name: "Fridge", watts: 150, hours_per_day: 10, quantity: 1 }], backup_hours: 8 },
    },
  ];

  it("a visitor and a signed-in member who is not a dealer get none from any product endpoint", async () => {
    for (const who of ["anonymous", "user"] as const) {
      for (const read of reads()) {
        const res = await actors.inject(who, read);
        expect(res.statusCode, `${who} ${read.url}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(pricesIn(res.json()), `${who} ${read.url}`).toEqual([]);
      }
      // Nor can the order of a page give the prices away.
      const sorted = await actors.inject(who, { method: "GET", url: "/api/products/get-product-by-category/1?sort=price" });
      expect(sorted.statusCode).toBe(400);
    }
  });

  it("the checker itself finds a dealer's prices", async () => {
    const res = await actors.inject("dealer", reads()[0] as { method: "GET"; url: string });
    expect(pricesIn(res.json())).toEqual(expect.arrayContaining(["[0].price_usd", "[0].price_breaks", "[0].tier"]));
  });
});
