import { totpCode, totpStep } from "#server/modules/accounts/totp.ts";
import type { BuiltInRole } from "#shared/staff.ts";
import { type Account, buildAccount } from "./builders.ts";
import type { TestApp } from "./test-app.ts";
import { forgetLastTotpStep } from "./totp.ts";

/**
 * Back-office accounts of a test's own, by role (decision 035), signed in through the API with their own
 * authenticator key, and the step-up a sensitive change needs.
 */
export type Staff = Account & { headers: { authorization: string } };

/**
 * The account's current code. Each code is accepted once (replay guard): the harness forgets the step the account
 * used last, as tests/support/totp.ts does for the demo accounts, so a test may sign in and step up within one step.
 */
async function nextCode(t: TestApp, account: Account): Promise<string> {
  await forgetLastTotpStep(t.database.db, account.username);
  return totpCode(account.totpSecret as string, totpStep());
}

export async function signInStaff(t: TestApp, account: Account): Promise<Staff> {
  const first = await t.inject({ method: "POST", url: "/api/auth/login", payload: { user: account.username, password: account.password } });
  if (first.statusCode !== 200) throw new Error(`sign-in of ${account.username}: ${first.statusCode} ${first.body}`);
  const done = await t.inject({
    method: "POST",
    url: "/api/auth/login/second-factor",
    payload: { challenge: first.json().challenge, code: await nextCode(t, account) },
  });
  if (done.statusCode !== 200) throw new Error(`second factor of ${account.username}: ${done.statusCode} ${done.body}`);
  return { ...account, headers: { authorization: `Bearer ${done.json().token}` } };
}

/** A back-office account of `role` (a built-in key or a stored role's id), signed in. */
export async function buildStaff(t: TestApp, username: string, role: BuiltInRole | number): Promise<Staff> {
  const account = await buildAccount(t.database.db, { role: role === "owner" ? "super" : "admin", username, staffRole: role });
  return signInStaff(t, account);
}

/** Gives a fresh code on the session (step-up, decisions 010 and 035). */
export async function stepUpStaff(t: TestApp, staff: Staff): Promise<void> {
  const res = await t.inject({
    method: "POST",
    url: "/api/auth/step-up",
    headers: staff.headers,
    payload: { code: await nextCode(t, staff) },
  });
  if (res.statusCode !== 200) throw new Error(`step-up of ${staff.username}: ${res.statusCode} ${res.body}`);
}
