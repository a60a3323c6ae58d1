import { and, eq, lt, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { jobs } from "../../db/schema/jobs.ts";
import { defineJob } from "./define-job.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Done jobs are kept a week (what was sent, and when), dead ones a month (to find out why); then deleted. */
export const KEEP_DONE_MS = 7 * DAY;
export const KEEP_DEAD_MS = 30 * DAY;

export const JOBS_CLEANUP_JOB = "jobs.cleanup";

/** Deletes finished jobs past their keeping time; the number deleted. */
export async function cleanupJobs(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.status, "done"), lt(jobs.finishedAt, new Date(now.getTime() - KEEP_DONE_MS))),
        and(eq(jobs.status, "dead"), lt(jobs.finishedAt, new Date(now.getTime() - KEEP_DEAD_MS))),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Hourly: finished jobs past their keeping time go, and so do security events past theirs (90 days): the accounts
 * module's `pruneSecurityEvents`, passed in as the app's services (platform/ never imports a module).
 */
export const jobsCleanupJob = defineJob({
  kind: JOBS_CLEANUP_JOB,
  payload: z.object({}),
  every: HOUR,
  run: async (_, deps: { db: Db; services: { accounts: { pruneSecurityEvents(now: Date): Promise<unknown> } } }) => {
    await cleanupJobs(deps.db, new Date());
    await deps.services.accounts.pruneSecurityEvents(new Date());
  },
});
