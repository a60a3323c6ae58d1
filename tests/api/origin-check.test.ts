import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "#server/seed/accounts.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// I3: a browser's unsafe request is accepted only from this site's own origin: scheme, host and port all match.

const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
const payload = { user: admin.username, password: admin.password };

describe("the Origin check compares scheme, host and port", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (origin: string, host = "shop.example:8080") =>
    t.inject({ method: "POST", url: "/api/auth/login", payload, headers: { origin, host } });

  it("accepts the request's own origin", async () => {
    expect((await login("http://shop.example:8080")).statusCode).toBe(200);
  });

  it("refuses the same host on another port, or without the port", async () => {
    for (const origin of ["http://shop.example:9090", "http://shop.example"]) {
      const res = await login(origin);
      expect({ origin, status: res.statusCode, body: res.json() }).toEqual({
        origin,
        status: 403,
        body: { message: "Cross-site requests are not allowed." },
      });
    }
  });

  it("refuses the same host and port under another scheme", async () => {
    expect((await login("https://shop.example:8080")).statusCode).toBe(403);
  });
});

describe("with SITE_URL set", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_URL: "https://shop.example" } });
  });
  afterAll(() => t.close());

  const login = (origin: string) =>
    t.inject({ method: "POST", url: "/api/auth/login", payload, headers: { origin, host: "shop.example" } });

  it("accepts SITE_URL's origin (behind a TLS proxy the request itself is plain http)", async () => {
    expect((await login("https://shop.example")).statusCode).toBe(200);
  });

  it("refuses SITE_URL's host on another port or scheme", async () => {
    expect((await login("https://shop.example:8443")).statusCode).toBe(403);
    expect((await login("http://shop.example:8080")).statusCode).toBe(403);
  });
});
