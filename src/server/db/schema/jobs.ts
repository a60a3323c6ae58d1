import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const jobStatuses = ["queued", "running", "done", "failed", "dead"] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Background work: e-mails, quotation expiry, image variants, in the same database as the change that
 * causes it (platform/jobs, decision 007). A worker claims due rows with a lease, runs the handler of the row's kind
 * outside any transaction, then marks it done or schedules a retry; done rows are deleted after a while.
 * 'failed' is a row whose last attempt failed and that waits for its retry (it is due again at `run_at`);
 * 'dead' ran out of attempts and is kept for inspection.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The handler that runs it: "mail.send", "quotations.expire", "images.variants", "jobs.cleanup". */
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default({}),
    status: text("status", { enum: jobStatuses }).notNull().default("queued"),
    /** Attempts started so far (a claim counts one). */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(10),
    /** Not before this moment (the first run, or the retry after a failure). */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** The lease of a running job: past it, the worker is presumed dead and another one takes the job over. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    /** The same periodic or once-only job is queued only once (unique when set). */
    dedupeKey: text("dedupe_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("jobs_status_check", sql`${t.status} in ('queued', 'running', 'done', 'failed', 'dead')`),
    uniqueIndex("jobs_dedupe_key_unique").on(t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    // The claim: waiting rows in the claim's order, running rows by lease (both partial, so done rows cost nothing),
    // each read by a plain index scan that stops at the first rows it can lock (see the worker's claim).
    index("jobs_due_idx").on(t.runAt, t.id).where(sql`${t.status} in ('queued', 'failed')`),
    index("jobs_lease_idx").on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    // The clean-up of old finished rows.
    index("jobs_finished_idx").on(t.finishedAt).where(sql`${t.status} in ('done', 'dead')`),
  ],
);
