import { and, eq, lt, or } from "drizzle-orm";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { jobs } from "./db/schema/jobs.ts";
import { PASSWORD_RESET_JOB } from "./modules/accounts/accounts.service.ts";
import { DOCUMENTS_EXPIRY_JOB } from "./modules/dealers/document-expiry.ts";
import { FISCAL_CLOSE_DAY_JOB, FISCAL_SUBMIT_JOB } from "./modules/fiscal/fiscal.service.ts";
import { TAX_DOCUMENT_MAIL_JOB } from "./modules/money/tax-documents.service.ts";
import type { createDerivedImages } from "./platform/images/derived.ts";
import { IMAGE_VARIANTS_JOB, imageVariantsHandler } from "./platform/images/image-jobs.ts";
import { createJobWorker, type JobLog, type JobWorker } from "./platform/jobs/worker.ts";
import { MAIL_JOB, mailJobHandler } from "./platform/mailer/mail-queue.ts";
import type { Mailer } from "./platform/mailer/mailer.ts";
import type { Services } from "./services.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Done jobs are kept a week (what was sent, and when), dead ones a month (to find out why); then deleted. */
export const KEEP_DONE_MS = 7 * DAY;
export const KEEP_DEAD_MS = 30 * DAY;

export const QUOTATIONS_EXPIRE_JOB = "quotations.expire";
/** Hourly: the reminder three days before an approved quotation expires, sent once. */
export const QUOTATIONS_REMIND_JOB = "quotations.remind";
export const JOBS_CLEANUP_JOB = "jobs.cleanup";
/** Every 15 minutes: installer enquiries' offers past their 48 hours expire and the leads move on. */
export const LEADS_EXPIRE_OFFERS_JOB = "leads.expire-offers";

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

/** The process's job worker (decision 007), before the services: their mailer wakes it. Handlers come with `registerJobHandlers`. */
export function createAppJobWorker(db: Db, config: Config, log?: JobLog): JobWorker {
  return createJobWorker({
    db,
    pollMs: config.jobs.pollMs,
    retryBaseMs: config.jobs.retryBaseMs,
    retryMaxMs: config.jobs.retryMaxMs,
    leaseMs: config.jobs.leaseMs,
    periodic: [
      { kind: QUOTATIONS_EXPIRE_JOB, everyMs: HOUR },
      { kind: QUOTATIONS_REMIND_JOB, everyMs: HOUR },
      { kind: DOCUMENTS_EXPIRY_JOB, everyMs: HOUR },
      { kind: JOBS_CLEANUP_JOB, everyMs: HOUR },
      { kind: LEADS_EXPIRE_OFFERS_JOB, everyMs: HOUR / 4 },
      // Only with FDMS on: closes the fiscal day in the last hour of the Harare day (fiscal.service.ts).
      ...(config.fdms ? [{ kind: FISCAL_CLOSE_DAY_JOB, everyMs: HOUR }] : []),
    ],
    ...(log ? { log } : {}),
  });
}

/** Every kind of job and its handler, registered at start-up. */
export function registerJobHandlers(
  worker: JobWorker,
  deps: { db: Db; transport: Mailer; services: Services; derivedImages: ReturnType<typeof createDerivedImages> },
) {
  worker.register(MAIL_JOB, mailJobHandler(deps.transport));
  worker.register(IMAGE_VARIANTS_JOB, imageVariantsHandler(deps.derivedImages));
  worker.register(QUOTATIONS_EXPIRE_JOB, async () => {
    await deps.services.quotations.expireLapsed(new Date());
  });
  worker.register(QUOTATIONS_REMIND_JOB, async () => {
    await deps.services.quotations.remindExpiring(new Date());
  });
  worker.register(LEADS_EXPIRE_OFFERS_JOB, async () => {
    await deps.services.leads.expireOffers(new Date());
  });
  // Expiry reminders and the hold on companies whose documents expired.
  worker.register(DOCUMENTS_EXPIRY_JOB, async () => {
    await deps.services.documentExpiry.run(new Date());
  });
  worker.register(JOBS_CLEANUP_JOB, async () => {
    await cleanupJobs(deps.db, new Date());
    // Security events are kept 90 days.
    await deps.services.accounts.pruneSecurityEvents(new Date());
  });
  worker.register(TAX_DOCUMENT_MAIL_JOB, async (payload) => {
    await deps.services.taxDocuments.mailDocument((payload as { documentId: number }).documentId);
  });
  // Fiscalisation (decision 016): every pending document in order; a failure is retried with the queue's backoff.
  worker.register(FISCAL_SUBMIT_JOB, async () => {
    await deps.services.fiscal.runQueue();
  });
  worker.register(FISCAL_CLOSE_DAY_JOB, async () => {
    await deps.services.fiscal.closeDayIfDue();
  });
  worker.register(PASSWORD_RESET_JOB, async (payload) => {
    await deps.services.accounts.sendPasswordReset(payload as { email: string; origin: string });
  });
}
