import { lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { authThrottles } from "../db/schema/accounts.ts";
import { TooManyRequestsError } from "./errors.ts";

/** How many attempts a key gets per window. */
export type ThrottleRule = { limit: number; windowMs: number };

const MINUTE = 60_000;

/**
 * The limits. Login attempts count per account *and address* (10 in 15 minutes), per
 * account from anywhere (50) and per address (100, against credential stuffing across accounts); a known device of
 * the account has its own loginPair-sized counter instead and is only slowed down by the account-wide one
 * (decision 005).
 */
export const THROTTLES = {
  loginPair: { limit: 10, windowMs: 15 * MINUTE },
  loginAccount: { limit: 50, windowMs: 15 * MINUTE },
  loginIp: { limit: 100, windowMs: 15 * MINUTE },
  resetIp: { limit: 10, windowMs: 15 * MINUTE },
  resetAccount: { limit: 3, windowMs: 15 * MINUTE },
  signupIp: { limit: 10, windowMs: 60 * MINUTE },
  verifyEmailAccount: { limit: 3, windowMs: 15 * MINUTE },
  /** New usernames tried by one account: a taken one is said (it is a sign-in name), so tries are few. */
  usernameChange: { limit: 5, windowMs: 60 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

/**
 * Fixed-window counters in the database, so every server process shares them. `consume` counts an attempt and
 * refuses it over the limit in one statement (429 with Retry-After), so concurrent attempts cannot all pass;
 * `check` refuses a key that has used its attempts; `hit` counts one attempt; `release` gives one back; `clear`
 * forgets a key (after a successful login).
 */
export function createThrottle(db: Db, now: () => number = Date.now) {
  async function read(key: string) {
    const [row] = await db
      .select({ count: authThrottles.count, windowStart: authThrottles.windowStart })
      .from(authThrottles)
      .where(sql`${authThrottles.key} = ${key}`)
      .limit(1);
    return row;
  }

  function retryAfter(windowStart: Date, rule: ThrottleRule): number {
    return Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now()) / 1000));
  }

  return {
    async check(key: string, rule: ThrottleRule): Promise<void> {
      const row = await read(key);
      if (!row || row.windowStart.getTime() + rule.windowMs <= now()) return;
      if (row.count >= rule.limit) throw new TooManyRequestsError(retryAfter(row.windowStart, rule));
    },

    /** Counts an attempt (in `exec`'s transaction when given one); returns the count in the current window. */
    async hit(key: string, rule: ThrottleRule, exec: Db | Tx = db): Promise<number> {
      const at = new Date(now());
      const expired = new Date(now() - rule.windowMs);
      const [row] = await exec
        .insert(authThrottles)
        .values({ key, count: 1, windowStart: at })
        .onConflictDoUpdate({
          target: authThrottles.key,
          set: {
            count: sql`case when ${authThrottles.windowStart} <= ${expired} then 1 else ${authThrottles.count} + 1 end`,
            windowStart: sql`case when ${authThrottles.windowStart} <= ${expired} then ${at} else ${authThrottles.windowStart} end`,
          },
        })
        .returning({ count: authThrottles.count });
      // Now and then, forget counters from windows long past.
      if (Math.random() < 0.02) await exec.delete(authThrottles).where(lt(authThrottles.windowStart, new Date(now() - 24 * 60 * MINUTE)));
      return row?.count ?? 1;
    },

    /** Counts an attempt and refuses it when it is over the limit. */
    async consume(key: string, rule: ThrottleRule): Promise<void> {
      const count = await this.hit(key, rule);
      if (count > rule.limit) {
        const row = await read(key);
        throw new TooManyRequestsError(row ? retryAfter(row.windowStart, rule) : Math.ceil(rule.windowMs / 1000));
      }
    },

    /** The attempts counted on a key in its current window. */
    async count(key: string, rule: ThrottleRule): Promise<number> {
      const row = await read(key);
      return !row || row.windowStart.getTime() + rule.windowMs <= now() ? 0 : row.count;
    },

    /** Gives back one attempt reserved with `consume` (it turned out to be the owner's). */
    async release(key: string): Promise<void> {
      await db
        .update(authThrottles)
        .set({ count: sql`greatest(${authThrottles.count} - 1, 0)` })
        .where(sql`${authThrottles.key} = ${key}`);
    },

    async clear(key: string): Promise<void> {
      await db.delete(authThrottles).where(sql`${authThrottles.key} = ${key}`);
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
