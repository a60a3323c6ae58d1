import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase } from "../../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { jobs } from "../../db/schema/jobs.ts";
import { cleanupJobs, KEEP_DEAD_MS, KEEP_DONE_MS } from "../../jobs.ts";
import { defineJob } from "./define-job.ts";
import { enqueue, retryDelayMs } from "./queue.ts";
import { createJobWorker, type JobHandler } from "./worker.ts";

/** The job table and its worker on a real (PGlite or PostgreSQL) database, with a clock the tests move. */

let database: Database;
const T0 = Date.parse("2026-03-02T08:00:00Z");
const clock = { ms: T0 };
const SECOND = 1000;

function worker(handlers: Record<string, JobHandler>, extra: Partial<Parameters<typeof createJobWorker>[0]> = {}) {
  const w = createJobWorker({
    db: database.db,
    pollMs: 0,
    retryBaseMs: 30 * SECOND,
    retryMaxMs: 3600 * SECOND,
    leaseMs: 60 * SECOND,
    now: () => new Date(clock.ms),
    random: () => 0.5, // no jitter: 0.8 + 0.4 × 0.5 = 1
    ...extra,
  });
  for (const [kind, handler] of Object.entries(handlers)) w.register(kind, handler);
  return w;
}

const row = async (id: number | null) =>
  (
    await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, id as number))
  )[0];
const at = (ms: number) => new Date(ms);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(jobs);
  clock.ms = T0;
});

describe("due", () => {
  it("a job queued without a time is due to a claim in the same millisecond (the worker's clock has no microseconds)", async () => {
    const id = await enqueue(database.db, "t.now", {});
    const queued = await row(id);
    // The worker's clock stands exactly at the millisecond the job was queued.
    clock.ms = queued?.runAt.getTime() ?? 0;
    const ran: number[] = [];
    await worker({ "t.now": async () => void ran.push(1) }).runDue();
    expect(ran).toEqual([1]);
  });
});

describe("retries", () => {
  it("backs off exponentially with jitter, capped", () => {
    const opts = { baseMs: 30_000, maxMs: 3_600_000, random: () => 0.5 };
    expect([1, 2, 3, 4, 8, 9, 20].map((n) => retryDelayMs(n, opts))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    expect(retryDelayMs(1, { ...opts, random: () => 0 })).toBe(24_000);
    expect(retryDelayMs(1, { ...opts, random: () => 0.999999 })).toBe(36_000);
  });

  it("retries a failing job at 30 s, then 1 min, then 2 min, and runs it once it succeeds", async () => {
    let calls = 0;
    const w = worker({
      flaky: async () => {
        calls++;
        if (calls < 4) throw new Error(`refused ${calls}`);
      },
    });
    const id = await enqueue(database.db, "flaky", { n: 1 }, { runAt: at(T0) });
    expect(await w.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 1, lastError: "refused 1", runAt: at(T0 + 30 * SECOND) });
    clock.ms = T0 + 29 * SECOND;
    expect(await w.runDue()).toBe(0); // not yet
    clock.ms = T0 + 30 * SECOND;
    expect(await w.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 2, runAt: at(T0 + 90 * SECOND) });
    clock.ms = T0 + 90 * SECOND;
    await w.runDue();
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 3, runAt: at(T0 + 210 * SECOND) });
    clock.ms = T0 + 210 * SECOND;
    await w.runDue();
    expect(await row(id)).toMatchObject({
      status: "done",
      attempts: 4,
      lastError: null,
      finishedAt: at(T0 + 210 * SECOND),
      lockedBy: null,
    });
    expect(calls).toBe(4);
    clock.ms += 86_400 * SECOND;
    expect(await w.drain()).toBe(0);
    expect(calls).toBe(4);
  });

  it("is dead after its last attempt, kept with the error, and never run again", async () => {
    let calls = 0;
    const w = worker({
      broken: async () => {
        calls++;
        throw new Error("550 mailbox unavailable");
      },
    });
    const id = await enqueue(database.db, "broken", {}, { runAt: at(T0), maxAttempts: 3 });
    for (let i = 0; i < 3; i++) {
      clock.ms += 3600 * SECOND;
      expect(await w.runDue()).toBe(1);
    }
    expect(await row(id)).toMatchObject({ status: "dead", attempts: 3, lastError: "550 mailbox unavailable" });
    clock.ms += 30 * 86_400 * SECOND;
    expect(await w.drain()).toBe(0);
    expect(calls).toBe(3);
  });

  it("fails a job of a kind nobody handles (retried: another process may know it)", async () => {
    const id = await enqueue(database.db, "unknown.kind", {}, { runAt: at(T0) });
    await worker({}).runDue();
    expect(await row(id)).toMatchObject({ status: "failed", lastError: 'no handler for job kind "unknown.kind"' });
  });
});

describe("leases", () => {
  it("takes over a job whose worker died once its lease has run out, not before", async () => {
    let ran = 0;
    const handlers = { work: async () => void ran++ };
    const dying = worker(handlers, { id: "dying" });
    const id = await enqueue(database.db, "work", {}, { runAt: at(T0) });
    // The dying worker claims it and never finishes (its process is gone): claimed by hand here.
    await database.db
      .update(jobs)
      .set({ status: "running", attempts: 1, lockedBy: dying.id, lockedUntil: at(T0 + 60 * SECOND) })
      .where(eq(jobs.id, id as number));
    const other = worker(handlers, { id: "other" });
    clock.ms = T0 + 59 * SECOND;
    expect(await other.runDue()).toBe(0);
    clock.ms = T0 + 61 * SECOND;
    expect(await other.runDue()).toBe(1);
    expect(ran).toBe(1);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2, lockedBy: null });
  });

  it("lets a late worker's result go when its job was taken over", async () => {
    let release: () => void = () => {};
    const slow = worker({ work: () => new Promise<void>((resolve) => (release = resolve)) }, { id: "slow" });
    const id = await enqueue(database.db, "work", {}, { runAt: at(T0) });
    const running = slow.runDue();
    await vi_waitFor(async () => (await row(id))?.status === "running");
    // Its lease runs out and another worker runs the job to the end.
    clock.ms = T0 + 120 * SECOND;
    const other = worker({ work: async () => {} }, { id: "other" });
    expect(await other.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2 });
    release();
    await running;
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2, lockedBy: null });
  });

  it("declares dead a job that took its worker down on every attempt", async () => {
    const id = await enqueue(database.db, "work", {}, { runAt: at(T0), maxAttempts: 2 });
    await database.db
      .update(jobs)
      .set({ status: "running", attempts: 2, lockedBy: "gone", lockedUntil: at(T0 - SECOND) })
      .where(eq(jobs.id, id as number));
    let ran = 0;
    await worker({ work: async () => void ran++ }).runDue();
    expect(ran).toBe(0);
    expect(await row(id)).toMatchObject({ status: "dead", attempts: 3 });
  });
});

describe("dedupe and periodic jobs", () => {
  it("queues a job with a dedupe key once", async () => {
    const first = await enqueue(database.db, "once", { a: 1 }, { dedupeKey: "once:1" });
    const second = await enqueue(database.db, "once", { a: 2 }, { dedupeKey: "once:1" });
    expect(first).toEqual(expect.any(Number));
    expect(second).toBeNull();
    await enqueue(database.db, "once", {}, {});
    await enqueue(database.db, "once", {}, {});
    const [n] = await database.db.select({ n: sql<number>`count(*)::int` }).from(jobs);
    expect(n?.n).toBe(3); // keys that are not set never collide
  });

  it("queues each periodic job once per period, whoever asks", async () => {
    const periodic = [{ kind: "tick", everyMs: 3600 * SECOND }];
    const a = worker({}, { periodic });
    const b = worker({}, { periodic });
    await a.schedulePeriodic();
    await b.schedulePeriodic();
    clock.ms = T0 + 59 * 60 * SECOND;
    await a.schedulePeriodic();
    const rows = await database.db.select().from(jobs);
    expect(rows.map((r) => r.dedupeKey)).toEqual(["tick@2026-03-02T08:00:00.000Z"]);
    clock.ms = T0 + 61 * 60 * SECOND;
    await b.schedulePeriodic();
    expect((await database.db.select().from(jobs)).map((r) => r.dedupeKey).sort()).toEqual([
      "tick@2026-03-02T08:00:00.000Z",
      "tick@2026-03-02T09:00:00.000Z",
    ]);
  });

  it("deletes done jobs after a week and dead ones after a month, nothing else", async () => {
    const now = T0 + 60 * 86_400 * SECOND;
    const finished = (status: "done" | "dead", ageMs: number) =>
      database.db
        .insert(jobs)
        .values({ kind: "old", status, finishedAt: at(now - ageMs) })
        .returning({ id: jobs.id })
        .then((r) => r[0]?.id as number);
    const oldDone = await finished("done", KEEP_DONE_MS + SECOND);
    const recentDone = await finished("done", KEEP_DONE_MS - SECOND);
    const oldDead = await finished("dead", KEEP_DEAD_MS + SECOND);
    const recentDead = await finished("dead", KEEP_DONE_MS + SECOND);
    const waiting = await enqueue(database.db, "old", {}, { runAt: at(T0) });
    expect(await cleanupJobs(database.db, at(now))).toBe(2);
    const left = (await database.db.select({ id: jobs.id }).from(jobs)).map((r) => r.id).sort((x, y) => x - y);
    expect(left).toEqual([recentDone, recentDead, waiting].sort((x, y) => (x ?? 0) - (y ?? 0)));
    expect(left).not.toContain(oldDone);
    expect(left).not.toContain(oldDead);
  });
});

describe("declared jobs", () => {
  const seen: number[] = [];
  const double = defineJob({
    kind: "double",
    payload: z.object({ n: z.number().int() }),
    every: 3600 * SECOND,
    run: async ({ n }, deps: { factor: number }) => void seen.push(n * deps.factor),
  });
  beforeEach(() => {
    seen.length = 0;
  });

  it("runs a declared kind with its parsed payload and the deps it was given, and queues it by itself each period", async () => {
    const w = worker({});
    w.define([double], { factor: 2 });
    await enqueue(database.db, "double", { n: 21, extra: "dropped" }, { runAt: at(T0) });
    await w.schedulePeriodic();
    expect((await database.db.select().from(jobs)).map((r) => r.dedupeKey)).toEqual([null, "double@2026-03-02T08:00:00.000Z"]);
    await w.drain();
    // The periodic run's `{}` has no n: it failed like the payload below, and the queued one ran.
    expect(seen).toEqual([42]);
  });

  it("fails a payload its schema refuses (retried like any failure, then dead), without running it or stopping the worker", async () => {
    const w = worker({ other: async () => void seen.push(-1) });
    w.define([double], { factor: 2 });
    const bad = await enqueue(database.db, "double", { n: "21" }, { runAt: at(T0), maxAttempts: 2 });
    const good = await enqueue(database.db, "other", {}, { runAt: at(T0) });
    await w.runDue();
    expect(seen).toEqual([-1]);
    expect(await row(good)).toMatchObject({ status: "done" });
    const failed = await row(bad);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed?.lastError).toMatch(/^invalid payload for job kind "double": n: /);
    expect(failed?.runAt.getTime()).toBe(T0 + 30 * SECOND);
    clock.ms = T0 + 30 * SECOND;
    await w.runDue();
    expect(await row(bad)).toMatchObject({ status: "dead", attempts: 2 });
    expect(seen).toEqual([-1]);
  });
});

describe("stopping", () => {
  it("waits for the running job and takes no new one", async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const w = worker(
      {
        slow: () =>
          new Promise<void>((resolve) => {
            order.push("started");
            release = () => {
              order.push("finished");
              resolve();
            };
          }),
      },
      { batchSize: 1 },
    );
    const first = await enqueue(database.db, "slow", {}, { runAt: at(T0) });
    const second = await enqueue(database.db, "slow", {}, { runAt: at(T0 + 1) });
    clock.ms = T0 + SECOND;
    const draining = w.drain();
    await vi_waitFor(async () => order.length === 1);
    const stopped = w.stop().then(() => order.push("stopped"));
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual(["started"]); // stop() waits for the running job
    release();
    await stopped;
    await draining;
    expect(order).toEqual(["started", "finished", "stopped"]);
    expect(await row(first)).toMatchObject({ status: "done" });
    expect(await row(second)).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });
    expect(await w.runDue()).toBe(0);
  });
});

/** Polls `check` until it holds (a second at most). */
async function vi_waitFor(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("condition never held");
}
