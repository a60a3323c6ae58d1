import { and, asc, count, desc, eq, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { ContactInbox, ContactInboxQuery, ContactMessage, ContactMessageView, ContactReply } from "#shared/schemas/contact.ts";
import type { Db, Tx } from "../../db/client.ts";
import { containsText } from "../../db/contains-text.ts";
import { paged } from "../../db/paging.ts";
import { contactMessages } from "../../db/schema/commerce.ts";
import { type Actor, requireStaff, type SignedIn } from "../../platform/auth/actor.ts";
import { NotFoundError } from "../../platform/errors.ts";
import { type FormLimits, type FormSender, isOwnConfirmedAddress } from "../../platform/form-limits.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import { DEFAULT_LINK_ORIGIN } from "../../platform/mailer/mail-templates.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import { contactConfirmationMail, contactReceiptMail, contactReplyMail, contactToCompanyMail } from "./contact-mail.ts";

type Deps = {
  db: Db;
  mailer: Mailer;
  settings: Pick<SettingsService, "get">;
  audit: Pick<AuditService, "record">;
  formLimits: Pick<FormLimits, "admit" | "mayConfirm">;
  /** The site's address for links in e-mails (SITE_URL, `linkOriginOf`). */
  siteUrl?: string;
};

type MessageRow = typeof contactMessages.$inferSelect;

export const MESSAGE_NOT_FOUND = "Message not found.";

function toView(row: MessageRow): ContactMessageView {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    requestQuote: row.requestQuote,
    readAt: row.readAt?.toISOString() ?? null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    created_At: row.createdAt.toISOString(),
  };
}

const SORT_COLUMNS = {
  created_At: contactMessages.createdAt,
  fullName: contactMessages.fullName,
  email: contactMessages.email,
} as const;

export function createContactService({ db, mailer, settings, audit, formLimits, siteUrl = DEFAULT_LINK_ORIGIN }: Deps) {
  async function lockedRow(tx: Tx, id: number): Promise<MessageRow> {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for("update");
    if (!row) throw new NotFoundError(MESSAGE_NOT_FOUND);
    return row;
  }

  /** Marks a message read or unread, with an audit entry when that changes anything. */
  async function setRead(tx: Tx, admin: SignedIn, id: number, read: boolean, how: string): Promise<ContactMessageView> {
    const row = await lockedRow(tx, id);
    if ((row.readAt !== null) === read) return toView(row);
    const [updated] = await tx
      .update(contactMessages)
      .set({ readAt: read ? new Date() : null })
      .where(eq(contactMessages.id, id))
      .returning();
    const after = toView(updated as MessageRow);
    await audit.record(tx, admin, {
      entity: "contact-message",
      entityId: id,
      action: read ? "mark-read" : "mark-unread",
      summary: `${how} the message from ${row.fullName} <${row.email}> as ${read ? "read" : "unread"}`,
      before: toView(row),
      after,
    });
    return after;
  }

  return {
    /**
     * Stores a 'Get in Touch' message, then notifies the company and confirms to the visitor. The spec's form sent
     * nothing; this is the working version (DESIGN.md §6). Anyone may write, signed in or not; messages per client
     * and per e-mail address are limited and the sender is mailed at most once an hour (`FormLimits`), so the form
     * cannot carry anyone's text to strangers; the confirmation repeats the message only to the sender's own confirmed
     * address (`isOwnConfirmedAddress`), any other address gets a fixed text.
     */
    async submit(actor: Actor, input: ContactMessage, sender: FormSender = {}): Promise<{ id: number }> {
      await formLimits.admit("contact", sender, input.email);
      // Read before the transaction: a read through `db` inside it would wait on PGlite's single connection for it.
      const company = { ...(await settings.get()), siteUrl };
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({
            fullName: input.fullName,
            email: input.email,
            phone: input.phone,
            notes: input.notes,
            requestQuote: input.requestQuote,
          })
          .returning();
        if (!row) throw new Error("contact message insert returned nothing");
        // Queued in the transaction: a stored message always has its mails. The sender's own confirmed address gets
        // their message back; any other a fixed text (none of the form's words).
        const confirm = await formLimits.mayConfirm(row.email, tx);
        const own = confirm && (await isOwnConfirmedAddress(tx, actor, row.email));
        await queueMails(mailer, tx, [
          contactToCompanyMail(row, actor ? { id: actor.id, role: actor.role } : null, company),
          ...(confirm ? [own ? contactConfirmationMail(row, company) : contactReceiptMail(row.email, company)] : []),
        ]);
        return { id: row.id };
      });
    },

    /** The back office's inbox, newest first by default, with the number of unread messages (admins). */
    async list(actor: Actor, query: ContactInboxQuery): Promise<ContactInbox> {
      requireStaff(actor, "messages.read");
      const conditions: SQL[] = [];
      if (query.unread === "1") conditions.push(isNull(contactMessages.readAt));
      if (query.unread === "0") conditions.push(isNotNull(contactMessages.readAt));
      if (query.q) {
        const q = query.q;
        conditions.push(
          or(
            containsText(contactMessages.fullName, q),
            containsText(contactMessages.email, q),
            containsText(contactMessages.phone, q),
            containsText(contactMessages.notes, q),
          ) as SQL,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const order = query.dir === "asc" ? asc : desc;
      const { limit, offset, envelope } = paged(query);
      const [rows, [total], [unread]] = await Promise.all([
        db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(order(SORT_COLUMNS[query.sort]), order(contactMessages.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(contactMessages).where(where),
        db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
      ]);
      return { ...envelope(rows.map(toView), total), unread: unread?.n ?? 0 };
    },

    /** One message (admins). */
    async get(actor: Actor, id: number): Promise<ContactMessageView> {
      requireStaff(actor, "messages.read");
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
      if (!row) throw new NotFoundError(MESSAGE_NOT_FOUND);
      return toView(row);
    },

    /** Opening a message in the back office marks it read, as a mail program does. */
    async open(actor: Actor, id: number): Promise<ContactMessageView> {
      const admin = requireStaff(actor, "messages.read");
      return db.transaction((tx) => setRead(tx, admin, id, true, "Opened and marked"));
    },

    /** Marks a message read or unread (admins). */
    async markRead(actor: Actor, id: number, read: boolean): Promise<ContactMessageView> {
      const admin = requireStaff(actor, "messages.read");
      return db.transaction((tx) => setRead(tx, admin, id, read, "Marked"));
    },

    /**
     * Answers a message by e-mail (admins), to the visitor with the company's sales address to reply to: recorded
     * (replied and read, with an audit entry holding the reply) and the e-mail queued in one transaction. The mail
     * job sends it moments later, or retries while the SMTP server is down: the admin's reply is never lost.
     */
    async reply(actor: Actor, id: number, input: ContactReply): Promise<ContactMessageView> {
      const admin = requireStaff(actor, "messages.read");
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
      if (!row) throw new NotFoundError(MESSAGE_NOT_FOUND);
      const mail = contactReplyMail(row, input, { ...(await settings.get()), siteUrl });
      return db.transaction(async (tx) => {
        const current = await lockedRow(tx, id);
        const now = new Date();
        const [updated] = await tx
          .update(contactMessages)
          .set({ repliedAt: now, readAt: current.readAt ?? now })
          .where(eq(contactMessages.id, id))
          .returning();
        const after = toView(updated as MessageRow);
        await audit.record(tx, admin, {
          entity: "contact-message",
          entityId: id,
          action: "reply",
          summary: `Replied to ${current.fullName} <${current.email}>: ${input.subject}`,
          before: toView(current),
          after: { ...after, reply: input },
        });
        // Queued with the record of the reply (a job, platform/jobs): both or neither; the worker sends it, retrying
        // while the SMTP server is unreachable.
        await mailer.send(mail, tx);
        return after;
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
