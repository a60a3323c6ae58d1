import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/products/categories", () => {
  it("lists the seven categories with the spec's ids and slugs", async () => {
    const res = await t.inject({ method: "GET", url: "/api/products/categories" });
    expect(res.statusCode).toBe(200);
    const bySlug = Object.fromEntries(res.json().map((c: { slug: string; id: number }) => [c.slug, c.id]));
    expect(bySlug).toEqual({
      "solar-panels": 1,
      cabling: 4,
      accessories: 5,
      "energy-storage": 6,
      "hybrid-inverters": 7,
      "mounting-equipment": 8,
      "switch-gear": 9,
    });
  });
});

describe("GET /api/products/exists", () => {
  it("answers which of the asked ids are still products, reading only product ids", async () => {
    const listed = await t.inject({ method: "GET", url: "/api/products/get-all-products?page=1&pageSize=2" });
    const ids = (listed.json().rows as { product_id: number }[]).map((r) => r.product_id);
    expect(ids.length).toBe(2);
    const res = await t.inject({ method: "GET", url: `/api/products/exists?ids=${ids.join(",")},2147000000,0,x` });
    expect(res.statusCode).toBe(400);
    const ok = await t.inject({ method: "GET", url: `/api/products/exists?ids=${ids.join(",")},2147000000,0,,99999999999` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ asked: [...ids, 2147000000], available: ids });
    const none = await t.inject({ method: "GET", url: "/api/products/exists" });
    expect(none.json()).toEqual({ asked: [], available: [] });
  });
});
