import { z } from "zod";
import { defineJob } from "../../platform/jobs/define-job.ts";
import type { CreditService } from "./credit.service.ts";

export const CREDIT_REMINDERS_JOB = "credit.reminders";

/** Hourly: the statement e-mails of invoices on account falling due and overdue, each once (decision 034). */
export const creditRemindersJob = defineJob({
  kind: CREDIT_REMINDERS_JOB,
  payload: z.object({}),
  every: 3_600_000,
  run: async (_, { services }: { services: { credit: Pick<CreditService, "sendReminders"> } }) => {
    await services.credit.sendReminders();
  },
});
