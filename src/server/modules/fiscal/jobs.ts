import { z } from "zod";
import { defineJob } from "../../platform/jobs/define-job.ts";
import { FISCAL_CLOSE_DAY_JOB, FISCAL_PING_JOB, FISCAL_SUBMIT_JOB, type FiscalService } from "./fiscal.service.ts";

type Deps = { services: { fiscal: Pick<FiscalService, "runQueue" | "closeDayIfDue" | "pingIfDue"> } };

/**
 * Fiscalisation (decision 016): every pending document in order, whichever document queued the job (its payload
 * names it); a failure is retried with the queue's backoff.
 */
export const fiscalSubmitJob = defineJob({
  kind: FISCAL_SUBMIT_JOB,
  payload: z.object({ documentId: z.number().int() }).partial(),
  run: async (_, { services }: Deps) => {
    await services.fiscal.runQueue();
  },
});

/** Hourly, and only with FDMS on (src/server/jobs.ts): closes the fiscal day in the last hour of the Harare day. */
export const fiscalCloseDayJob = defineJob({
  kind: FISCAL_CLOSE_DAY_JOB,
  payload: z.object({}),
  every: 3_600_000,
  run: async (_, { services }: Deps) => {
    await services.fiscal.closeDayIfDue();
  },
});

/** Every 5 minutes, only with FDMS on: the device's ping when FDMS's reporting interval has passed (decision 016). */
export const fiscalPingJob = defineJob({
  kind: FISCAL_PING_JOB,
  payload: z.object({}),
  every: 300_000,
  run: async (_, { services }: Deps) => {
    await services.fiscal.pingIfDue();
  },
});
