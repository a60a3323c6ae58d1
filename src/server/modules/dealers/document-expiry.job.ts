import { z } from "zod";
import { defineJob } from "../../platform/jobs/define-job.ts";
import { DOCUMENTS_EXPIRY_JOB, type DocumentExpiry } from "./document-expiry.ts";

/** Hourly: expiry reminders, and the hold on companies whose documents expired (each reminder and notice once). */
export const documentsExpiryJob = defineJob({
  kind: DOCUMENTS_EXPIRY_JOB,
  payload: z.object({}),
  every: 3_600_000,
  run: async (_, { services }: { services: { documentExpiry: DocumentExpiry } }) => {
    await services.documentExpiry.run(new Date());
  },
});
