import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe("health", () => {
  it("/healthz answers ok and /readyz checks the database", async () => {
    expect((await t.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await t.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe("ready");
  });
});

describe("errors", () => {
  it("answers an unknown API path with 404 and a JSON message", async () => {
    const res = await t.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found." });
  });

  it("answers bad input with 400, the field issues and no stack trace", async () => {
    const res = await t.inject({ method: "GET", url: "/api/products/get-product-by-category/1?page=0" });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.issues[0].path).toBe("querystring.page");
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it("answers malformed JSON with 400 and a message", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe("body limits (H1)", () => {
  it("refuses an API body over 1 MB with 413 and a JSON message before reading it", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ user: "A".repeat(2 * 1024 * 1024), password: "x" }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe("security headers", () => {
  it("sets the usual hardening headers", async () => {
    const res = await t.inject({ method: "GET", url: "/healthz" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    // HSTS only in production (tests/api/security-headers.test.ts).
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("OpenAPI", () => {
  it("documents every API route and serves the reference page at /api/docs", async () => {
    const page = await t.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    const doc = (await t.inject({ method: "GET", url: "/api/docs/json" })).json();
    const documented = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths as Record<string, object>))
      for (const m of Object.keys(ops)) documented.add(`${m.toUpperCase()} ${p}`);
    const apiRoutes = t.app.routeList.filter((r) => r.url.startsWith("/api/") && r.documented && r.method !== "HEAD");
    expect(apiRoutes.length).toBeGreaterThanOrEqual(8);
    for (const r of apiRoutes) {
      expect(documented).toContain(`${r.method} ${r.url.replace(/:(\w+)/g, "{$1}")}`);
    }
    for (const expected of [
      "POST /api/auth/login",
      "GET /api/products/get-product-by-category/{categoryId}",
      "GET /api/products/get-product-by-id/{id}",
    ]) {
      expect(documented).toContain(expected);
    }
  });
});

describe("database down", () => {
  it("answers 500 with a message that says nothing internal, and /readyz answers 503", async () => {
    const down = await createTestApp({ seed: false });
    await down.database.close();
    try {
      const res = await down.inject({ method: "GET", url: "/api/products/categories" });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: "Something went wrong on our side. Please try again later." });
      const ready = await down.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: "unavailable", message: "The database is not reachable." });
    } finally {
      await down.app.close();
      await rm(down.dataDir, { recursive: true, force: true });
    }
  });
});
