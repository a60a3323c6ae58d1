// Decision 010: the back office signs in with a password and an authenticator code.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/accounts.ts";
import { BACK_OFFICE_PASSWORD_TOO_SHORT, PASSWORD_HAS_USERNAME, WEAK_PASSWORD } from "#server/modules/accounts/password-policy.ts";
import { SIGN_IN_EXPIRED, STEP_UP_REQUIRED, WRONG_CODE, WRONG_TOTP } from "#server/modules/accounts/second-factor.ts";
import { totpCode, totpStep } from "#server/modules/accounts/totp.ts";
import { DEMO_ACCOUNTS, DEMO_TOTP_SECRET } from "#server/seed/accounts.ts";
import { header, linkToken, outboxMails } from "../support/outbox.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { demoTotp, forgetLastTotpStep } from "../support/totp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const demo = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!;
let ipCounter = 0;
/** Each case from its own address: the per-address login counters never couple two cases. */
const freshIp = () => `198.51.100.${++ipCounter}`;

async function passwordStep(role: string, password = demo(role).password, ip = freshIp()) {
  return t.inject({ method: "POST", url: "/api/auth/login", remoteAddress: ip, payload: { user: demo(role).username, password } });
}
async function codeStep(challenge: string, code: string) {
  return t.inject({ method: "POST", url: "/api/auth/login/second-factor", payload: { challenge, code } });
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("signing in to the back office", () => {
  it("a right password of an admin opens no session: the answer is a challenge, which works for nothing else", async () => {
    const res = await passwordStep("admin");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totpRequired: true, enrolmentRequired: false });
    expect(body).not.toHaveProperty("token");
    expect(body).not.toHaveProperty("user");
    expect(res.cookies.find((c) => c.name === "sid")).toBeUndefined();
    // The challenge is not a session token.
    expect((await t.inject({ method: "GET", url: "/api/auth/me", headers: bearer(body.challenge) })).statusCode).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/audit", headers: bearer(body.challenge) })).statusCode).toBe(401);
  });

  it("a code from the app finishes it once; a wrong code and a replayed code are refused", async () => {
    await forgetLastTotpStep(t.database.db, "admin");
    const first = (await passwordStep("admin")).json();
    const wrong = await codeStep(first.challenge, totpCode(DEMO_TOTP_SECRET, totpStep() + 5));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_CODE);
    const code = demoTotp();
    const done = await codeStep(first.challenge, code);
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ username: "admin", role: "admin" });
    expect(done.cookies.find((c) => c.name === "sid")?.value).toBe(done.json().token);
    expect((await t.inject({ method: "GET", url: "/api/audit", headers: bearer(done.json().token) })).statusCode).toBe(200);
    // Single use: the challenge is spent.
    expect((await codeStep(first.challenge, code)).json().message).toBe(SIGN_IN_EXPIRED);
    // The same code for a new sign-in (seen over a shoulder): refused.
    const second = (await passwordStep("admin")).json();
    const replayed = await codeStep(second.challenge, code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(WRONG_CODE);
  });

  it("two sign-ins at once (a phone and a laptop) may both finish: a second password step does not void the first", {
    tags: ["db"],
  }, async () => {
    await forgetLastTotpStep(t.database.db, "admin");
    const laptop = (await passwordStep("admin")).json();
    const phone = (await passwordStep("admin")).json();
    expect((await codeStep(phone.challenge, demoTotp(0))).statusCode).toBe(200);
    expect((await codeStep(laptop.challenge, demoTotp(1))).statusCode).toBe(200);
  });

  it("a challenge takes five wrong codes, then not even the right one", async () => {
    await forgetLastTotpStep(t.database.db, "super");
    const { challenge } = (await passwordStep("super")).json();
    for (let i = 0; i < 5; i++) expect((await codeStep(challenge, "000000")).statusCode).toBe(400);
    const late = await codeStep(challenge, demoTotp());
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(SIGN_IN_EXPIRED);
  });

  it("an admin without an app is taken through its setup first, then gets recovery codes that each work once", async () => {
    await t.database.db.update(users).set({ totpSecret: null, totpLastStep: null }).where(eq(users.username, "admin"));
    const res = (await passwordStep("admin")).json();
    expect(res).toMatchObject({ totpRequired: true, enrolmentRequired: true });
    expect(res.setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(res.setup.qrSvg).toMatch(/^<svg[^>]*>/);
    const secret = res.setup.secret as string;
    expect(secret).not.toBe(DEMO_TOTP_SECRET);
    // A second sign-in before confirming shows the same key (the app may already hold it).
    const again = (await passwordStep("admin")).json();
    expect(again.setup.secret).toBe(secret);
    expect((await codeStep(again.challenge, "123456")).json().message).toBe(WRONG_TOTP);
    const done = await codeStep(again.challenge, totpCode(secret, totpStep()));
    expect(done.statusCode).toBe(200);
    const codes = done.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, "admin"));
    expect(row?.totpSecret).toBe(secret);

    const withRecovery = await codeStep((await passwordStep("admin")).json().challenge, codes[0]!.toUpperCase());
    expect(withRecovery.statusCode).toBe(200);
    const reused = await codeStep((await passwordStep("admin")).json().challenge, codes[0]!);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(WRONG_CODE);
    const status = await t.inject({ method: "GET", url: "/api/auth/totp", headers: bearer(withRecovery.json().token) });
    expect(status.json()).toEqual({ enabled: true, required: true, recoveryCodesLeft: 9 });
    // Back to the demo key for the rest of the file.
    await t.database.db.update(users).set({ totpSecret: DEMO_TOTP_SECRET }).where(eq(users.username, "admin"));
  });

  it("a new admin's invitation link sets the password and goes on to the app's setup, not into the back office", async () => {
    const superHeaders = await t.loginAs("super");
    await t.stepUp("super", superHeaders);
    const created = await t.inject({
      method: "POST",
      url: "/api/auth/admin",
      headers: superHeaders,
      payload: { fullName: "Tsitsi Invited", username: "tsitsi", email: "tsitsi@example.com", role: "admin" },
    });
    expect(created.statusCode).toBe(201);
    const mail = (await outboxMails(t.dataDir)).filter((m) => header(m, "To") === "tsitsi@example.com").at(-1) as string;
    const token = linkToken(mail, "/reset-password");
    const short = await t.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, password: "Kx7#mQ2vL9!" } });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0].message).toBe(BACK_OFFICE_PASSWORD_TOO_SHORT);
    const reset = await t.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "Mukuvisi-Kettle-Drift" },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ totpRequired: true, enrolmentRequired: true });
    expect(reset.json()).not.toHaveProperty("token");
    expect(reset.cookies.find((c) => c.name === "sid")).toBeUndefined();
  });
});

describe("step-up for adding and removing back-office accounts", () => {
  it("a super's session must give a fresh code before adding or removing an admin", async () => {
    const headers = await t.loginAs("super");
    const payload = { fullName: "Step Up", username: "stepup", email: "stepup@example.com", role: "admin" };
    const refused = await t.inject({ method: "POST", url: "/api/auth/admin", headers, payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STEP_UP_REQUIRED);
    // The code the session signed in with is spent: a step-up needs a fresh one.
    const [row] = await t.database.db.select({ step: users.totpLastStep }).from(users).where(eq(users.username, "super"));
    const used = totpCode(DEMO_TOTP_SECRET, row?.step as number);
    expect((await t.inject({ method: "POST", url: "/api/auth/step-up", headers, payload: { code: used } })).statusCode).toBe(400);
    const fresh = totpCode(DEMO_TOTP_SECRET, (row?.step as number) + 1);
    const stepped = await t.inject({ method: "POST", url: "/api/auth/step-up", headers, payload: { code: fresh } });
    expect(stepped.statusCode).toBe(200);
    const created = await t.inject({ method: "POST", url: "/api/auth/admin", headers, payload });
    expect(created.statusCode).toBe(201);
    const otherSession = await t.loginAs("super");
    const notHere = await t.inject({ method: "DELETE", url: `/api/auth/user/${created.json().id}`, headers: otherSession });
    expect(notHere.statusCode).toBe(403);
    expect(notHere.json().message).toBe(STEP_UP_REQUIRED);
    expect((await t.inject({ method: "DELETE", url: `/api/auth/user/${created.json().id}`, headers })).statusCode).toBe(200);
  });
});

describe("passwords", () => {
  it("refuses a weak password and one containing the username, with messages that say what to do", async () => {
    const register = (username: string, password: string) =>
      t.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress: freshIp(),
        payload: { fullName: "Weak Tester", username, email: `${username}@example.com`, password },
      });
    const weak = await register("weakling", "Zimbabwe1");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errorMessage).toBe(WEAK_PASSWORD);
    const own = await register("farirai", "Farirai-Kettle-Drift");
    expect(own.json().errorMessage).toBe(PASSWORD_HAS_USERNAME);
    expect((await register("farirai", "Mukuvisi-Kettle-Drift")).statusCode).toBe(201);
  });

  it("an admin's new password needs 12 characters", async () => {
    const headers = await t.loginAs("admin");
    const me = (await t.inject({ method: "GET", url: "/api/auth/me", headers })).json();
    const change = (newPassword: string) =>
      t.inject({
        method: "PUT",
        url: `/api/auth/change-password/${me.id}`,
        headers,
        payload: { oldPassword: demo("admin").password, newPassword },
      });
    const short = await change("Kx7#mQ2vL9!");
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0]).toEqual({ path: "body.newPassword", message: BACK_OFFICE_PASSWORD_TOO_SHORT });
  });
});

describe("dealers may turn two-step sign-in on", () => {
  it("a dealer sets up the app, is then asked for a code at sign-in, and turns it off with the password and a code", async () => {
    const headers = await t.loginAs("dealer");
    expect((await t.inject({ method: "GET", url: "/api/auth/totp", headers })).json()).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = (await t.inject({ method: "POST", url: "/api/auth/totp/setup", headers })).json();
    expect(setup.qrSvg).toMatch(/^<svg/);
    expect((await t.inject({ method: "POST", url: "/api/auth/totp/enable", headers, payload: { code: "000000" } })).statusCode).toBe(400);
    const enabled = await t.inject({
      method: "POST",
      url: "/api/auth/totp/enable",
      headers,
      payload: { code: totpCode(setup.secret, totpStep() - 1) },
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().recoveryCodes).toHaveLength(10);

    const login = (await passwordStep("dealer")).json();
    expect(login).toMatchObject({ totpRequired: true, enrolmentRequired: false });
    expect(login).not.toHaveProperty("token");
    const done = await codeStep(login.challenge, totpCode(setup.secret, totpStep()));
    expect(done.statusCode).toBe(200);
    const dealerHeaders = bearer(done.json().token);

    const regenerated = await t.inject({
      method: "POST",
      url: "/api/auth/totp/recovery-codes",
      headers: dealerHeaders,
      payload: { code: totpCode(setup.secret, totpStep() + 1) },
    });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().recoveryCodes).not.toEqual(enabled.json().recoveryCodes);

    const disable = (password: string, code: string) =>
      t.inject({ method: "POST", url: "/api/auth/totp/disable", headers: dealerHeaders, payload: { password, code } });
    expect((await disable("not-the-password", regenerated.json().recoveryCodes[0])).statusCode).toBe(400);
    // An old recovery code stopped working when new ones were made.
    expect((await disable(demo("dealer").password, enabled.json().recoveryCodes[0])).json().message).toBe(WRONG_CODE);
    expect((await disable(demo("dealer").password, regenerated.json().recoveryCodes[0])).statusCode).toBe(200);
    expect((await passwordStep("dealer")).json()).toHaveProperty("token");
  });

  it("an admin cannot turn it off", async () => {
    const headers = await t.loginAs("admin");
    const res = await t.inject({
      method: "POST",
      url: "/api/auth/totp/disable",
      headers,
      payload: { password: demo("admin").password, code: "123456" },
    });
    expect(res.statusCode).toBe(403);
  });
});
