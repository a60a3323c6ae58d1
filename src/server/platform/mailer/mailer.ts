import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/client.ts";

/** A file sent with a message (a quotation's PDF). */
export type MailAttachment = { filename: string; content: Uint8Array; contentType: string };
/** `replyTo` lets the company answer a visitor straight from its notification. */
export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string; attachments?: MailAttachment[] };

/** nodemailer's message: attachments as Buffers, base64-encoded in the message. */
function message(from: string, mail: Mail) {
  const { attachments, ...rest } = mail;
  return {
    from,
    ...rest,
    ...(attachments?.length
      ? { attachments: attachments.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType })) }
      : {}),
  };
}
/**
 * What services send mail through. In the app it queues the message as a job (mail-queue.ts; with `tx`, in that
 * transaction, so the mail exists exactly when the change that causes it commits); the job sends it with the transport
 * below. A transport ignores `tx`.
 */
export type Mailer = { send(mail: Mail, tx?: Db | Tx): Promise<void> };

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to DATA_DIR/outbox. */
export function createMailer(config: Pick<Config, "smtpUrl" | "dataDir" | "mailFrom">): Mailer {
  if (config.smtpUrl) {
    // Short timeouts: a send runs as a job, which is retried later; a hung server must not hold the worker for minutes.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      async send(mail) {
        await transport.sendMail(message(config.mailFrom, mail));
      },
    };
  }
  const outbox = path.join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(config.mailFrom, mail));
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      await writeFile(path.join(outbox, `${stamp}-${randomUUID().slice(0, 8)}.eml`), info.message as Buffer);
    },
  };
}
