import { randomUUID } from "node:crypto";
import { asc, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { DEMO_ACCOUNTS } from "#server/seed/accounts.ts";
import { createActors } from "../support/actors.ts";
import { ensureBuild } from "../support/ensure-build.ts";
import { freePort } from "../support/free-port.ts";
import { header, linkToken, outboxMails } from "../support/outbox.ts";
import { type PaynowStandIn, startPaynowStandIn } from "../support/paynow-stand-in.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// M8 and L2: with logging at trace, a sign-up, a verification, a login, a password reset, an admin invitation and a
// Paynow payment leave none of their tokens, passwords, session ids or keys in the log; a failed query is logged
// without its parameters.

let t: TestApp;
let paynow: PaynowStandIn;
const lines: string[] = [];
const log = () => lines.join("");

beforeAll(async () => {
  await ensureBuild();
  paynow = await startPaynowStandIn();
  const port = await freePort();
  t = await createTestApp({
    web: "production",
    env: {
      LOG_LEVEL: "trace",
      SITE_URL: `http://127.0.0.1:${port}`,
      PAYNOW_INTEGRATION_ID: paynow.integrationId,
      PAYNOW_INTEGRATION_KEY: paynow.integrationKey,
      PAYNOW_URL: paynow.url,
    },
    logStream: { write: (line: string) => lines.push(line) },
  });
  await t.app.listen({ port, host: "127.0.0.1" });
}, 600_000);
afterAll(async () => {
  await t?.close();
  await paynow?.close();
});

async function mailTo(address: string, page: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mail = (await outboxMails(t.dataDir)).reverse().find((m) => header(m, "To").includes(address) && m.includes(page));
    if (mail) return linkToken(mail, page);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${page} mail to ${address}`);
}

describe("secrets in the log (M8)", () => {
  it("a whole account journey and a Paynow payment at trace level log no token, password, session id or key", async () => {
    const secrets: Record<string, string> = {};
    const password = "Lake-Kariba-sunrise-42";
    const register = await t.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { fullName: "Tariro Dube", username: "tariro", email: "tariro@example.com", password },
    });
    expect(register.statusCode).toBeLessThan(300);
    secrets.signUpPassword = password;

    // Verification: the page with its token (as the mailed link opens it) and the API.
    secrets.verificationToken = await mailTo("tariro@example.com", "/verification");
    await t.inject({ method: "GET", url: `/verification?token=${secrets.verificationToken}` });
    await t.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token: secrets.verificationToken } });

    // Login, by the API (a token) and by the page's form (a cookie).
    const login = await t.inject({ method: "POST", url: "/api/auth/login", payload: { user: "tariro", password } });
    expect(login.statusCode).toBe(200);
    secrets.apiSession = login.json().token;
    const form = await t.inject({
      method: "POST",
      url: "/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `user=tariro&password=${encodeURIComponent(password)}`,
    });
    const cookie = form.cookies.find((c) => c.name === "sid");
    expect(cookie?.value).toBeTruthy();
    secrets.pageSession = cookie?.value ?? "";
    await t.inject({ method: "GET", url: "/dealer", headers: { cookie: `sid=${secrets.pageSession}` } });
    await t.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${secrets.apiSession}` } });

    // A password reset, its page and the new password.
    await t.inject({ method: "POST", url: "/api/auth/forgetpassword", payload: { email: "tariro@example.com" } });
    secrets.resetToken = await mailTo("tariro@example.com", "/reset-password");
    await t.inject({ method: "GET", url: `/reset-password?token=${secrets.resetToken}` });
    secrets.newPassword = "Victoria-Falls-mist-77";
    const reset = await t.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: secrets.resetToken, password: secrets.newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    if (reset.json().token) secrets.resetSession = reset.json().token;

    // An admin invitation, its page and the password it sets.
    const superLogin = await t.loginAs("super");
    secrets.superSession = superLogin.authorization.slice("Bearer ".length);
    // Adding an admin asks for a fresh code (decision 010).
    await t.stepUp("super", superLogin);
    const invite = await t.inject({
      method: "POST",
      url: "/api/auth/admin",
      payload: { fullName: "New Admin", username: "newadmin", email: "newadmin@example.com" },
      headers: superLogin,
    });
    expect(invite.statusCode, invite.body).toBe(201);
    secrets.invitationToken = await mailTo("newadmin@example.com", "/reset-password");
    await t.inject({ method: "GET", url: `/reset-password?token=${secrets.invitationToken}` });
    secrets.adminPassword = "Great-Zimbabwe-walls-1450";
    await t.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: secrets.invitationToken, password: secrets.adminPassword },
    });

    // A Paynow payment: the integration key signs every message both ways.
    const actors = await createActors(t);
    const ids = (
      await t.database.db
        .select({ id: products.productId })
        .from(products)
        .where(isNotNull(products.priceUsd))
        .orderBy(asc(products.productId))
        .limit(1)
    ).map((r) => r.id);
    const order = await actors.inject("dealer", {
      method: "POST",
      url: "/api/orders",
      payload: {
        idempotencyKey: randomUUID(),
        currency: "USD",
        fulfilment: "collection",
        contactName: "Farai",
        products: [{ product_id: ids[0], quantity: 1 }],
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const pay = await actors.inject("dealer", { method: "POST", url: `/api/orders/${order.json().id}/paynow`, payload: { method: "web" } });
    expect(pay.statusCode, pay.body).toBe(201);
    const paid = await fetch(`${pay.json().browserUrl}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBeLessThan(400);
    secrets.paynowKey = paynow.integrationKey;
    for (const demo of DEMO_ACCOUNTS) secrets[`demo ${demo.username}`] = demo.password;

    const text = log();
    expect(text).toContain("incoming request");
    expect(text).toContain("/reset-password?token=[redacted]");
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(5);
      expect(text.includes(value), `${name} is in the log`).toBe(false);
    }
    // Paynow's signatures: 128 hex digits after hash=, anywhere.
    expect(text).not.toMatch(/hash=[0-9A-F]{64,}/i);
  }, 120_000);
});

describe("database errors in the log (L2)", () => {
  it("a failed query is logged without its parameters (a new account's password hash, its address)", async () => {
    const before = lines.length;
    const hash = `$argon2id$v=19$m=19456,t=2,p=1$${randomUUID()}`;
    const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
    // A duplicate address through the same path services use: drizzle wraps the failure with the query and its
    // parameters, PostgreSQL's detail quotes the address; the app logs a failed request's error this way (http.ts).
    const failed = await t.database.db
      .insert(users)
      .values({ fullName: "Copy Cat", username: `copy-${randomUUID()}`, email: admin.email.toUpperCase(), passwordHash: hash })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failed).toBeTruthy();
    t.app.log.error({ err: failed }, "request failed");
    const text = lines.slice(before).join("");
    expect(text).toContain("Failed query");
    expect(text).not.toContain(hash);
    expect(text).not.toContain(admin.email.toUpperCase());
  });
});

describe("page errors in the log", () => {
  /** The log lines an error wrote (pino's level 50), parsed. */
  const errorLines = (from: number) =>
    lines
      .slice(from)
      .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message: string; stack: string } })
      .filter((l) => l.level >= 50);

  it("a page's failed query, thrown to React Router or caught by its form, is logged by the server's logger without its parameters", async () => {
    const console_ = vi.spyOn(console, "error").mockImplementation(() => {});
    const db = t.database.db;
    try {
      // A loader's failure: the search page's query, with a function it calls gone. Its words are a parameter.
      const words = `msasa-${randomUUID()}`;
      const before = lines.length;
      await db.execute(sql`alter function search_without_units(text) rename to search_without_units_gone`);
      const page = await t
        .inject({ method: "GET", url: `/search?q=${words}` })
        .finally(() => db.execute(sql`alter function search_without_units_gone(text) rename to search_without_units`));
      expect(page.statusCode).toBe(500);
      const thrown = errorLines(before);
      expect(thrown.map((l) => l.msg)).toContain("page failed");
      expect(JSON.stringify(thrown)).toContain("Failed query");
      expect(JSON.stringify(thrown)).not.toContain(words);

      // An action's failure its form says as "unexpected": the contact form's insert refused by a check.
      const notes = `kopje-${randomUUID()}`;
      const caughtFrom = lines.length;
      await db.execute(sql`alter table contact_messages add constraint no_kopje check (notes not like 'kopje-%')`);
      const form = await t
        .inject({
          method: "POST",
          url: "/contact",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: new URLSearchParams({ fullName: "Rufaro Log", email: "rufaro.log@example.com", phone: "", notes }).toString(),
        })
        .finally(() => db.execute(sql`alter table contact_messages drop constraint no_kopje`));
      expect(form.statusCode).toBe(500);
      expect(errorLines(caughtFrom).map((l) => l.msg)).toContain("page failed");
      const text = lines.slice(caughtFrom).join("");
      expect(text).toContain("Failed query");
      expect(text).not.toContain(notes);
      expect(text).not.toContain("rufaro.log@example.com");

      // Nothing went around the logger.
      expect(console_).not.toHaveBeenCalled();
    } finally {
      console_.mockRestore();
    }
  });
});
