import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { users } from "#server/db/schema/accounts.ts";
import { hashPassword } from "#server/modules/accounts/accounts.service.ts";
import { createMailer } from "#server/platform/mailer/mailer.ts";
import { createDiskStorage } from "#server/platform/storage/storage.ts";
import { DEMO_ACCOUNTS } from "#server/seed/accounts.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { createTestDatabase } from "../support/test-db.ts";

const user = DEMO_ACCOUNTS.find((a) => a.role === "user")!;
const login = { user: user.username, password: user.password };
const prodLogin = { user: user.username, password: "a-real-user-secret-2026" };

type Cookie = LightMyRequestResponse["cookies"][number] & Record<string, unknown>;

function cookieNamed(res: LightMyRequestResponse, name: string): Cookie | undefined {
  return res.cookies.find((c) => c.name === name) as Cookie | undefined;
}

/** The raw Set-Cookie line of a cookie, to check attributes the parsed form may not show (Domain, Secure). */
function setCookieLine(res: LightMyRequestResponse, name: string): string | undefined {
  const header = res.headers["set-cookie"];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.find((line) => line.startsWith(`${name}=`));
}

function expectFramingForbidden(res: LightMyRequestResponse) {
  const csp = String(res.headers["content-security-policy"] ?? "");
  const xfo = String(res.headers["x-frame-options"] ?? "");
  expect(/frame-ancestors 'none'/.test(csp) || /^(DENY|SAMEORIGIN)$/i.test(xfo)).toBe(true);
}

describe("in the test environment (plain http)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("sends nosniff, the referrer policy and a frame-forbidding CSP on API answers, but no HSTS", async () => {
    const res = await t.inject({ method: "GET", url: "/api/auth/me" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expectFramingForbidden(res);
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("puts the same CSP on API errors and unknown API paths", async () => {
    for (const url of ["/api/no-such-thing", "/api/products/get-product-by-category/1?page=0"]) {
      const res = await t.inject({ method: "GET", url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it("gives the Swagger UI page its own CSP (L4): its own scripts and styles only, no <base>, unframeable", async () => {
    for (const url of ["/api/docs", "/api/docs/"]) {
      const res = await t.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(String(res.headers["content-type"])).toMatch(/^text\/html/);
      const policy = String(res.headers["content-security-policy"]);
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("style-src 'self'");
      expect(policy).not.toContain("unsafe-inline");
      expect(policy).toContain("base-uri 'none'");
      expectFramingForbidden(res);
    }
  });

  it("sets the session cookie sid as HttpOnly, SameSite=Lax, Path=/ and, over http, not Secure", async () => {
    const res = await t.inject({ method: "POST", url: "/api/auth/login", payload: login });
    expect(res.statusCode).toBe(200);
    const cookie = cookieNamed(res, "sid");
    expect(cookie).toMatchObject({ value: res.json().token, httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(cookieNamed(res, "__Host-sid")).toBeUndefined();
    expect(setCookieLine(res, "sid")).not.toMatch(/;\s*Secure/i);
  });
});

describe("in production", () => {
  const siteUrl = "https://solar.example";
  const origin = { origin: siteUrl };
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "solar-test-"));
    const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, SITE_URL: siteUrl, LOG_LEVEL: "silent" });
    database = await createTestDatabase({ seeded: true });
    const storage = createDiskStorage(path.join(dataDir, "uploads"));
    // Production never signs in with a published demo password.
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword(prodLogin.password) })
      .where(eq(users.username, user.username));
    app = await buildApp({ config, database, storage, mailer: createMailer(config), web: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("sends HSTS for at least a year with includeSubDomains, besides the other headers", async () => {
    const res = await app.inject({ method: "GET", url: "/healthz" });
    const hsts = String(res.headers["strict-transport-security"] ?? "");
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toMatch(/includeSubDomains/i);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expectFramingForbidden(res);
  });

  it("names the session cookie __Host-sid: Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain", async () => {
    const res = await app.inject({ method: "POST", url: "/api/auth/login", headers: origin, payload: prodLogin });
    expect(res.statusCode).toBe(200);
    expect(cookieNamed(res, "sid")).toBeUndefined();
    const cookie = cookieNamed(res, "__Host-sid");
    // A browser (it sent Origin) gets the token in the cookie only.
    expect(res.json().token).toBeUndefined();
    expect(cookie).toMatchObject({
      value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      secure: true,
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
    });
    expect(cookie?.domain).toBeUndefined();
    const line = setCookieLine(res, "__Host-sid") ?? "";
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/i);
    expect(line).not.toMatch(/;\s*Domain=/i);
  });

  it("authenticates a request carrying __Host-sid, and logout clears it", async () => {
    const loggedIn = await app.inject({ method: "POST", url: "/api/auth/login", headers: origin, payload: prodLogin });
    const token = cookieNamed(loggedIn, "__Host-sid")?.value as string;
    const cookies = { "__Host-sid": token };

    const me = await app.inject({ method: "GET", url: "/api/auth/me", cookies });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(user.username);

    // The plain name means nothing in production.
    expect((await app.inject({ method: "GET", url: "/api/auth/me", cookies: { sid: token } })).statusCode).toBe(401);

    const logout = await app.inject({ method: "POST", url: "/api/auth/logout", headers: origin, cookies });
    expect(logout.statusCode).toBe(200);
    const cleared = cookieNamed(logout, "__Host-sid");
    expect(cleared).toMatchObject({ value: "", secure: true, path: "/" });
    expect((cleared?.expires as Date | undefined)?.getTime() ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(Date.now());

    expect((await app.inject({ method: "GET", url: "/api/auth/me", cookies })).statusCode).toBe(401);
  });
});
