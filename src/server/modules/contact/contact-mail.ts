import { formatDateTime } from "#shared/dates.ts";
import { CONTACT_SUCCESS } from "#shared/schemas/contact.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { composeMail, siteLink } from "../../platform/mailer/mail-templates.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";

/** The site settings the e-mails name, and the site's address (SITE_URL) their links start with. */
export type ContactMailSite = SiteSettings & { siteUrl: string };

/** A 'Get in Touch' message as stored. */
export type ContactRecord = {
  id: number;
  fullName: string;
  email: string;
  phone: string;
  notes: string;
  requestQuote: boolean;
  createdAt: Date;
};

const footer = (company: SiteSettings) => `${company.companyName} · ${company.phone} · ${company.salesEmail}`;

const fields = (row: ContactRecord): [string, string][] => [
  ["Full name", row.fullName],
  ["Email", row.email],
  ["Phone", row.phone],
  ["Request a Quote", row.requestQuote ? "Yes" : "No"],
  ["Notes", row.notes],
];

/** To the sales address: a new message, to answer by replying or from the back office. */
export function contactToCompanyMail(row: ContactRecord, sender: { id: number; role: string } | null, company: ContactMailSite): Mail {
  return composeMail({
    to: company.salesEmail,
    replyTo: row.email,
    subject: row.requestQuote ? `Quote requested: contact message from ${row.fullName}` : `Contact message from ${row.fullName}`,
    heading: row.requestQuote ? "New contact message (quote requested)" : "New contact message",
    blocks: [
      {
        kind: "paragraph",
        text: `Message #${row.id}${sender ? `, sent by signed-in account #${sender.id} (${sender.role})` : ""}. Reply to this e-mail to answer the sender.`,
      },
      { kind: "fields", rows: fields(row) },
      { kind: "action", label: "Open the message", url: siteLink(company.siteUrl, `/admin/messages/${row.id}`) },
    ],
    footer: footer(company),
  });
}

/** To the visitor: the message arrived (at most one an hour per address, `FormLimits.mayConfirm`). */
export function contactConfirmationMail(row: ContactRecord, company: ContactMailSite): Mail {
  return composeMail({
    to: row.email,
    replyTo: company.salesEmail,
    subject: `We received your message - ${company.companyName}`,
    heading: CONTACT_SUCCESS,
    blocks: [
      { kind: "paragraph", text: `Dear ${row.fullName},` },
      {
        kind: "paragraph",
        text: row.requestQuote
          ? "Thank you for contacting us. You asked for a quotation: our sales team will get back to you soon."
          : "Thank you for contacting us. Our team will get back to you soon.",
      },
      { kind: "fields", rows: fields(row) },
      { kind: "paragraph", text: `Support hours: ${company.supportHours}. Phone: ${company.phone}.` },
      { kind: "action", label: "Browse our products", url: siteLink(company.siteUrl, "/products") },
    ],
    footer: footer(company),
  });
}

/**
 * To an address that is not the sender's own confirmed one (a visitor's form, or an account writing for another
 * address): a fixed text, none of the form's words, since anyone may type anyone's address (`isOwnConfirmedAddress`).
 */
export function contactReceiptMail(to: string, company: ContactMailSite): Mail {
  return composeMail({
    to,
    replyTo: company.salesEmail,
    subject: `We received your message - ${company.companyName}`,
    heading: CONTACT_SUCCESS,
    blocks: [
      {
        kind: "paragraph",
        text: "Thank you for contacting us. A message was sent from our website's contact form with this e-mail address; our team will get back to you soon.",
      },
      { kind: "paragraph", text: "If you did not write to us, you can ignore this e-mail: nothing more will be sent." },
      { kind: "paragraph", text: `Support hours: ${company.supportHours}. Phone: ${company.phone}.` },
      { kind: "action", label: "Browse our products", url: siteLink(company.siteUrl, "/products") },
    ],
    footer: footer(company),
  });
}

/**
 * An admin's answer, with the visitor's message quoted. The greeting is the admin's: the reply form starts the text
 * with "Dear <full name>," for them to keep or change, so the e-mail adds none (it had added a second one).
 */
export function contactReplyMail(row: ContactRecord, reply: { subject: string; message: string }, company: ContactMailSite): Mail {
  return composeMail({
    to: row.email,
    replyTo: company.salesEmail,
    subject: reply.subject,
    heading: reply.subject,
    blocks: [
      { kind: "paragraph", text: reply.message },
      { kind: "paragraph", text: `Kind regards,\n${company.companyName}` },
      { kind: "paragraph", text: `Your message of ${formatDateTime(row.createdAt)}:` },
      { kind: "paragraph", text: row.notes || "(no message text)" },
      { kind: "action", label: "Browse our products", url: siteLink(company.siteUrl, "/products") },
    ],
    footer: `${company.companyName} · ${company.phone} · ${company.salesEmail} · Support hours: ${company.supportHours}`,
  });
}
