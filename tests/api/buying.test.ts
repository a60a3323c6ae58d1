// @module-tag db: runs on PostgreSQL too (decision 022)
import { randomUUID } from "node:crypto";
import { asc, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { orderLines, orders } from "#server/db/schema/commerce.ts";
import { companyMembers, dealerCartLines } from "#server/db/schema/dealer-buying.ts";
import { dealers } from "#server/db/schema/dealers.ts";
import { hashPassword } from "#server/modules/accounts/accounts.service.ts";
import { ROLE_IDS } from "#shared/roles.ts";
import type { CartView, KitView, QuickOrderResult } from "#shared/schemas/buying.ts";
import { type Actors, createActors } from "../support/actors.ts";
import { silver } from "../support/prices.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let actors: Actors;
type Product = { id: number; name: string; sku: string; priceUsd: string };
let catalogue: Product[];
const p = (i: number) => catalogue[i] as Product;

/** A member of the demo dealer's company, written straight to the database, and a session of theirs. */
async function member(role: "buyer" | "technician", tag = ""): Promise<Record<string, string>> {
  const db = t.database.db;
  const username = `buying-${role}${tag}`;
  const password = "buying-team-2026-kopje";
  const [user] = await db
    .insert(users)
    .values({
      fullName: `Buying ${role}`,
      username,
      email: `${username}@example.com`,
      passwordHash: await hashPassword(password),
      roleId: role === "buyer" ? ROLE_IDS.dealer : ROLE_IDS.technician,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const [company] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.userId, actors.identity.dealer.id));
  await db
    .insert(companyMembers)
    .values({ userId: user?.id as number, dealerId: company?.id as number, role, invitedBy: actors.identity.dealer.id });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { user: username, password },
    remoteAddress: "192.0.2.40",
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

const call = (headers: Record<string, string>, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

let dealerA: Record<string, string>;
let dealerB: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  catalogue = (await t.database.db
    .select({ id: products.productId, name: products.productName, sku: products.sku, priceUsd: products.priceUsd })
    .from(products)
    .where(isNotNull(products.sku))
    .orderBy(asc(products.productId))
    .limit(4)) as Product[];
  // Two sessions of the demo dealer: a phone and a laptop.
  dealerA = await actors.freshSession("dealer");
  dealerB = await actors.freshSession("dealer");
});
afterAll(() => t?.close());

describe("the dealer company's cart on the server (issue 25 §3)", () => {
  it("is refused to visitors (401), plain users and admins (403)", async () => {
    expect((await actors.inject("anonymous", { method: "GET", url: "/api/cart" })).statusCode).toBe(401);
    expect((await actors.inject("user", { method: "GET", url: "/api/cart" }, actors.headers("user"))).statusCode).toBe(403);
    expect((await actors.inject("admin", { method: "GET", url: "/api/cart" }, actors.headers("admin"))).statusCode).toBe(403);
  });

  it("follows the dealer from one session to another and is shared with a buyer of the company", async () => {
    const put = await call(dealerA, "PUT", "/api/cart", { lines: [{ product_id: p(0).id, quantity: 2 }] });
    expect(put.statusCode).toBe(200);
    const onLaptop = (await call(dealerB, "GET", "/api/cart")).json() as CartView;
    expect(onLaptop.lines).toEqual([expect.objectContaining({ product_id: p(0).id, product_name: p(0).name, sku: p(0).sku, quantity: 2 })]);
    const buyer = await member("buyer");
    const added = await call(buyer, "POST", "/api/cart/lines", {
      lines: [
        { product_id: p(0).id, quantity: 3 },
        { product_id: p(1).id, quantity: 1 },
      ],
    });
    expect(added.statusCode).toBe(200);
    const seen = (await call(dealerA, "GET", "/api/cart")).json() as CartView;
    expect(seen.lines.map((l) => [l.product_id, l.quantity])).toEqual([
      [p(0).id, 5],
      [p(1).id, 1],
    ]);
    // Another company's cart is its own.
    expect(
      ((await actors.inject("otherDealer", { method: "GET", url: "/api/cart" }, actors.headers("otherDealer"))).json() as CartView).lines,
    ).toEqual([]);
  });

  it("merges the browser's local cart at sign-in: the larger quantity of a product in both, unknown products left out", async () => {
    await call(dealerA, "PUT", "/api/cart", {
      lines: [
        { product_id: p(0).id, quantity: 4 },
        { product_id: p(1).id, quantity: 1 },
      ],
    });
    const merged = await call(dealerB, "POST", "/api/cart/merge", {
      lines: [
        { product_id: p(0).id, quantity: 2 },
        { product_id: p(1).id, quantity: 3 },
        { product_id: p(2).id, quantity: 1 },
        { product_id: 2_147_483_000, quantity: 1 },
      ],
    });
    expect(merged.statusCode).toBe(200);
    expect((merged.json() as CartView).lines.map((l) => [l.product_id, l.quantity])).toEqual([
      [p(0).id, 4],
      [p(1).id, 3],
      [p(2).id, 1],
    ]);
    // Sent twice (a page reloaded mid-merge), nothing doubles.
    const again = await call(dealerB, "POST", "/api/cart/merge", { lines: [{ product_id: p(0).id, quantity: 4 }] });
    expect((again.json() as CartView).lines.find((l) => l.product_id === p(0).id)?.quantity).toBe(4);
    expect((await call(dealerA, "DELETE", "/api/cart")).statusCode).toBe(204);
    expect(((await call(dealerB, "GET", "/api/cart")).json() as CartView).lines).toEqual([]);
  });

  it("holds a quantity at 10,000, the site's line limit", async () => {
    const put = await call(dealerA, "PUT", "/api/cart", { lines: [{ product_id: p(0).id, quantity: 10_000 }] });
    expect((put.json() as CartView).lines[0]?.quantity).toBe(10_000);
    const more = await call(dealerA, "POST", "/api/cart/lines", { lines: [{ product_id: p(0).id, quantity: 5 }] });
    expect((more.json() as CartView).lines[0]?.quantity).toBe(10_000);
    await call(dealerA, "DELETE", "/api/cart");
  });

  it("is refused to a technician (403): no cart, no quick order, no kits, no reorder", async () => {
    const tech = await member("technician");
    for (const [method, url, body] of [
      ["GET", "/api/cart", undefined],
      ["PUT", "/api/cart", { lines: [] }],
      ["POST", "/api/cart/lines", { lines: [] }],
      ["POST", "/api/cart/merge", { lines: [] }],
      ["DELETE", "/api/cart", undefined],
      ["POST", "/api/dealer/quick-order", { text: `${p(0).sku}, 1` }],
      ["GET", "/api/dealer/kits", undefined],
      ["POST", "/api/dealer/kits", { name: "Tech kit" }],
      ["POST", "/api/orders/1/reorder", undefined],
    ] as const) {
      expect((await call(tech, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("loses only what the order holds when it is placed: a teammate's line added after the checkout was opened stays", async () => {
    await call(dealerA, "PUT", "/api/cart", {
      lines: [
        { product_id: p(0).id, quantity: 2 },
        { product_id: p(1).id, quantity: 1 },
      ],
    });
    // The checkout was opened on these two lines; meanwhile a buyer adds another product and one more of the first.
    const buyer = await member("buyer", "-2");
    await call(buyer, "POST", "/api/cart/lines", {
      lines: [
        { product_id: p(2).id, quantity: 3 },
        { product_id: p(0).id, quantity: 1 },
      ],
    });
    const placed = await call(dealerB, "POST", "/api/orders", {
      idempotencyKey: randomUUID(),
      currency: "USD",
      fulfilment: "delivery",
      contactName: "Farai Dealer",
      contactPhone: "+263 77 123 4567",
      deliveryAddress: "45 Lytton Road, Workington, Harare",
      notes: "",
      products: [
        { product_id: p(0).id, quantity: 2 },
        { product_id: p(1).id, quantity: 1 },
      ],
    });
    expect(placed.statusCode).toBe(201);
    expect(((await call(dealerA, "GET", "/api/cart")).json() as CartView).lines.map((l) => [l.product_id, l.quantity])).toEqual([
      [p(0).id, 1],
      [p(2).id, 3],
    ]);
    await call(dealerA, "DELETE", "/api/cart");
  });
});

describe("quick order (issue 25 §2)", () => {
  it("matches a mixed paste: valid lines, an unknown SKU, quantity 0, a duplicate, a header, any case and dashes", async () => {
    const text = [
      "SKU;Quantity",
      `${p(0).sku}, 2`,
      "NOPE-123, 1",
      `${p(1).sku.toLowerCase()}\t0`,
      `${p(1).sku.replace(/-/g, " ").toLowerCase()}; 3`,
      "",
      `${p(0).sku.replace(/-/g, "")},1`,
      `${p(2).sku}, two`,
    ].join("\n");
    const res = await call(dealerA, "POST", "/api/dealer/quick-order", { text });
    expect(res.statusCode).toBe(200);
    const body = res.json() as QuickOrderResult;
    expect(body.lines.map((l) => [l.line, l.error ?? l.product?.id])).toEqual([
      [2, p(0).id],
      [3, "unknown SKU"],
      [4, "quantity must be at least 1"],
      [5, p(1).id],
      [7, p(0).id],
      [8, "quantity must be a whole number"],
    ]);
    expect(body.lines[4]?.duplicate_of).toBe(2);
    expect(body.valid).toBe(3);
    expect(body.invalid).toBe(3);
    const first = body.lines[0];
    expect(first?.product?.name).toBe(p(0).name);
    expect(first?.product?.price_usd).toBe(silver(p(0).priceUsd));
    expect(first?.product?.availability.status).toEqual(expect.any(String));
  });

  it("reads thousands separators where they can only be one, and refuses `SKU, 1,000` rather than ordering 1", async () => {
    const text = [`${p(0).sku}, 1,000`, `${p(0).sku}\t1,000`, `${p(1).sku},"2,500"`, `${p(2).sku}; 1\u00a0200`, `${p(3).sku}, 12`].join(
      "\n",
    );
    const res = await call(dealerA, "POST", "/api/dealer/quick-order", { text });
    expect(res.statusCode).toBe(200);
    const body = res.json() as QuickOrderResult;
    expect(body.lines.map((l) => [l.line, l.error ?? l.quantity])).toEqual([
      [1, "quantity has a comma: write 1000, not 1,000 (or put it in quotes)"],
      [2, 1000],
      [3, 2500],
      [4, 1200],
      [5, 12],
    ]);
    // A header naming a third column says what the third field is: `SKU, 2, 150` is 2 units at 150.
    const priced = (await call(dealerA, "POST", "/api/dealer/quick-order", { text: `SKU,Quantity,Price\n${p(0).sku},2,150` })).json();
    expect((priced as QuickOrderResult).lines.map((l) => [l.line, l.error ?? l.quantity])).toEqual([[2, 2]]);
  });

  it("adds the valid lines to the cart at once (quantities of a duplicate add up)", async () => {
    const result = await t.app.services.cart.quickOrderToCart(
      { ...(await meActor()), role: "dealer" },
      `${p(0).sku}, 2\nNOPE, 1\n${p(0).sku}, 1\n${p(1).sku}, 4`,
    );
    expect(result.cart.lines.map((l) => [l.product_id, l.quantity])).toEqual([
      [p(0).id, 3],
      [p(1).id, 4],
    ]);
    await call(dealerA, "DELETE", "/api/cart");
  });
});

/** The demo dealer as the services see them (for the service call the page's action makes). */
async function meActor() {
  const me = await call(dealerA, "GET", "/api/auth/me");
  const id = me.json().id as number;
  return {
    id,
    roleId: ROLE_IDS.dealer,
    role: "dealer" as const,
    sessionId: "test",
    emailVerified: true,
    companyUserId: id,
    teamRole: "owner" as const,
  };
}

describe("order again (issue 25 §2)", () => {
  it("adds a past order's lines and says what changed: today's price, a product no longer sold, short stock", async () => {
    const db = t.database.db;
    const [order] = await db
      .insert(orders)
      .values({ userId: actors.identity.dealer.id, totalUsd: "100.00", deliveryAddress: "45 Lytton Road, Harare" })
      .returning({ id: orders.id });
    const orderId = order?.id as number;
    await db.insert(orderLines).values([
      { orderId, productId: p(0).id, productName: p(0).name, quantity: 2, unitPriceUsd: "1.00" },
      { orderId, productId: null, productName: "Old 3 kVA inverter", quantity: 1, unitPriceUsd: "300.00" },
      { orderId, productId: p(1).id, productName: p(1).name, quantity: 9000, unitPriceUsd: silver(p(1).priceUsd) },
    ]);
    const res = await call(dealerA, "POST", `/api/orders/${orderId}/reorder`);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.added).toEqual([
      expect.objectContaining({ product_id: p(0).id, quantity: 2, price_then_usd: "1.00", price_now_usd: silver(p(0).priceUsd) }),
      expect.objectContaining({ product_id: p(1).id, quantity: 9000 }),
    ]);
    expect(report.unavailable).toEqual([{ product_name: "Old 3 kVA inverter", quantity: 1 }]);
    expect(report.short).toEqual([expect.objectContaining({ product_id: p(1).id, quantity: 9000 })]);
    expect(report.cart.lines.map((l: { product_id: number; quantity: number }) => [l.product_id, l.quantity])).toEqual([
      [p(0).id, 2],
      [p(1).id, 9000],
    ]);
    // Another company's order: 404.
    const other = await call(dealerA, "POST", `/api/orders/${actors.otherDealer.orderId}/reorder`);
    expect(other.statusCode).toBe(404);
    await call(dealerA, "DELETE", "/api/cart");
  });
});

describe("kits (issue 25 §2)", () => {
  it("the demo dealer has a saved 5 kVA home kit with today's total", async () => {
    const list = (await call(dealerA, "GET", "/api/dealer/kits")).json() as KitView[];
    expect(list.map((k) => k.name)).toEqual(["5 kVA home kit"]);
    expect(list[0]?.lines.length).toBe(9);
    expect(list[0]?.lines.find((l) => l.sku === "SV-410M-PERC")?.quantity).toBe(8);
    expect(list[0]?.total_usd).toMatch(/^\d+\.\d{2}$/);
  });

  it("saves the cart as a named kit, lists it with today's total, adds it to the cart, renames and deletes it", async () => {
    const empty = await call(dealerA, "POST", "/api/dealer/kits", { name: "3 kVA cabin kit" });
    expect(empty.statusCode).toBe(400);
    await call(dealerA, "PUT", "/api/cart", {
      lines: [
        { product_id: p(0).id, quantity: 2 },
        { product_id: p(2).id, quantity: 1 },
      ],
    });
    const created = await call(dealerA, "POST", "/api/dealer/kits", { name: "3 kVA cabin kit" });
    expect(created.statusCode).toBe(201);
    const kit = created.json() as KitView;
    expect(kit.lines.map((l) => [l.product_id, l.quantity]).sort()).toEqual(
      [
        [p(0).id, 2],
        [p(2).id, 1],
      ].sort(),
    );
    const list = ((await call(dealerB, "GET", "/api/dealer/kits")).json() as KitView[]).filter((k) => k.id === kit.id);
    expect(list.map((k) => k.name)).toEqual(["3 kVA cabin kit"]);
    const expected = (Number(silver(p(0).priceUsd)) * 200 + Number(silver(p(2).priceUsd)) * 100) / 100;
    expect(Number(list[0]?.total_usd)).toBeCloseTo(expected, 2);

    // A duplicate name, whatever its case, is a field error.
    const dup = await call(dealerA, "POST", "/api/dealer/kits", { name: "3 KVA CABIN KIT", lines: [{ product_id: p(1).id, quantity: 1 }] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().issues).toEqual([{ path: "body.name", message: "You already have a kit with this name." }]);

    await call(dealerA, "DELETE", "/api/cart");
    const added = await call(dealerB, "POST", `/api/dealer/kits/${kit.id}/add-to-cart`);
    expect(added.statusCode).toBe(200);
    expect(added.json().cart.lines.length).toBe(2);

    const renamed = await call(dealerA, "PUT", `/api/dealer/kits/${kit.id}`, { name: "3 kVA cabin kit (lithium)" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe("3 kVA cabin kit (lithium)");

    // Another company's dealer: 404 on every kit route.
    const other = actors.headers("otherDealer");
    expect((await actors.inject("otherDealer", { method: "POST", url: `/api/dealer/kits/${kit.id}/add-to-cart` }, other)).statusCode).toBe(
      404,
    );
    expect(
      (await actors.inject("otherDealer", { method: "PUT", url: `/api/dealer/kits/${kit.id}`, payload: { name: "Mine" } }, other))
        .statusCode,
    ).toBe(404);
    expect((await actors.inject("otherDealer", { method: "DELETE", url: `/api/dealer/kits/${kit.id}` }, other)).statusCode).toBe(404);
    expect(((await actors.inject("otherDealer", { method: "GET", url: "/api/dealer/kits" }, other)).json() as KitView[]).length).toBe(0);

    expect((await call(dealerA, "DELETE", `/api/dealer/kits/${kit.id}`)).statusCode).toBe(204);
    expect(((await call(dealerA, "GET", "/api/dealer/kits")).json() as KitView[]).map((k) => k.name)).toEqual(["5 kVA home kit"]);
    await call(dealerA, "DELETE", "/api/cart");
    expect(await t.database.db.select().from(dealerCartLines)).toEqual([]);
  });
});
