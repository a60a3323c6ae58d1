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
