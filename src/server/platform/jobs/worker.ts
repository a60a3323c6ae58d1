import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { jobs } from "../../db/schema/jobs.ts";
import { type Log, silentLog } from "../log.ts";
import type { JobDefinition } from "./define-job.ts";
import { enqueue, type JobRow, retryDelayMs } from "./queue.ts";

/** Runs one job of its kind; a throw (or rejection) is a failed attempt, retried later. */
export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

/** A job queued once per period (dedupe key `<kind>@<start of the period>`) by every running worker. */
export type PeriodicJob = { kind: string; everyMs: number; payload?: unknown };

export type JobLog = Log;

export type JobWorkerOptions = {
  db: Db;
  /** 0: no timer and no periodic jobs; jobs run only through runDue()/drain() (API tests). */
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claimed job is this worker's; past it, another worker takes the job over (a crashed process). */
  leaseMs: number;
  /** Jobs claimed per statement; they run one after the other. */
  batchSize?: number;
  periodic?: PeriodicJob[];
  now?: () => Date;
  random?: () => number;
  log?: JobLog;
  /** Names this worker in `locked_by` (default host:pid:random). */
  id?: string;
};

/** How often a polling worker makes sure this period's periodic jobs are queued. */
const PERIODIC_CHECK_MS = 60_000;

/** A schema's issues in a line: `path: message; …`. */
const issueText = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  issues
    .map((i) => `${i.path.map(String).join(".") || "payload"}: ${i.message}`)
    .join("; ")
    .slice(0, 1900);

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.slice(0, 2000);
}

/**
 * The claim: up to `limit` due jobs and up to `limit` whose lease ran out, taken by `workerId` until `leaseUntil`, in
 * one statement. Each kind is its own locking subquery read in index order (`jobs_due_idx` is on run_at, id): a plain
 * index scan stops at the first rows it can lock and marks the entries of finished rows dead as it passes them, so a
 * claim costs the same with three rows in the table or thirty thousand. One `OR` over both (as before) was read with a
 * bitmap scan that visited every row the index had ever held until a VACUUM (PGlite has no autovacuum): 33 ms a
 * claim after 3,000 quote requests, on the event loop (9 buffers a claim now, 313 before: tests/api/jobs.test.ts).
 */
export function claimStatement(db: Db, c: { at: Date; limit: number; workerId: string; leaseUntil: Date }) {
  const due = db.$with("due").as(
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.status, ["queued", "failed"]), lte(jobs.runAt, c.at)))
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(c.limit)
      .for("update", { skipLocked: true }),
  );
  const expired = db.$with("expired").as(
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, "running"), lte(jobs.lockedUntil, c.at)))
      .orderBy(asc(jobs.lockedUntil))
      .limit(c.limit)
      .for("update", { skipLocked: true }),
  );
  return db
    .with(due, expired)
    .update(jobs)
    .set({ status: "running", attempts: sql`${jobs.attempts} + 1`, lockedBy: c.workerId, lockedUntil: c.leaseUntil })
    .where(sql`${jobs.id} in (select ${due.id} from ${due} union all select ${expired.id} from ${expired})`)
    .returning();
}

/**
 * The worker of the job table (decision 007). It claims due jobs in one short statement (`UPDATE … WHERE id IN
 * (SELECT … FOR UPDATE SKIP LOCKED LIMIT n) RETURNING …`, with a lease), runs each handler outside any transaction
 * (PGlite has one connection: a slow SMTP send or image encode must never hold it), then marks the job done or
 * schedules its retry with exponential backoff and jitter; after `max_attempts` it is dead. A job whose lease ran
 * out (its process died) is claimed again. Two processes never run the same job at once: SKIP LOCKED and the lease.
 */
export function createJobWorker(opts: JobWorkerOptions) {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? silentLog;
  const batchSize = opts.batchSize ?? 4;
  const id = opts.id ?? `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const handlers = new Map<string, JobHandler>();
  /** The payload schemas of the kinds declared with `define`: checked before their handler runs. */
  const schemas = new Map<string, JobDefinition<never>["payload"]>();
  const periodic: PeriodicJob[] = [...(opts.periodic ?? [])];
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;
  let lastPeriodic = Number.NEGATIVE_INFINITY;
  /** Every pass runs after the previous one: one job at a time in this process. */
  let chain: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const next = chain.then(task, task);
    chain = next.catch(() => {});
    return next;
  };

  async function claim(limit: number): Promise<JobRow[]> {
    const at = now();
    const claimed = await claimStatement(db, { at, limit, workerId: id, leaseUntil: new Date(at.getTime() + opts.leaseMs) });
    return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
  }

  /** Updates a job this worker still holds (a job whose lease ran out and was taken over is left to its new holder). */
  async function finish(job: JobRow, set: Partial<typeof jobs.$inferInsert>) {
    await db
      .update(jobs)
      .set({ lockedBy: null, lockedUntil: null, ...set })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, id), eq(jobs.status, "running")));
  }

  async function run(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    const failure = async (message: string) => {
      const at = now();
      if (job.attempts >= job.maxAttempts) {
        await finish(job, { status: "dead", lastError: message, finishedAt: at });
        log.error({ job: job.id, kind: job.kind, attempts: job.attempts, err: { message } }, "job dead: no attempts left");
        return;
      }
      const delay = retryDelayMs(job.attempts, { baseMs: opts.retryBaseMs, maxMs: opts.retryMaxMs, random: opts.random });
      await finish(job, { status: "failed", lastError: message, runAt: new Date(at.getTime() + delay) });
      log.warn({ job: job.id, kind: job.kind, attempts: job.attempts, retryInMs: delay, err: { message } }, "job failed, retry scheduled");
    };
    if (job.attempts > job.maxAttempts) {
      // Claimed again after its lease ran out more often than it may run: it keeps killing its process.
      await finish(job, { status: "dead", lastError: job.lastError ?? "lease expired on every attempt", finishedAt: now() });
      log.error({ job: job.id, kind: job.kind, attempts: job.attempts }, "job dead: lease expired on every attempt");
      return;
    }
    if (!handler) {
      await failure(`no handler for job kind "${job.kind}"`);
      return;
    }
    let payload = job.payload;
    const schema = schemas.get(job.kind);
    if (schema) {
      // A payload its kind does not accept is a failed attempt like a missing handler, not a crash: both may be a
      // process of another version (a rolling deploy), so it is retried until it is dead, its issues in last_error.
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        await failure(`invalid payload for job kind "${job.kind}": ${issueText(parsed.error.issues)}`);
        return;
      }
      payload = parsed.data;
    }
    try {
      await handler(payload, job);
    } catch (err) {
      await failure(errorText(err));
      return;
    }
    await finish(job, { status: "done", lastError: null, finishedAt: now() });
  }

  /** One claim and its jobs; the number of jobs claimed. */
  async function pass(): Promise<number> {
    if (stopping) return 0;
    const claimed = await claim(batchSize);
    for (const [i, job] of claimed.entries()) {
      if (stopping) {
        // Closing: the jobs not started go back, due now, without counting an attempt.
        const rest = claimed.slice(i).map((j) => j.id);
        await db
          .update(jobs)
          .set({ status: "queued", attempts: sql`${jobs.attempts} - 1`, lockedBy: null, lockedUntil: null })
          .where(and(inArray(jobs.id, rest), eq(jobs.lockedBy, id)));
        break;
      }
      await run(job);
    }
    return claimed.length;
  }

  async function passesUntilIdle(maxPasses: number): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxPasses && !stopping; i++) {
      const n = await pass();
      total += n;
      if (n === 0) break;
    }
    return total;
  }

  /** Queues this period's run of every periodic job (a no-op when any worker already did). */
  async function schedulePeriodic(): Promise<void> {
    const at = now().getTime();
    for (const p of periodic) {
      const period = Math.floor(at / p.everyMs) * p.everyMs;
      await enqueue(db, p.kind, p.payload ?? {}, { dedupeKey: `${p.kind}@${new Date(period).toISOString()}` });
    }
  }

  async function tick(): Promise<void> {
    timer = undefined;
    if (stopping) return;
    try {
      await exclusive(async () => {
        if (now().getTime() - lastPeriodic >= PERIODIC_CHECK_MS) {
          lastPeriodic = now().getTime();
          await schedulePeriodic();
        }
        await passesUntilIdle(50);
      });
    } catch (err) {
      // The database restarting, say: the next tick tries again.
      log.error({ err: { message: errorText(err) } }, "job worker pass failed");
    }
    if (!stopping && !timer) timer = setTimeout(() => void tick(), opts.pollMs);
  }

  return {
    id,
    /** Registers the handler of a kind (at start-up). */
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
      schemas.delete(kind);
    },
    /**
     * Registers declared job kinds (at start-up, define-job.ts): each runs with `deps` once its payload has passed
     * its schema, and those with `every` are queued by themselves, once per period.
     */
    define<Deps>(definitions: readonly JobDefinition<Deps>[], deps: Deps) {
      for (const job of definitions) {
        handlers.set(job.kind, (payload) => job.run(payload as never, deps));
        schemas.set(job.kind, job.payload);
        if (job.every !== undefined) periodic.push({ kind: job.kind, everyMs: job.every });
      }
    },
    /** Starts polling (when pollMs > 0); the first pass runs at once. */
    start() {
      if (started || opts.pollMs <= 0) return;
      started = true;
      timer = setTimeout(() => void tick(), 0);
    },
    /** Looks for due jobs now instead of at the next poll (called right after an enqueue in this process). */
    wake() {
      if (!started || stopping) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void tick(), 0);
    },
    /** One claim and its jobs, now; the number of jobs claimed (tests, and a worker driven by hand). */
    runDue: (): Promise<number> => exclusive(pass),
    /** Runs due jobs until none is left (jobs waiting for a later retry stay); the number run. */
    drain: (maxPasses = 1000): Promise<number> => exclusive(() => passesUntilIdle(maxPasses)),
    /** Queues this period's periodic jobs now (a polling worker does it at start and every minute). */
    schedulePeriodic: () => exclusive(schedulePeriodic),
    /** Takes no new job and waits for the one running (app close). */
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await chain;
    },
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;
