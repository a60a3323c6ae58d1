import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { jobs } from "#server/db/schema/jobs.ts";
import { enqueue } from "#server/platform/jobs/queue.ts";
import { createJobWorker } from "#server/platform/jobs/worker.ts";

/**
 * Two workers, each with its own connection pool as two processes would have, race over the same PostgreSQL jobs
 * table: every job runs exactly once. Needs PostgreSQL (DATABASE_URL, or the local server CI runs); skipped only
 * when none answers.
 */

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `test_jobs_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
const dbUrl = (() => {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
})();

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(`create database ${name}`);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const available = await reachable();
let one: Database;
let two: Database;

beforeAll(async () => {
  if (!available) return;
  one = await openDatabase({ databaseUrl: dbUrl, dataDir: "" });
  await one.migrate();
  two = await openDatabase({ databaseUrl: dbUrl, dataDir: "" });
});
afterAll(async () => {
  if (!available) return;
  await one?.close();
  await two?.close();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe.skipIf(!available)("jobs with two processes on one PostgreSQL database", () => {
  it("runs each of 200 jobs exactly once", async () => {
    const JOBS = 200;
    const runs = new Map<number, string[]>();
    const workers = [one, two].map((database, i) => {
      const worker = createJobWorker({
        db: database.db,
        pollMs: 5,
        retryBaseMs: 1000,
        retryMaxMs: 1000,
        leaseMs: 60_000,
        batchSize: 3,
        id: `process-${i + 1}`,
      });
      worker.register("race", async (payload) => {
        const { n } = payload as { n: number };
        runs.set(n, [...(runs.get(n) ?? []), worker.id]);
        // A little work, so that the two workers' claims interleave.
        await new Promise((r) => setTimeout(r, Math.random() * 3));
      });
      return worker;
    });
    for (let n = 0; n < JOBS; n++) await enqueue(one.db, "race", { n });
    for (const w of workers) w.start();

    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const left = await one.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, "queued"));
      const running = await one.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, "running"));
      if (left.length === 0 && running.length === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all(workers.map((w) => w.stop()));

    expect(runs.size).toBe(JOBS);
    const twice = [...runs].filter(([, by]) => by.length !== 1);
    expect(twice).toEqual([]);
    const byWorker = (id: string) => [...runs.values()].filter((by) => by[0] === id).length;
    // Both took part (each claims a few at a time, so neither can have had them all).
    expect(byWorker("process-1")).toBeGreaterThan(0);
    expect(byWorker("process-2")).toBeGreaterThan(0);
    const rows = await one.db.select().from(jobs);
    expect(rows.every((r) => r.status === "done" && r.attempts === 1)).toBe(true);
  });
});
