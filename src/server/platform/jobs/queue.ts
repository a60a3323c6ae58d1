import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { jobs } from "../../db/schema/jobs.ts";

export type JobRow = typeof jobs.$inferSelect;

/** The attempts a job gets unless its kind asks for more (then it is 'dead', kept for inspection). */
export const DEFAULT_MAX_ATTEMPTS = 10;

export type EnqueueOptions = {
  /** Not before this moment (default: now). */
  runAt?: Date;
  /** Queued at most once for this key while its row exists (periodic runs, "once" jobs); null when already there. */
  dedupeKey?: string;
  maxAttempts?: number;
};

/**
 * Queues a job. With a transaction's `tx` the job is written in it: it exists exactly when the change that causes it
 * commits (a mail queued with the reply it sends). Returns the job's id, or null when `dedupeKey` was already queued.
 */
export async function enqueue(exec: Db | Tx, kind: string, payload: unknown, opts: EnqueueOptions = {}): Promise<number | null> {
  const [row] = await exec
    .insert(jobs)
    .values({
      kind,
      payload: payload ?? {},
      maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      // The same clock (and millisecond precision) the worker compares with: with the column's default (the
      // database's now(), in microseconds) a job queued in the same millisecond as a claim was not yet due.
      runAt: opts.runAt ?? new Date(),
      ...(opts.dedupeKey ? { dedupeKey: opts.dedupeKey } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.dedupeKey} is not null` })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/**
 * The delay before retry number `attempt` (1 after the first failure): base, 2×base, 4×base … up to `maxMs`, then
 * spread by ±20 % (`random` in [0, 1)) so jobs that failed together do not all come back in the same second.
 */
export function retryDelayMs(attempt: number, opts: { baseMs: number; maxMs: number; random?: () => number }): number {
  const exp = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  const jitter = 0.8 + 0.4 * (opts.random ?? Math.random)();
  return Math.round(exp * jitter);
}
