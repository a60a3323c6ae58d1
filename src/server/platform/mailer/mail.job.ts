import { z } from "zod";
import { defineJob } from "../jobs/define-job.ts";
import { MAIL_JOB, mailFromPayload } from "./mail-queue.ts";
import type { Mailer } from "./mailer.ts";

/** A queued mail as `mailPayload` wrote it (attachments in base64); keys it does not name are kept. */
const mailPayloadSchema = z.looseObject({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  replyTo: z.string().optional(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), base64: z.string() })).optional(),
});

/** One queued mail, sent with the real transport (SMTP or the .eml outbox); retried MAIL_MAX_ATTEMPTS times. */
export const mailJob = defineJob({
  kind: MAIL_JOB,
  payload: mailPayloadSchema,
  run: async (mail, { transport }: { transport: Mailer }) => {
    await transport.send(mailFromPayload(mail));
  },
});
