import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authThrottles, passwordResetTokens, securityEvents, users } from "#server/db/schema/accounts.ts";
import { auditLog } from "#server/db/schema/audit.ts";
import { products } from "#server/db/schema/catalogue.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import { JOBS_CLEANUP_JOB } from "#server/jobs.ts";
import { PASSWORD_RESET_JOB } from "#server/modules/accounts/accounts.service.ts";
import { createSecurityEvents } from "#server/modules/accounts/security-events.ts";
import { enqueue } from "#server/platform/jobs/queue.ts";
import { CURRENT_PASSWORD_REQUIRED, INVALID_LINK, PASSWORD_CHANGE_FAILED } from "#shared/schemas/auth.ts";
import { decoded, header, linkToken, outboxMails } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { demoTotp, forgetLastTotpStep } from "../support/totp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = "sunny-kopje-2026";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let ipCounter = 10;
/** Each test its own client address, so the brute-force counters of one do not reach another. */
const freshIp = () => `10.20.0.${ipCounter++}`;

async function register(name: string) {
  const res = await t.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress: freshIp(),
    payload: { fullName: `Test ${name}`, username: name, email: `${name}@example.com`, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(201);
}

function login(user: string, password: string, remoteAddress = freshIp(), cookies: Record<string, string> = {}) {
  return t.inject({ method: "POST", url: "/api/auth/login", remoteAddress, cookies, payload: { user, password } });
}

/** A whole sign-in; back-office accounts give a code of the demo authenticator key (decision 010). */
async function signIn(user: string, password = PASSWORD): Promise<{ token: string; id: number; device: string }> {
  let res = await login(user, password);
  expect(res.statusCode, res.body).toBe(200);
  if (res.json().totpRequired) {
    await forgetLastTotpStep(t.database.db, user);
    res = await t.inject({
      method: "POST",
      url: "/api/auth/login/second-factor",
      remoteAddress: freshIp(),
      payload: { challenge: res.json().challenge, code: demoTotp() },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const device = res.cookies.find((c) => c.name === "did")?.value ?? "";
  return { token: res.json().token, id: res.json().user.id, device };
}

async function lastMailTo(address: string): Promise<string> {
  const last = (await outboxMails(t.dataDir)).filter((m) => header(m, "To").includes(address)).at(-1);
  if (!last) throw new Error(`no mail to ${address}`);
  return last;
}

const me = async (token: string) => t.inject({ method: "GET", url: "/api/auth/me", headers: bearer(token) });

function updateProfile(who: { token: string; id: number }, payload: Record<string, unknown>) {
  return t.inject({ method: "PUT", url: `/api/auth/update-profile/${who.id}`, headers: bearer(who.token), payload });
}

describe("H2: links are bound to the address they were sent to", () => {
  it("an address asked for is not the account's, nor are its quotations; a reset link does not outlive a completed change", async () => {
    // The victim asked for a quotation as a visitor, with their address.
    const [product] = await t.database.db.select({ id: products.productId }).from(products).limit(1);
    const quote = await t.inject({
      method: "POST",
      url: "/api/quotations",
      payload: {
        customer_name: "Victim",
        customer_address: "1 Secret Road, Harare",
        customer_email: "victim@example.com",
        customer_phone: "+263 77 000 0000",
        notes: "private",
        products: [{ product_id: product?.id, quantity: 1 }],
      },
    });
    expect(quote.statusCode, quote.body).toBe(201);

    await register("mallory");
    const mallory = await signIn("mallory");
    await t.inject({
      method: "POST",
      url: "/api/auth/forgetpassword",
      remoteAddress: freshIp(),
      payload: { email: "mallory@example.com" },
    });
    const token = linkToken(await lastMailTo("mallory@example.com"), "/reset-password");
    const changed = await updateProfile(mallory, {
      fullName: "Mallory",
      username: "mallory",
      email: "victim@example.com",
      currentPassword: PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The address changes only when the link mailed to it is opened: it is still Mallory's own, without the victim's quotations.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, mallory.id));
    expect(row?.email).toBe("mallory@example.com");
    const mine = await t.inject({ method: "GET", url: "/api/quotations/get-by-user", headers: bearer(mallory.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([]);

    // A change completed with its link ends the reset link sent to the old address before it.
    await updateProfile(mallory, { fullName: "Mallory", username: "mallory", email: "mallory.new@example.com", currentPassword: PASSWORD });
    const change = linkToken(await lastMailTo("mallory.new@example.com"), "/verification");
    expect((await t.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token: change } })).statusCode).toBe(200);
    const reset = await t.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, password: "granite-hills-7" } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(INVALID_LINK);
  });

  it("a password change ends the reset links sent before it", async () => {
    await register("tsitsi");
    const tsitsi = await signIn("tsitsi");
    await t.inject({ method: "POST", url: "/api/auth/forgetpassword", remoteAddress: freshIp(), payload: { email: "tsitsi@example.com" } });
    const token = linkToken(await lastMailTo("tsitsi@example.com"), "/reset-password");
    const changed = await t.inject({
      method: "PUT",
      url: `/api/auth/change-password/${tsitsi.id}`,
      headers: bearer(tsitsi.token),
      payload: { oldPassword: PASSWORD, newPassword: "granite-hills-7" },
    });
    expect(changed.statusCode).toBe(200);
    const reset = await t.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, password: "msasa-tree-2026" } });
    expect(reset.json().message).toBe(INVALID_LINK);
  });
});

describe("M3: e-mail and username changes", () => {
  it("need the current password; a full-name change does not", async () => {
    await register("rumbi");
    const rumbi = await signIn("rumbi");
    const base = { fullName: "Rumbi", username: "rumbi", email: "rumbi@example.com" };
    const noPassword = await updateProfile(rumbi, { ...base, email: "rumbi2@example.com" });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().issues[0]).toEqual({ path: "body.currentPassword", message: CURRENT_PASSWORD_REQUIRED });
    const wrong = await updateProfile(rumbi, { ...base, username: "rumbi.m", currentPassword: "not-the-password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PASSWORD_CHANGE_FAILED);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, rumbi.id));
    expect(row).toMatchObject({ username: "rumbi", email: "rumbi@example.com" });
    expect((await updateProfile(rumbi, { ...base, fullName: "Rumbi Moyo" })).statusCode).toBe(200);
  });

  it("once the new address's link is opened, tells the old address, with a link that puts it back and ends every session", async () => {
    await register("tanaka");
    const [before] = await t.database.db.select().from(users).where(eq(users.username, "tanaka"));
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.username, "tanaka"));
    const tanaka = await signIn("tanaka");
    const changed = await updateProfile(tanaka, {
      fullName: "Tanaka",
      username: "tanaka",
      email: "intruder@example.com",
      currentPassword: PASSWORD,
    });
    expect(changed.json().user).toMatchObject({ email: "tanaka@example.com", emailVerified: true });
    const change = linkToken(await lastMailTo("intruder@example.com"), "/verification");
    const opened = await t.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token: change } });
    expect(opened.json()).toMatchObject({ email: "intruder@example.com", emailVerified: true });

    const notice = await lastMailTo(before?.email ?? "");
    expect(header(notice, "Subject")).toMatch(/e-mail address of your .* account was changed/);
    expect(decoded(notice)).toMatch(/intruder@example\.com/);
    const token = linkToken(notice, "/undo-email-change");
    const [link] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.purpose, "email-undo"));
    const days = ((link?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const undone = await t.inject({ method: "POST", url: "/api/auth/undo-email-change", payload: { token } });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ email: "tanaka@example.com", emailVerified: true });
    expect((await me(tanaka.token)).statusCode).toBe(401);
    const again = await t.inject({ method: "POST", url: "/api/auth/undo-email-change", payload: { token } });
    expect(again.json().message).toBe(INVALID_LINK);
  });
});

describe("M4: the login limit", () => {
  it("tries at most the limit of 60 concurrent wrong passwords: each attempt is reserved before the hash", { tags: ["db"] }, async () => {
    await register("racer");
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login("racer", `wrong-guess-${i}`, ip)));
    const tried = answers.filter((r) => r.statusCode === 401).length;
    expect(tried).toBeLessThanOrEqual(10);
    expect(answers.filter((r) => r.statusCode === 429).length).toBe(60 - tried);
  });

  it("counts the username and the e-mail address of one account together", async () => {
    await register("twonames");
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await login("twonames", `wrong-${i}`, ip)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login("TwoNames@example.com", `wrong-e${i}`, ip)).statusCode).toBe(401);
    expect((await login("twonames", "wrong-last", ip)).statusCode).toBe(429);
  });

  it("five addresses cannot lock super out of a known device; an unknown device waits for the window", async () => {
    const known = await signIn("super", "demo-super-2026");
    expect(known.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (let a = 0; a < 5; a++) {
      const ip = freshIp();
      for (let i = 0; i < 10; i++) await login("super", `guess-${a}-${i}`, ip);
    }
    expect((await login("super", "demo-super-2026", freshIp())).statusCode).toBe(429);
    const fromKnown = await login("super", "demo-super-2026", freshIp(), { did: known.device });
    expect(fromKnown.statusCode, fromKnown.body).toBe(200);
    // A device cookie of another account is no pass.
    await register("stranger");
    const stranger = await signIn("stranger");
    expect((await login("super", "demo-super-2026", freshIp(), { did: stranger.device })).statusCode).toBe(429);
    await t.database.db.delete(authThrottles).where(like(authThrottles.key, "login:%"));
  });
});

describe("L1: no account enumeration", () => {
  it("a reset request does the same work for a known and an unknown address: it queues the look-up and answers", async () => {
    const before = await t.database.db.select().from(jobs).where(eq(jobs.kind, PASSWORD_RESET_JOB));
    for (const email of ["user@solar-demo.example", "ghost-person@example.com"]) {
      const res = await t.inject({ method: "POST", url: "/api/auth/forgetpassword", remoteAddress: freshIp(), payload: { email } });
      expect(res.statusCode).toBe(200);
    }
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, PASSWORD_RESET_JOB));
    expect(queued.length - before.length).toBe(2);
    // No link exists until the job runs; then the known address gets one.
    const [demoUser] = await t.database.db.select().from(users).where(eq(users.username, "user"));
    const links = () =>
      t.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, demoUser?.id ?? 0));
    expect(await links()).toHaveLength(0);
    await lastMailTo("user@solar-demo.example");
    expect(await links()).toHaveLength(1);
  });
});

describe("L3: the session token in JSON only for API clients", () => {
  it("a browser's login (Origin or Sec-Fetch-Site) gets the cookie alone", async () => {
    const browser = [{ origin: "http://localhost", host: "localhost" }, { "sec-fetch-site": "same-origin" }];
    for (const headers of browser) {
      const res = await t.inject({
        method: "POST",
        url: "/api/auth/login",
        headers,
        payload: { user: "dealer", password: "demo-dealer-2026" },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().token).toBeUndefined();
      expect(res.json().user.username).toBe("dealer");
      expect(res.cookies.find((c) => c.name === "sid")?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    const api = await login("dealer", "demo-dealer-2026");
    expect(api.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("so does a browser's password reset", async () => {
    await register("resetter");
    await t.inject({
      method: "POST",
      url: "/api/auth/forgetpassword",
      remoteAddress: freshIp(),
      payload: { email: "resetter@example.com" },
    });
    const token = linkToken(await lastMailTo("resetter@example.com"), "/reset-password");
    const res = await t.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: { "sec-fetch-site": "same-origin" },
      payload: { token, password: "granite-hills-7" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().token).toBeUndefined();
    expect(res.cookies.find((c) => c.name === "sid")).toBeDefined();
  });
});

describe("L5: security events", () => {
  it("logs each event as one structured line, never with a secret", async () => {
    const lines: object[] = [];
    const log = { info: (d: object) => lines.push(d), warn: (d: object) => lines.push(d) };
    await createSecurityEvents(t.database.db, log).record({
      kind: "login",
      result: "failure",
      reason: "bad-password",
      userId: null,
      ip: "10.1.1.1",
    });
    expect(lines).toEqual([
      expect.objectContaining({ event: "security", kind: "login", result: "failure", reason: "bad-password", ip: "10.1.1.1" }),
    ]);
  });

  it("stores sign-ins, failures, locks, changes, sign-outs and refusals; the back office reads an account's own", async () => {
    await register("eventful");
    const ip = freshIp();
    for (let i = 0; i < 11; i++) await login("eventful", `wrong-${i}`, ip);
    const user = await signIn("eventful");
    await t.inject({
      method: "PUT",
      url: `/api/auth/change-password/${user.id}`,
      headers: bearer(user.token),
      payload: { oldPassword: PASSWORD, newPassword: "granite-hills-7" },
    });
    expect((await t.inject({ method: "GET", url: "/api/audit", headers: bearer(user.token) })).statusCode).toBe(403);
    await t.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(user.token) });

    const admin = await t.loginAs("admin");
    const res = await t.inject({ method: "GET", url: `/api/auth/user/${user.id}/security-events`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const seen = res.json().map((e: { kind: string; result: string }) => `${e.kind}:${e.result}`);
    for (const expected of [
      "login:failure",
      "login:locked",
      "login:success",
      "password-change:success",
      "forbidden:refused",
      "logout:success",
    ]) {
      expect(seen).toContain(expected);
    }
    const rows = await t.database.db.select().from(securityEvents).where(eq(securityEvents.userId, user.id));
    const text = JSON.stringify(rows);
    for (const secret of [PASSWORD, "granite-hills-7", "wrong-3", user.token]) expect(text).not.toContain(secret);
    expect(rows.find((r) => r.kind === "forbidden")?.reason).toBe("GET /api/audit");

    // A user does not read them; an admin does not read a back-office account's.
    expect(
      (await t.inject({ method: "GET", url: `/api/auth/user/${user.id}/security-events`, headers: bearer(user.token) })).statusCode,
    ).toBe(401);
    const [superRow] = await t.database.db.select().from(users).where(eq(users.username, "super"));
    expect((await t.inject({ method: "GET", url: `/api/auth/user/${superRow?.id}/security-events`, headers: admin })).statusCode).toBe(403);
  });

  it("the hourly clean-up deletes events older than 90 days", async () => {
    await t.database.db.insert(securityEvents).values([
      { kind: "login", result: "success", at: new Date(Date.now() - 91 * 86_400_000) },
      { kind: "login", result: "success", at: new Date(Date.now() - 89 * 86_400_000) },
    ]);
    await enqueue(t.database.db, JOBS_CLEANUP_JOB, {});
    await t.app.jobs.drain();
    const left = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.kind, "login"), eq(securityEvents.result, "success")));
    const ages = left.map((r) => (Date.now() - r.at.getTime()) / 86_400_000);
    expect(ages.some((d) => d > 90)).toBe(false);
    expect(ages.some((d) => d > 88)).toBe(true);
  });
});

describe("L7: ending sessions", () => {
  it("an admin ends a dealer's sessions, written to the audit log; a back-office account's are for super", async () => {
    const dealer = await signIn("dealer", "demo-dealer-2026");
    const admin = await t.loginAs("admin");
    const ended = await t.inject({ method: "POST", url: `/api/auth/user/${dealer.id}/end-sessions`, headers: admin });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().ended).toBeGreaterThanOrEqual(1);
    expect((await me(dealer.token)).statusCode).toBe(401);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "end-sessions"), eq(auditLog.entityId, String(dealer.id))));
    expect(entry?.summary).toMatch(/Signed Farai Dealer \(dealer\) out everywhere/);

    const superAccount = await signIn("super", "demo-super-2026");
    expect((await t.inject({ method: "POST", url: `/api/auth/user/${superAccount.id}/end-sessions`, headers: admin })).statusCode).toBe(
      403,
    );
    expect((await me(superAccount.token)).statusCode).toBe(200);
    const adminRow = (await me(admin.authorization.slice(7))).json();
    const bySuper = await t.inject({
      method: "POST",
      url: `/api/auth/user/${adminRow.id}/end-sessions`,
      headers: bearer(superAccount.token),
    });
    expect(bySuper.statusCode).toBe(200);
    expect((await me(admin.authorization.slice(7))).statusCode).toBe(401);
  });

  it("'sign out other devices' asks for the current password", async () => {
    await register("twodevices");
    const a = await signIn("twodevices");
    const b = await signIn("twodevices");
    const url = "/api/auth/sessions/revoke-others";
    expect((await t.inject({ method: "POST", url, headers: bearer(a.token), payload: {} })).statusCode).toBe(400);
    const wrong = await t.inject({ method: "POST", url, headers: bearer(a.token), payload: { password: "not-the-password" } });
    expect(wrong.statusCode).toBe(400);
    expect((await me(b.token)).statusCode).toBe(200);
    const ok = await t.inject({ method: "POST", url, headers: bearer(a.token), payload: { password: PASSWORD } });
    expect(ok.json()).toMatchObject({ ended: 1 });
    expect((await me(b.token)).statusCode).toBe(401);
  });
});
