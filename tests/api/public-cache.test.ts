import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// The shared cache is off in tests by default (PUBLIC_CACHE_MS=0); these tests switch it on.
let t: TestApp;
let admin: { authorization: string };
let dealer: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_CACHE_MS: "60000" } });
  admin = await t.loginAs("admin");
  dealer = await t.loginAs("dealer");
});
afterAll(() => t.close());

const URL_ = "/api/products/get-product-by-category/1?page=1&pageSize=5";
const read = (headers: Record<string, string> = {}) => t.inject({ method: "GET", url: URL_, headers });

describe("visitors' public reads (platform/shared-cache.ts)", () => {
  it("are answered from the cache after the first, with the same body and validator", async () => {
    const first = await read();
    const second = await read();
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBeUndefined();
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["cache-control"]).toBe("no-cache");
    expect(second.headers.vary).toBe("Cookie, Authorization");
  });

  it("answer 304 without a body when the client holds the same version", async () => {
    const { etag } = (await read()).headers;
    const again = await read({ "if-none-match": String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const stale = await read({ "if-none-match": 'W/"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it("are never shared with dealers, who see prices, nor dealers' answers with visitors", async () => {
    await read();
    const asDealer = await read(dealer);
    expect(asDealer.headers["x-cache"]).toBeUndefined();
    expect(asDealer.json().rows[0].price_usd).not.toBeNull();
    const asVisitor = await read();
    expect(asVisitor.json().rows[0].price_usd).toBeNull();
    // A dealer's own answer still carries a validator of its own.
    expect(asDealer.headers.etag).not.toBe(asVisitor.headers.etag);
  });

  it("show an admin's change at once", async () => {
    const before = (await read()).json().rows[0];
    const renamed = `${before.product_name} (updated)`;
    const res = await t.inject({
      method: "PUT",
      url: `/api/products/update-product/${before.product_id}`,
      headers: admin,
      payload: { product_name: renamed },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await read();
    expect(after.headers["x-cache"]).toBeUndefined();
    expect(after.json().rows[0].product_name).toBe(renamed);
  });

  it("are not kept when refused", async () => {
    const url = "/api/products/get-product-by-id/999999";
    await t.inject({ method: "GET", url });
    const again = await t.inject({ method: "GET", url });
    expect(again.statusCode).toBe(404);
    expect(again.headers["x-cache"]).toBeUndefined();
  });
});
