import { z } from "zod";
import { defineJob } from "../../platform/jobs/define-job.ts";
import type { QuotationsService } from "./quotations.service.ts";

const HOUR = 3_600_000;

/** Hourly: approved quotations past their validity expire. */
export const QUOTATIONS_EXPIRE_JOB = "quotations.expire";
/** Hourly: the reminder three days before an approved quotation expires, sent once. */
export const QUOTATIONS_REMIND_JOB = "quotations.remind";

type Deps = { services: { quotations: Pick<QuotationsService, "expireLapsed" | "remindExpiring"> } };

export const quotationsExpireJob = defineJob({
  kind: QUOTATIONS_EXPIRE_JOB,
  payload: z.object({}),
  every: HOUR,
  run: async (_, { services }: Deps) => {
    await services.quotations.expireLapsed(new Date());
  },
});

export const quotationsRemindJob = defineJob({
  kind: QUOTATIONS_REMIND_JOB,
  payload: z.object({}),
  every: HOUR,
  run: async (_, { services }: Deps) => {
    await services.quotations.remindExpiring(new Date());
  },
});
