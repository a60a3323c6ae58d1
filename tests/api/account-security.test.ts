import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authThrottles, emailVerificationTokens, passwordResetTokens, sessions, users } from "#server/db/schema/accounts.ts";
import { COMMON_PASSWORD, PASSWORD_HAS_USERNAME } from "#server/modules/accounts/password-policy.ts";
import { totpCode, totpStep } from "#server/modules/accounts/totp.ts";
import {
  emailChangePending,
  INVALID_LINK,
  PASSWORD_CHANGE_FAILED,
  PASSWORD_CHANGED,
  PASSWORD_TOO_SHORT,
  PROFILE_UPDATED,
  RESET_SENT,
  USERNAME_TAKEN,
} from "#shared/schemas/auth.ts";
import { header, linkToken, outboxMails } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mails = () => outboxMails(t.dataDir);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let ipCounter = 10;
/** Each test its own client address, so the brute-force counters of one do not reach another. */
const freshIp = () => `10.0.0.${ipCounter++}`;

async function register(name: string, password = "sunny-kopje-2026") {
  const remoteAddress = freshIp();
  const res = await t.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress,
    payload: { fullName: `Test ${name}`, username: name, email: `${name}@example.com`, password },
  });
  return res;
}

async function login(user: string, password: string, remoteAddress = "10.1.0.1") {
  return t.inject({ method: "POST", url: "/api/auth/login", remoteAddress, payload: { user, password } });
}

async function signIn(user: string, password: string): Promise<{ token: string; id: number }> {
  const res = await login(user, password, freshIp());
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().token, id: res.json().user.id };
}

async function lastMailTo(address: string): Promise<string> {
  const found = (await mails()).filter((m) => header(m, "To").includes(address));
  const last = found.at(-1);
  if (!last) throw new Error(`no mail to ${address}`);
  return last;
}

describe("e-mail verification", () => {
  it("sign-up e-mails a single-use link that confirms the address", async () => {
    expect((await register("tariro")).statusCode).toBe(201);
    const mail = await lastMailTo("tariro@example.com");
    expect(header(mail, "Subject")).toMatch(/Confirm your e-mail address/);
    const token = linkToken(mail, "/verification");
    const { token: session } = await signIn("tariro", "sunny-kopje-2026");
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: bearer(session) })).json().emailVerified).toBe(false);

    const ok = await t.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().emailVerified).toBe(true);
    const again = await t.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVALID_LINK);
  });

  it("refuses an expired link, and a new one can be asked for without telling whether the address exists", async () => {
    await register("nyasha");
    const stale = linkToken(await lastMailTo("nyasha@example.com"), "/verification");
    await t.database.db.update(emailVerificationTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token: stale } })).statusCode).toBe(400);

    const before = (await mails()).length;
    const known = await t.inject({ method: "POST", url: "/api/auth/resend-verification", payload: { email: "nyasha@example.com" } });
    const unknown = await t.inject({ method: "POST", url: "/api/auth/resend-verification", payload: { email: "nobody@example.com" } });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect((await mails()).length).toBe(before + 1);
    const fresh = linkToken(await lastMailTo("nyasha@example.com"), "/verification");
    expect((await t.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token: fresh } })).statusCode).toBe(200);
  });
});

describe("password rules", () => {
  it("refuses common passwords and the username, keeps the spec's length message, and takes 128 characters", async () => {
    const common = await register("ruvimbo", "password1");
    expect(common.statusCode).toBe(400);
    expect(common.json().errorMessage).toBe(COMMON_PASSWORD);
    expect((await register("ruvimbo", "ruvimbo")).json().errorMessage).toBe(PASSWORD_HAS_USERNAME);
    expect((await register("ruvimbo", "abc")).json().errorMessage).toBe(PASSWORD_TOO_SHORT);
    expect((await register("ruvimbo", "tH3-qu1ck~br0wn_f0x".repeat(7).slice(0, 128))).statusCode).toBe(201);
    expect(await t.database.db.select().from(users).where(eq(users.username, "ruvimbo"))).toHaveLength(1);
  });
});

describe("forgotten password", () => {
  it("answers the same whether or not the address has an account, and mails only a real one", async () => {
    const before = (await mails()).length;
    const unknown = await t.inject({ method: "POST", url: "/api/auth/forgetpassword", payload: { email: "ghost@example.com" } });
    const known = await t.inject({ method: "POST", url: "/api/auth/forgetpassword", payload: { email: "user@solar-demo.example" } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: RESET_SENT });
    expect(known.json()).toEqual({ message: RESET_SENT });
    const sent = (await mails()).slice(before);
    expect(sent.map((m) => header(m, "To"))).toEqual(["user@solar-demo.example"]);
  });

  it("resets with a single-use link that expires in an hour, ends every session and signs in", async () => {
    await register("chipo");
    const first = await signIn("chipo", "sunny-kopje-2026");
    await t.inject({ method: "POST", url: "/api/auth/forgetpassword", payload: { email: "chipo@example.com" } });
    const token = linkToken(await lastMailTo("chipo@example.com"), "/reset-password");
    const [link] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, first.id));
    const minutes = ((link?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    const weak = await t.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, password: "qwerty123" } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues[0]).toEqual({ path: "body.password", message: COMMON_PASSWORD });

    const reset = await t.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, password: "new-baobab-path" } });
    expect(reset.statusCode).toBe(200);
    expect(reset.cookies.find((c) => c.name === "sid")?.value).toBe(reset.json().token);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: bearer(first.token) })).statusCode).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: bearer(reset.json().token) })).statusCode).toBe(200);
    expect((await login("chipo", "sunny-kopje-2026", freshIp())).statusCode).toBe(401);
    expect((await login("chipo", "new-baobab-path", freshIp())).statusCode).toBe(200);
    const reused = await t.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, password: "other-baobab-path" } });
    expect(reused.json().message).toBe(INVALID_LINK);
  });

  it("refuses an expired reset link", async () => {
    await t.inject({ method: "POST", url: "/api/auth/forgetpassword", payload: { email: "dealer@solar-demo.example" } });
    const token = linkToken(await lastMailTo("dealer@solar-demo.example"), "/reset-password");
    await t.database.db.update(passwordResetTokens).set({ expiresAt: sql`now() - interval '1 minute'` });
    const res = await t.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, password: "new-baobab-path" } });
    expect(res.statusCode).toBe(400);
    expect((await login("dealer", "demo-dealer-2026", freshIp())).statusCode).toBe(200);
  });
});

describe("profile and password", () => {
  it("updates one's own profile; a new e-mail address is the account's once its link is opened; the old one is told", async () => {
    await register("farai");
    const me = await signIn("farai", "sunny-kopje-2026");
    const url = `/api/auth/update-profile/${me.id}`;
    const before = (await mails()).length;
    const ok = await t.inject({
      method: "PUT",
      url,
      headers: bearer(me.token),
      payload: { fullName: "Farai Moyo", username: "farai.m", email: "farai.moyo@example.com", currentPassword: "sunny-kopje-2026" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      message: `${PROFILE_UPDATED} ${emailChangePending("farai.moyo@example.com")}`,
      user: expect.objectContaining({ fullName: "Farai Moyo", username: "farai.m", email: "farai@example.com" }),
    });
    const sent = (await mails()).slice(before);
    // The new address gets its link, the account's address the username notice; nothing changes the address yet.
    expect(sent.map((m) => header(m, "To")).sort()).toEqual(["farai.moyo@example.com", "farai@example.com"]);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: bearer(me.token) })).json().email).toBe("farai@example.com");

    const token = linkToken(await lastMailTo("farai.moyo@example.com"), "/verification");
    const opened = await t.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token } });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ email: "farai.moyo@example.com", emailVerified: true });
    // The old address is told, with the link that puts it back.
    expect(header(await lastMailTo("farai@example.com"), "Subject")).toMatch(/was changed/);

    const [someone] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, "user"));
    const other = await t.inject({
      method: "PUT",
      url: `/api/auth/update-profile/${someone?.id}`,
      headers: bearer(me.token),
      payload: { fullName: "X", username: "xxx", email: "x@example.com" },
    });
    expect(other.statusCode).toBe(403);
  });

  it("answers a change to a taken e-mail address exactly as to a free one (no oracle); the address's owner is told", async () => {
    await register("nyasha");
    const me = await signIn("nyasha", "sunny-kopje-2026");
    const change = (email: string) =>
      t.inject({
        method: "PUT",
        url: `/api/auth/update-profile/${me.id}`,
        headers: bearer(me.token),
        payload: { fullName: "Nyasha", username: "nyasha", email, currentPassword: "sunny-kopje-2026" },
      });
    const before = (await mails()).length;
    const taken = await change("user@solar-demo.example");
    const free = await change("nyasha.new@example.com");
    expect([taken.statusCode, free.statusCode]).toEqual([200, 200]);
    // The same answer, the address typed aside.
    expect(taken.json().message.replace("user@solar-demo.example", "ADDRESS")).toBe(
      free.json().message.replace("nyasha.new@example.com", "ADDRESS"),
    );
    expect(taken.json().user).toEqual(free.json().user);
    const sent = (await mails()).slice(before);
    const toOwner = sent.find((m) => header(m, "To") === "user@solar-demo.example") as string;
    expect(header(toOwner, "Subject")).toMatch(/Someone asked to use your e-mail address/);
    expect(() => linkToken(toOwner, "/verification")).toThrow();
    expect(header(sent.find((m) => header(m, "To") === "nyasha.new@example.com") as string, "Subject")).toMatch(/Confirm your new e-mail/);

    // A username another account has is said on its field (a sign-in name is unique), not as a 409.
    const username = await t.inject({
      method: "PUT",
      url: `/api/auth/update-profile/${me.id}`,
      headers: bearer(me.token),
      payload: { fullName: "Nyasha", username: "user", email: "nyasha@example.com", currentPassword: "sunny-kopje-2026" },
    });
    expect(username.statusCode).toBe(400);
    expect(username.json().issues).toEqual([{ path: "body.username", message: USERNAME_TAKEN }]);
  });

  it("changes one's own password with the old one, keeps this session and ends the others", async () => {
    await register("rudo");
    const here = await signIn("rudo", "sunny-kopje-2026");
    const elsewhere = await signIn("rudo", "sunny-kopje-2026");
    const url = `/api/auth/change-password/${here.id}`;
    const wrong = await t.inject({
      method: "PUT",
      url,
      headers: bearer(here.token),
      payload: { oldPassword: "not-it", newPassword: "granite-hills-7" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PASSWORD_CHANGE_FAILED);
    const ok = await t.inject({
      method: "PUT",
      url,
      headers: bearer(here.token),
      payload: { oldPassword: "sunny-kopje-2026", newPassword: "granite-hills-7" },
    });
    expect(ok.json()).toEqual({ message: PASSWORD_CHANGED });
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: bearer(here.token) })).statusCode).toBe(200);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: bearer(elsewhere.token) })).statusCode).toBe(401);
    expect((await login("rudo", "granite-hills-7", freshIp())).statusCode).toBe(200);
  });

  it("an admin cannot change someone else's password through the account call", async () => {
    const { authorization } = await t.loginAs("super");
    const [someone] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, "user"));
    const res = await t.inject({
      method: "PUT",
      url: `/api/auth/change-password/${someone?.id}`,
      headers: { authorization },
      payload: { oldPassword: "whatever", newPassword: "granite-hills-7" },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("sessions", () => {
  it("lists the user's sessions and signs out of the other devices", async () => {
    await register("kuda");
    const a = await signIn("kuda", "sunny-kopje-2026");
    const b = await signIn("kuda", "sunny-kopje-2026");
    const list = await t.inject({ method: "GET", url: "/api/auth/sessions", headers: bearer(a.token) });
    expect(list.json()).toHaveLength(2);
    expect(list.json().filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const revoke = await t.inject({
      method: "POST",
      url: "/api/auth/sessions/revoke-others",
      headers: bearer(a.token),
      payload: { password: "sunny-kopje-2026" },
    });
    expect(revoke.json()).toMatchObject({ ended: 1 });
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: bearer(b.token) })).statusCode).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: bearer(a.token) })).statusCode).toBe(200);
  });

  it("logout ends the session on the server", async () => {
    const s = await signIn("user", "demo-user-2026");
    await t.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(s.token) });
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: bearer(s.token) })).statusCode).toBe(401);
  });
});

describe("admin users (role super)", () => {
  /** Adding and removing back-office accounts needs a fresh code on the session (decision 010). */
  const stepUp = (authorization: string) => t.stepUp("super", { authorization });

  it("adds an admin who is invited by e-mail to set a password and can then sign in", async () => {
    const { authorization } = await t.loginAs("super");
    await stepUp(authorization);
    const created = await t.inject({
      method: "POST",
      url: "/api/auth/admin",
      headers: { authorization },
      payload: { fullName: "Nyasha Admin", username: "nyasha.admin", email: "nyasha.admin@example.com" },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ role: "admin", role_id: 3 });
    const invite = await lastMailTo("nyasha.admin@example.com");
    expect(header(invite, "Subject")).toMatch(/invited/);
    const token = linkToken(invite, "/reset-password");
    const set = await t.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, password: "msasa-tree-canopy-2026" } });
    // The new admin sets up an authenticator app before the back office opens (decision 010).
    expect(set.json()).toMatchObject({ totpRequired: true, enrolmentRequired: true });
    const done = await t.inject({
      method: "POST",
      url: "/api/auth/login/second-factor",
      payload: { challenge: set.json().challenge, code: totpCode(set.json().setup.secret, totpStep()) },
    });
    expect(done.json().user).toMatchObject({ username: "nyasha.admin", role: "admin", emailVerified: true });
    const admins = await t.inject({ method: "GET", url: "/api/auth/admins", headers: { authorization } });
    expect(admins.json().map((a: { username: string }) => a.username)).toContain("nyasha.admin");
  });

  it("removes an account and its sessions, but never oneself", async () => {
    const { authorization } = await t.loginAs("super");
    await stepUp(authorization);
    await register("tendai");
    const victim = await signIn("tendai", "sunny-kopje-2026");
    const removed = await t.inject({ method: "DELETE", url: `/api/auth/user/${victim.id}`, headers: { authorization } });
    expect(removed.statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, victim.id))).toHaveLength(0);
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: bearer(victim.token) })).statusCode).toBe(401);
    const me = (await t.inject({ method: "GET", url: "/api/auth/me", headers: { authorization } })).json();
    const self = await t.inject({ method: "DELETE", url: `/api/auth/user/${me.id}`, headers: { authorization } });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe("You cannot remove your own account.");
  });
});

describe("brute-force protection", () => {
  it("answers 429 with Retry-After on the eleventh wrong password from one address, counted in the database", async () => {
    const ip = "10.9.9.9";
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
    for (let i = 1; i <= 10; i++) expect((await login("admin", `wrong-${i}`, ip)).statusCode).toBe(401);
    const blocked = await login("admin", "wrong-11", ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // Even the right password waits for the window: the attacker learns nothing.
    expect((await login("admin", "demo-admin-2026", ip)).statusCode).toBe(429);
    // The real user elsewhere is not locked out.
    expect((await login("admin", "demo-admin-2026", "10.9.9.10")).statusCode).toBe(200);
    const [pair] = await t.database.db
      .select()
      .from(authThrottles)
      .where(eq(authThrottles.key, `login:pair:${admin?.id}|${ip}`));
    // Every attempt is counted before its hash, refused ones too.
    expect(pair?.count).toBeGreaterThanOrEqual(10);

    // After the window the right password works again, and clears the counter.
    await t.database.db
      .update(authThrottles)
      .set({ windowStart: sql`${authThrottles.windowStart} - interval '16 minutes'` })
      .where(like(authThrottles.key, "login:%"));
    expect((await login("admin", "demo-admin-2026", ip)).statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(authThrottles)
        .where(eq(authThrottles.key, `login:pair:${admin?.id}|${ip}`)),
    ).toHaveLength(0);
  });

  it("limits password-reset requests per address and sign-ups per client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.inject({
        method: "POST",
        url: "/api/auth/forgetpassword",
        remoteAddress: freshIp(),
        payload: { email: "admin@solar-demo.example" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    const ip = "10.8.8.8";
    const signups: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress: ip,
        payload: { fullName: "Spam", username: `spam${i}`, email: `spam${i}@example.com`, password: "sunny-kopje-2026" },
      });
      signups.push(res.statusCode);
    }
    expect(signups.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(signups[10]).toBe(429);
  });
});
