import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/accounts.ts";
import { totpCode, totpStep } from "#server/modules/accounts/totp.ts";
import { DEMO_TOTP_SECRET } from "#server/seed/accounts.ts";

/** A code of the demo authenticator key (decision 010): the current one, or `offset` steps away (±1 is accepted). */
export function demoTotp(offset = 0, secret = DEMO_TOTP_SECRET): string {
  return totpCode(secret, totpStep() + offset);
}

/**
 * Forgets which time step the account used last. A code is accepted once (replay guard), and a test file signs the
 * demo admin in many times within one 30-second step; the harness, not the app, makes that possible.
 */
export async function forgetLastTotpStep(db: Db, username: string): Promise<void> {
  await db.update(users).set({ totpLastStep: null }).where(eq(users.username, username));
}

const lastUsed = new Map<string, number>();

/**
 * The next code of the demo key that `server` has not yet accepted for `username`, for servers the test cannot
 * reach into (a built server in its own process): each sign-in takes a later time step (one step either side of
 * now is accepted), waiting for the next step when this process has used them all.
 */
export async function nextDemoTotp(server: string, username: string): Promise<string> {
  const key = `${server}|${username}`;
  for (;;) {
    const now = totpStep();
    const step = Math.max((lastUsed.get(key) ?? Number.NEGATIVE_INFINITY) + 1, now - 1);
    if (step <= now + 1) {
      lastUsed.set(key, step);
      return totpCode(DEMO_TOTP_SECRET, step);
    }
    await new Promise((r) => setTimeout(r, (now + 1) * 30_000 - Date.now() + 50));
  }
}
