// @module-tag db: runs on PostgreSQL too (decision 022)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderRequest } from "../support/orders.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Decision 033: a catalogue read is one or two statements whoever asks (the dealer's tier comes with the session, the
 * day's rate and the settings from their caches), and with the shared data on, a dealer's read is made from the same
 * shared rows as everyone's, their own prices worked out per request, and any change is seen by the next read.
 */

type Row = {
  product_id: number;
  product_name: string;
  price_usd: string | null;
  tier: { name: string } | null;
  availability: { branches: { available?: number }[] };
};

const LIST = "/api/products/get-product-by-category/1?page=1&pageSize=12";
const FILTERED = "/api/products/get-product-by-category/1?page=1&pageSize=12&spec.cell_type=mono+PERC&sort=power-desc";

/** The statements a request sends to the database (a transaction counts as one on PGlite). */
async function statementsOf(t: TestApp, request: () => Promise<unknown>): Promise<number> {
  const before = t.database.statements();
  await request();
  return t.database.statements() - before;
}

const available = (row: Row) => row.availability.branches.reduce((n, b) => n + (b.available ?? 0), 0);

describe("without the shared data (every read to the database)", () => {
  let cold: TestApp;
  let dealer: { authorization: string };
  beforeAll(async () => {
    cold = await createTestApp({ env: { PUBLIC_CACHE_MS: "0", SETTINGS_CACHE_MS: "600000" } });
    dealer = await cold.loginAs("dealer");
  });
  afterAll(() => cold?.close());

  it("answers a dealer's category list, filtered or not, in the session's statement and two more", async () => {
    const get = (url: string) => cold.inject({ method: "GET", url, headers: dealer });
    // The settings and the day's rate are read once, then kept.
    expect((await get(LIST)).statusCode).toBe(200);
    expect(await statementsOf(cold, () => get(LIST))).toBe(3);
    expect(await statementsOf(cold, () => get(FILTERED))).toBe(3);
    const rows = (await get(LIST)).json().rows as Row[];
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[0]?.price_usd).not.toBeNull();
    expect(rows[0]?.tier).not.toBeNull();
  });

  it("answers one product in the session's statement and one more, and a visitor's list in two", async () => {
    const list = (await cold.inject({ method: "GET", url: LIST, headers: dealer })).json().rows as Row[];
    const id = list[0]?.product_id;
    expect(
      await statementsOf(cold, () => cold.inject({ method: "GET", url: `/api/products/get-product-by-id/${id}`, headers: dealer })),
    ).toBe(2);
    expect(await statementsOf(cold, () => cold.inject({ method: "GET", url: LIST }))).toBe(2);
  });
});

describe("with the shared data", () => {
  let warm: TestApp;
  let cold: TestApp;
  let dealer: { authorization: string };
  let admin: { authorization: string };
  beforeAll(async () => {
    [warm, cold] = await Promise.all([
      createTestApp({ env: { PUBLIC_CACHE_MS: "600000", SETTINGS_CACHE_MS: "600000" } }),
      createTestApp({ env: { PUBLIC_CACHE_MS: "0" } }),
    ]);
    dealer = await warm.loginAs("dealer");
    admin = await warm.loginAs("admin");
  });
  afterAll(() => Promise.all([warm?.close(), cold?.close()]));

  it("serves a dealer's second read from the shared rows, priced at their tier as a fresh read prices it", async () => {
    // An admin reads first: the rows kept are the same for everyone, the prices are each viewer's.
    const asAdmin = (await warm.inject({ method: "GET", url: LIST, headers: admin })).json().rows as Row[];
    expect(await statementsOf(warm, () => warm.inject({ method: "GET", url: LIST, headers: dealer }))).toBe(1);
    const one = `/api/products/get-product-by-id/${asAdmin[0]?.product_id}`;
    await warm.inject({ method: "GET", url: one, headers: admin });
    expect(await statementsOf(warm, () => warm.inject({ method: "GET", url: one, headers: dealer }))).toBe(1);
    const asDealer = (await warm.inject({ method: "GET", url: LIST, headers: dealer })).json();
    const fresh = (await cold.inject({ method: "GET", url: LIST, headers: await cold.loginAs("dealer") })).json();
    expect(asDealer).toEqual(fresh);
    expect((asDealer.rows as Row[]).map((r) => r.price_usd)).not.toEqual(asAdmin.map((r) => r.price_usd));
    const asVisitor = (await warm.inject({ method: "GET", url: LIST })).json().rows as Row[];
    expect(asVisitor[0]?.price_usd).toBeNull();
    expect(asVisitor[0]?.availability.branches[0]).not.toHaveProperty("available");
  });

  it("shows the next read a dealer's order's reservation and an admin's edit at once", async () => {
    const read = async () => (await warm.inject({ method: "GET", url: LIST, headers: dealer })).json().rows as Row[];
    const before = await read();
    const stocked = before.find((r) => available(r) >= 2);
    if (!stocked) throw new Error("the demo has no panel in stock");
    const order = await warm.inject({
      method: "POST",
      url: "/api/orders",
      headers: dealer,
      payload: orderRequest([{ product_id: stocked.product_id, quantity: 1 }]),
    });
    expect(order.statusCode).toBe(201);
    const afterOrder = (await read()).find((r) => r.product_id === stocked.product_id) as Row;
    expect(available(afterOrder)).toBe(available(stocked) - 1);

    const renamed = await warm.inject({
      method: "PUT",
      url: `/api/products/update-product/${stocked.product_id}`,
      headers: admin,
      payload: { product_name: `${stocked.product_name} (2027 batch)` },
    });
    expect(renamed.statusCode).toBe(200);
    const afterEdit = (await read()).find((r) => r.product_id === stocked.product_id) as Row;
    expect(afterEdit.product_name).toBe(`${stocked.product_name} (2027 batch)`);
  });
});
