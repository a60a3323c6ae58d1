import { z } from "zod";
import { defineJob } from "../../platform/jobs/define-job.ts";
import { type AccountsService, PASSWORD_RESET_JOB } from "./accounts.service.ts";

/** The look-up and the reset mail of a "forgot password" request, done after the answer (accounts.service.ts). */
export const passwordResetJob = defineJob({
  kind: PASSWORD_RESET_JOB,
  payload: z.object({ email: z.string(), origin: z.string() }),
  run: async (request, { services }: { services: { accounts: Pick<AccountsService, "sendPasswordReset"> } }) => {
    await services.accounts.sendPasswordReset(request);
  },
});
