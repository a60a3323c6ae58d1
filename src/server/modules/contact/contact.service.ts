import type { ContactMessage } from "#shared/schemas/contact.ts";
import type { Db } from "../../db/client.ts";
import { contactMessages } from "../../db/schema/commerce.ts";
import type { Actor } from "../../platform/auth/actor.ts";
import { composeMail, consoleMailLog, type MailLog, sendAll } from "../../platform/mailer/mail-templates.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { SettingsService } from "../content/settings.service.ts";

type Deps = { db: Db; mailer: Mailer; settings: Pick<SettingsService, "get">; log?: MailLog };

export function createContactService({ db, mailer, settings, log = consoleMailLog }: Deps) {
  return {
    /**
     * Stores a 'Get in Touch' message, then notifies the company and confirms to the visitor. The spec's form sent
     * nothing; this is the working version (DESIGN.md §6). Anyone may write, signed in or not.
     */
    async submit(actor: Actor, input: ContactMessage): Promise<{ id: number }> {
      const [row] = await db
        .insert(contactMessages)
        .values({ fullName: input.fullName, email: input.email, phone: input.phone, notes: input.notes, requestQuote: input.requestQuote })
        .returning();
      if (!row) throw new Error("contact message insert returned nothing");
      const company = await settings.get();
      const fields: [string, string][] = [
        ["Full name", row.fullName],
        ["Email", row.email],
        ["Phone", row.phone],
        ["Request a Quote", row.requestQuote ? "Yes" : "No"],
        ["Notes", row.notes],
      ];
      const footer = `${company.companyName} · ${company.phone} · ${company.salesEmail}`;
      await sendAll(
        mailer,
        [
          composeMail({
            to: company.salesEmail,
            replyTo: row.email,
            subject: row.requestQuote ? `Quote requested: contact message from ${row.fullName}` : `Contact message from ${row.fullName}`,
            heading: row.requestQuote ? "New contact message (quote requested)" : "New contact message",
            blocks: [
              {
                kind: "paragraph",
                text: `Message #${row.id}${actor ? `, sent by signed-in account #${actor.id} (${actor.role})` : ""}. Reply to this e-mail to answer the sender.`,
              },
              { kind: "fields", rows: fields },
            ],
            footer,
          }),
          composeMail({
            to: row.email,
            replyTo: company.salesEmail,
            subject: `We received your message - ${company.companyName}`,
            heading: "Thank you! Your message has been sent. We will get back to you soon.",
            blocks: [
              { kind: "paragraph", text: `Dear ${row.fullName},` },
              {
                kind: "paragraph",
                text: row.requestQuote
                  ? "Thank you for contacting us. You asked for a quotation: our sales team will get back to you soon."
                  : "Thank you for contacting us. Our team will get back to you soon.",
              },
              { kind: "fields", rows: fields },
              { kind: "paragraph", text: `Support hours: ${company.supportHours}. Phone: ${company.phone}.` },
            ],
            footer,
          }),
        ],
        log,
        { contactMessageId: row.id },
      );
      return { id: row.id };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
