import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { passwordResetJob } from "./modules/accounts/password-reset.job.ts";
import { creditRemindersJob } from "./modules/credit/credit-reminders.job.ts";
import { documentsExpiryJob } from "./modules/dealers/document-expiry.job.ts";
import { fiscalCloseDayJob, fiscalPingJob, fiscalSubmitJob } from "./modules/fiscal/jobs.ts";
import { leadsExpireOffersJob } from "./modules/leads/jobs.ts";
import { taxDocumentMailJob } from "./modules/money/tax-document-mail.job.ts";
import { quotationsExpireJob, quotationsRemindJob } from "./modules/quotations/jobs.ts";
import type { createDerivedImages } from "./platform/images/derived.ts";
import { imageVariantsJob } from "./platform/images/image-variants.job.ts";
import { jobsCleanupJob } from "./platform/jobs/cleanup.job.ts";
import { type JobDefinition, unscheduled } from "./platform/jobs/define-job.ts";
import { createJobWorker, type JobLog, type JobWorker } from "./platform/jobs/worker.ts";
import { mailJob } from "./platform/mailer/mail.job.ts";
import type { Mailer } from "./platform/mailer/mailer.ts";
import type { Services } from "./services.ts";

export { LEADS_EXPIRE_OFFERS_JOB } from "./modules/leads/jobs.ts";
export { QUOTATIONS_EXPIRE_JOB, QUOTATIONS_REMIND_JOB } from "./modules/quotations/jobs.ts";
// The kinds' names and the clean-up's keeping times, where code and tests have always found them.
export { cleanupJobs, JOBS_CLEANUP_JOB, KEEP_DEAD_MS, KEEP_DONE_MS } from "./platform/jobs/cleanup.job.ts";

/** What the jobs are given to do their work. */
export type AppJobDeps = { db: Db; transport: Mailer; services: Services; derivedImages: ReturnType<typeof createDerivedImages> };

/**
 * Every kind of background job (decision 007), each declared in the module that owns its work (`defineJob`). The
 * periodic ones are queued in this order each period. The fiscal day is closed, and the device pings, only with FDMS on.
 */
export const appJobs = (config: Pick<Config, "fdms">): readonly JobDefinition<AppJobDeps>[] => [
  mailJob,
  imageVariantsJob,
  quotationsExpireJob,
  quotationsRemindJob,
  documentsExpiryJob,
  jobsCleanupJob,
  leadsExpireOffersJob,
  taxDocumentMailJob,
  fiscalSubmitJob,
  config.fdms ? fiscalCloseDayJob : unscheduled(fiscalCloseDayJob),
  config.fdms ? fiscalPingJob : unscheduled(fiscalPingJob),
  passwordResetJob,
  creditRemindersJob,
];

/** The process's job worker (decision 007), before the services: their mailer wakes it. Its jobs come with `registerJobHandlers`. */
export function createAppJobWorker(db: Db, config: Config, log?: JobLog): JobWorker {
  return createJobWorker({
    db,
    pollMs: config.jobs.pollMs,
    retryBaseMs: config.jobs.retryBaseMs,
    retryMaxMs: config.jobs.retryMaxMs,
    leaseMs: config.jobs.leaseMs,
    ...(log ? { log } : {}),
  });
}

/** Every kind of job, registered at start-up with what it needs; the worker queues the periodic ones by itself. */
export function registerJobHandlers(worker: JobWorker, deps: AppJobDeps, config: Pick<Config, "fdms">) {
  worker.define(appJobs(config), deps);
}
