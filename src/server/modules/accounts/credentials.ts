import { setTimeout as sleep } from "node:timers/promises";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { isAdminRole, roleNameOf } from "#shared/roles.ts";
import { knownDevices, sessions } from "../../db/schema/accounts.ts";
import { hashToken, newToken } from "../../platform/auth/tokens.ts";
import { THROTTLES, type ThrottleRule } from "../../platform/throttle.ts";
import { type AccountCore, DAY, HOUR, MINUTE, type SessionMeta, type UserRow } from "./account-core.ts";
import { hashPassword, verify } from "./password-hash.ts";
import type { SecurityEvent } from "./security-events.ts";

/** Idle and absolute lifetimes: short for the back office, longer for the public site. */
export function sessionPolicy(roleId: number): { idleMs: number; absoluteMs: number } {
  return isAdminRole(roleNameOf(roleId)) ? { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR } : { idleMs: 7 * DAY, absoluteMs: 30 * DAY };
}

export const INVALID_CREDENTIALS = "Invalid username/email or password.";
// Verifying against a real hash when the account is unknown keeps the answer time the same.
let dummyHash: Promise<string> | undefined;

/** How long a browser is remembered as a known device of the accounts that signed in on it. */
export const KNOWN_DEVICE_LIFETIME = 365 * DAY;
/** At most this many known devices per account (the oldest are forgotten). */
const KNOWN_DEVICES_KEPT = 20;
/** A known device signs in this much later while its account is under attack from elsewhere. */
export const KNOWN_DEVICE_SLOWDOWN_MS = 1_000;

/**
 * The password check under the brute-force limits, the known devices and new sessions: what sign-in, password reset,
 * profile and session changes share.
 */
export function createCredentials(core: AccountCore) {
  const { db, throttle, event, deps, demoPasswords } = core;
  const { production = false } = deps;

  /**
   * Reserves one attempt on each counter before the slow hash: the counter is raised and read in one
   * statement, so concurrent guesses cannot all pass a check made before any of them was counted.
   */
  async function reserve(keys: [string, ThrottleRule][]): Promise<void> {
    for (const [key, rule] of keys) await throttle.consume(key, rule);
  }

  /** The account's known device named by this cookie value, if any. */
  async function knownDevice(userId: number, token: string | undefined): Promise<string | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const [row] = await db
      .select({ tokenHash: knownDevices.tokenHash })
      .from(knownDevices)
      .where(
        and(
          eq(knownDevices.tokenHash, tokenHash),
          eq(knownDevices.userId, userId),
          gt(knownDevices.lastUsedAt, new Date(Date.now() - KNOWN_DEVICE_LIFETIME)),
        ),
      )
      .limit(1);
    return row ? row.tokenHash : null;
  }

  /** Remembers the browser as a known device of the account: the token to keep in its cookie. */
  async function rememberDevice(userId: number, token: string | undefined): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + KNOWN_DEVICE_LIFETIME);
    const known = await knownDevice(userId, token);
    if (known && token) {
      await db.update(knownDevices).set({ lastUsedAt: new Date() }).where(eq(knownDevices.tokenHash, known));
      return { token, expiresAt };
    }
    const fresh = newToken();
    await db.insert(knownDevices).values({ tokenHash: fresh.hash, userId });
    const stale = await db
      .select({ tokenHash: knownDevices.tokenHash })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId))
      .orderBy(desc(knownDevices.lastUsedAt))
      .offset(KNOWN_DEVICES_KEPT);
    if (stale.length > 0)
      await db.delete(knownDevices).where(
        inArray(
          knownDevices.tokenHash,
          stale.map((r) => r.tokenHash),
        ),
      );
    return { token: fresh.token, expiresAt };
  }

  /**
   * Checks an account's password under the brute-force limits (decision 005). Every attempt is
   * reserved before the hash: per account and address, per account from anywhere, per address. A known device of
   * the account has its own counter instead and is only slowed down, never locked, while others fail on the account.
   */
  async function checkPassword(
    user: UserRow | undefined,
    identifier: string,
    password: string,
    meta: SessionMeta,
    kind: SecurityEvent["kind"],
  ) {
    const account = user ? `${user.id}` : `?${identifier}`;
    const ip = meta.ip ?? "-";
    const device = user ? await knownDevice(user.id, meta.deviceToken) : null;
    const accountKey = `login:acct:${account}`;
    const ownKey = device ? `login:dev:${device}` : `login:pair:${account}|${ip}`;
    try {
      if (device) {
        await reserve([[ownKey, THROTTLES.loginPair]]);
        if ((await throttle.count(accountKey, THROTTLES.loginAccount)) >= THROTTLES.loginAccount.limit)
          await sleep(KNOWN_DEVICE_SLOWDOWN_MS);
      } else {
        await reserve([
          [ownKey, THROTTLES.loginPair],
          [accountKey, THROTTLES.loginAccount],
          ...(meta.ip ? ([[`login:ip:${meta.ip}`, THROTTLES.loginIp]] as [string, ThrottleRule][]) : []),
        ]);
      }
    } catch (err) {
      await event({ kind, result: "locked", reason: device ? "device-limit" : "limit", userId: user?.id }, meta);
      throw err;
    }
    let ok: boolean;
    if (!user) {
      dummyHash ??= hashPassword("not-a-real-password");
      await verify(await dummyHash, password).catch(() => false);
      ok = false;
    } else {
      ok = await verify(user.passwordHash, password).catch(() => false);
    }
    // The published demo passwords never open an account in production, whatever its name.
    const demo = ok && production && demoPasswords.has(password);
    if (!ok || demo) {
      // A failure on a known device still counts against the account, so others see the attack.
      if (device) await throttle.hit(accountKey, THROTTLES.loginAccount);
      await event(
        { kind, result: "failure", reason: !user ? "unknown-account" : demo ? "demo-password" : "bad-password", userId: user?.id },
        meta,
      );
      return false;
    }
    // The attempt was the owner's: its reservations are given back.
    await throttle.clear(ownKey);
    if (!device) {
      await throttle.release(accountKey);
      if (meta.ip) await throttle.release(`login:ip:${meta.ip}`);
    }
    return true;
  }

  async function startSession(user: UserRow, meta: SessionMeta) {
    const { token, hash: tokenHash } = newToken();
    const now = Date.now();
    const policy = sessionPolicy(user.roleId);
    await db.insert(sessions).values({
      tokenHash,
      userId: user.id,
      idleExpiresAt: new Date(now + policy.idleMs),
      expiresAt: new Date(now + policy.absoluteMs),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
    });
    return { token, expiresAt: new Date(now + policy.absoluteMs) };
  }

  return { checkPassword, rememberDevice, startSession };
}

export type Credentials = ReturnType<typeof createCredentials>;
