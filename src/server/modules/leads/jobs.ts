import { z } from "zod";
import { defineJob } from "../../platform/jobs/define-job.ts";
import type { LeadsService } from "./leads.service.ts";

/** Every 15 minutes: installer enquiries' offers past their 48 hours expire and the leads move on. */
export const LEADS_EXPIRE_OFFERS_JOB = "leads.expire-offers";

export const leadsExpireOffersJob = defineJob({
  kind: LEADS_EXPIRE_OFFERS_JOB,
  payload: z.object({}),
  every: 15 * 60_000,
  run: async (_, { services }: { services: { leads: Pick<LeadsService, "expireOffers"> } }) => {
    await services.leads.expireOffers(new Date());
  },
});
