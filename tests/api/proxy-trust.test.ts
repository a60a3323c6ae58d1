import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { users } from "#server/db/schema/accounts.ts";
import { hashPassword } from "#server/modules/accounts/accounts.service.ts";
import { createMailer } from "#server/platform/mailer/mailer.ts";
import { createDiskStorage } from "#server/platform/storage/storage.ts";
import { DEMO_ACCOUNTS } from "#server/seed/accounts.ts";
import { decoded, outboxMails } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { createTestDatabase } from "../support/test-db.ts";

// TRUST_PROXY decides whose X-Forwarded-For / -Proto / -Host the app believes. The brute-force limits count per
// client address (request.ip), so a forwarded header must only count when it comes from a configured proxy.

const dealer = DEMO_ACCOUNTS.find((a) => a.role === "dealer") ?? DEMO_ACCOUNTS[0];
if (!dealer) throw new Error("no demo accounts");
const wrong = { user: dealer.username, password: "not-the-password" };

function failLogin(t: TestApp, headers: Record<string, string>) {
  return t.inject({ method: "POST", url: "/api/auth/login", payload: wrong, headers });
}

/** Until the mail with `needle` is in the outbox (mail may be sent after the response). */
async function mailWith(dataDir: string, needle: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const found = (await outboxMails(dataDir)).map(decoded).find((m) => m.includes(needle));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail with ${needle}`);
}

function verificationLink(mail: string): string {
  const link = mail.match(/https?:\/\/[^\s"<]+\/verification\?token=/)?.[0];
  if (!link) throw new Error("no verification link");
  return link;
}

describe("TRUST_PROXY values", () => {
  const read = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxy;
  it("reads off, on, a hop count and a list of proxy addresses or ranges", () => {
    expect([read(""), read("false"), read("0"), read("true")]).toEqual([false, false, false, true]);
    expect([read("1"), read("2")]).toEqual([1, 2]);
    expect(read("10.0.0.5, 10.1.0.0/16,::1, fd00::/8 ,loopback")).toEqual(["10.0.0.5", "10.1.0.0/16", "::1", "fd00::/8", "loopback"]);
  });
  it("refuses anything else, naming the variable", () => {
    for (const v of ["yes", "10.0.0.0/33", "300.1.1.1", "10.0.0.1/8/2", "proxy.internal", ","]) {
      expect(() => read(v), v).toThrow(/^Invalid TRUST_PROXY=.*must be true, false, a number of proxy hops, or a comma list/);
    }
  });
});

describe("without TRUST_PROXY (the default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("a spoofed X-Forwarded-For gives no fresh login attempts: the 11th failure in a row is refused", async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await failLogin(t, { "x-forwarded-for": `198.51.100.${i}` });
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    const refused = await failLogin(t, { "x-forwarded-for": "198.51.100.99" });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });

  it("records the connection's address on the session, not the forwarded one", async () => {
    const user = DEMO_ACCOUNTS.find((a) => a.role === "user");
    const login = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { user: user?.username, password: user?.password },
      headers: { "x-forwarded-for": "203.0.113.50" },
    });
    const sessions = await t.inject({
      method: "GET",
      url: "/api/auth/sessions",
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(sessions.json().find((s: { current: boolean }) => s.current).ip).toBe("127.0.0.1");
  });

  it("links in e-mails use the configured address, not the Host nor X-Forwarded-Proto/-Host (I1)", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { fullName: "Tariro Dube", username: "tariro", email: "tariro@example.com", password: "sunshine-kettle-42" },
      headers: { host: "app.internal:3000", "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" },
    });
    expect(res.statusCode).toBe(201);
    expect(verificationLink(await mailWith(t.dataDir, "tariro"))).toMatch(/^http:\/\/localhost:3000\/verification/);
  });
});

describe("with TRUST_PROXY=1 (one reverse proxy in front)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(() => t.close());

  it("counts failed logins per forwarded client: one address is locked out, another is not", async () => {
    for (let i = 1; i <= 10; i++) expect((await failLogin(t, { "x-forwarded-for": "203.0.113.7" })).statusCode).toBe(401);
    expect((await failLogin(t, { "x-forwarded-for": "203.0.113.7" })).statusCode).toBe(429);
    // What a client writes before the proxy's own entry does not count: the proxy appended the real address.
    expect((await failLogin(t, { "x-forwarded-for": "192.0.2.1, 203.0.113.7" })).statusCode).toBe(429);
    expect((await failLogin(t, { "x-forwarded-for": "203.0.113.8" })).statusCode).toBe(401);
  });

  it("records the forwarded client address on the session", async () => {
    const user = DEMO_ACCOUNTS.find((a) => a.role === "user");
    const login = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { user: user?.username, password: user?.password },
      headers: { "x-forwarded-for": "192.0.2.9, 203.0.113.50" },
    });
    const sessions = await t.inject({
      method: "GET",
      url: "/api/auth/sessions",
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(sessions.json().find((s: { current: boolean }) => s.current).ip).toBe("203.0.113.50");
  });

  it("links in e-mails still use the configured address, not the proxy's X-Forwarded-Proto and -Host (I1)", async () => {
    const res = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { fullName: "Rudo Ncube", username: "rudo", email: "rudo@example.com", password: "sunshine-kettle-42" },
      headers: { host: "app.internal:3000", "x-forwarded-proto": "https", "x-forwarded-host": "solar.example" },
    });
    expect(res.statusCode).toBe(201);
    expect(verificationLink(await mailWith(t.dataDir, "rudo"))).toMatch(/^http:\/\/localhost:3000\/verification/);
  });
});

describe("TRUST_PROXY as addresses", () => {
  it("believes X-Forwarded-For only from a listed proxy address", async () => {
    // app.inject() connects from 127.0.0.1.
    for (const [trust, expected] of [
      ["127.0.0.1", "203.0.113.60"],
      ["10.0.0.0/8", "127.0.0.1"],
    ] as const) {
      const t = await createTestApp({ env: { TRUST_PROXY: trust } });
      try {
        const user = DEMO_ACCOUNTS.find((a) => a.role === "user");
        const login = await t.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { user: user?.username, password: user?.password },
          headers: { "x-forwarded-for": "203.0.113.60" },
        });
        const sessions = await t.inject({
          method: "GET",
          url: "/api/auth/sessions",
          headers: { authorization: `Bearer ${login.json().token}` },
        });
        expect(sessions.json().find((s: { current: boolean }) => s.current).ip, trust).toBe(expected);
      } finally {
        await t.close();
      }
    }
  });
});

describe("production behind an https proxy", () => {
  it("sets the Secure __Host- session cookie, accepts it back, and still refuses other sites", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "solar-proxy-"));
    const config = loadConfig({
      NODE_ENV: "production",
      SITE_URL: "https://solar.example",
      TRUST_PROXY: "1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
    });
    const database = await createTestDatabase({ seeded: true });
    const storage = createDiskStorage(path.join(dataDir, "uploads"));
    // Production never signs in with a published demo password.
    const password = "a-real-dealer-secret-2026";
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.username, dealer.username));
    const app = await buildApp({ config, database, storage, mailer: createMailer(config), web: false });
    try {
      // What nginx sends on: the app's own Host, the browser's Origin, and the proxy's X-Forwarded-* headers.
      const proxied = { host: "127.0.0.1:3000", "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.70" };
      const login = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { user: dealer.username, password },
        headers: { ...proxied, origin: "https://solar.example" },
      });
      expect(login.statusCode).toBe(200);
      const cookie = String(login.headers["set-cookie"]);
      expect(cookie).toMatch(/^__Host-sid=[^;]+;/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(login.headers["strict-transport-security"]).toContain("max-age=");
      const sid = cookie.split(";")[0] ?? "";
      const me = await app.inject({ method: "GET", url: "/api/auth/me", headers: { ...proxied, cookie: sid } });
      expect(me.statusCode).toBe(200);
      expect(me.json().username).toBe(dealer.username);
      const crossSite = await app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { ...proxied, cookie: sid, origin: "https://evil.example" },
      });
      expect(crossSite.statusCode).toBe(403);
    } finally {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
