import type { Db, Tx } from "../../db/client.ts";
import { enqueue } from "../jobs/queue.ts";
import type { JobHandler } from "../jobs/worker.ts";
import type { Mail, Mailer } from "./mailer.ts";

/** The job kind of one e-mail. */
export const MAIL_JOB = "mail.send";
/**
 * A mail is retried for about nine hours (30 s, 1 min, 2 min … then hourly, with the default backoff) before it is
 * dead; a dead one stays in the jobs table for inspection.
 */
export const MAIL_MAX_ATTEMPTS = 15;

type MailPayload = Omit<Mail, "attachments"> & { attachments?: { filename: string; contentType: string; base64: string }[] };

/** A mail as JSON for the job's payload: attachments (a quotation's PDF) in base64. */
export function mailPayload(mail: Mail): MailPayload {
  const { attachments, ...rest } = mail;
  return {
    ...rest,
    ...(attachments?.length
      ? {
          attachments: attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            base64: Buffer.from(a.content).toString("base64"),
          })),
        }
      : {}),
  };
}

export function mailFromPayload(payload: unknown): Mail {
  const { attachments, ...rest } = payload as MailPayload;
  return {
    ...rest,
    ...(attachments?.length
      ? {
          attachments: attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: new Uint8Array(Buffer.from(a.base64, "base64")),
          })),
        }
      : {}),
  };
}

/**
 * The services' mailer: each message becomes a "mail.send" job (in the caller's transaction when given one) and the
 * worker is woken, so a mail still leaves within moments, and a failing SMTP server only delays it.
 */
export function createQueuedMailer(opts: { db: Db; onQueued?: () => void }): Mailer {
  return {
    async send(mail: Mail, tx?: Db | Tx) {
      await enqueue(tx ?? opts.db, MAIL_JOB, mailPayload(mail), { maxAttempts: MAIL_MAX_ATTEMPTS });
      opts.onQueued?.();
      // Queued in a transaction that is still open: look again once it has likely committed.
      if (tx && opts.onQueued) setTimeout(opts.onQueued, 250).unref();
    },
  };
}

/**
 * Queues the mails of a change in that change's transaction (decision 007): they exist exactly when it commits, so a
 * crash after the commit cannot lose them, and a job the database refuses rolls the change back. Mail that needs what
 * only the commit settles is a job of its own kind, rendered by its handler from ids.
 */
export async function queueMails(mailer: Mailer, tx: Tx, mails: Mail[]): Promise<void> {
  // One after the other: a transaction is one connection.
  for (const mail of mails) await mailer.send(mail, tx);
}

/** The job that sends one queued mail with the real transport (SMTP or the .eml outbox). */
export function mailJobHandler(transport: Mailer): JobHandler {
  return async (payload) => {
    await transport.send(mailFromPayload(payload));
  };
}
