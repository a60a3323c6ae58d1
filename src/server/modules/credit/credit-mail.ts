import { formatDate } from "#shared/dates.ts";
import { CREDIT_TERMS_LABELS, type Statement } from "#shared/schemas/credit.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { composeMail, money, siteLink } from "../../platform/mailer/mail-templates.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";

/** The statement e-mails of a company on account: before its invoices fall due, and once they are overdue (decision 034). */

const day = (value: string) => formatDate(`${value}T12:00:00Z`);

export type ReminderInvoice = { number: string; dueOn: string; open: string; daysOverdue: number };

export function creditReminder(opts: {
  site: SiteSettings & { siteUrl: string };
  owner: { email: string; fullName: string };
  statement: Statement;
  kind: "due_soon" | "overdue";
  invoices: ReminderInvoice[];
  /** The days overdue after which orders on account stop (the site setting). */
  holdDays: number;
  pdf: Uint8Array;
  fileName: string;
}): Mail {
  const { site, owner, statement, invoices } = opts;
  const overdue = opts.kind === "overdue";
  const total = statement.summary;
  const subject = overdue
    ? `Overdue: ${invoices.map((i) => i.number).join(", ")} - ${site.companyName}`
    : `Due on ${day(invoices[0]?.dueOn ?? statement.to)}: ${invoices.map((i) => i.number).join(", ")} - ${site.companyName}`;
  return composeMail({
    to: owner.email,
    replyTo: site.salesEmail,
    subject,
    heading: overdue ? "Invoices on your account are overdue" : "Invoices on your account fall due soon",
    blocks: [
      { kind: "paragraph", text: `Dear ${owner.fullName},` },
      {
        kind: "paragraph",
        text: overdue
          ? `These invoices of ${statement.company.name} are past their due day. Please pay them now: once the oldest is more than ${opts.holdDays} days overdue, orders on account stop until it is paid.`
          : `These invoices of ${statement.company.name} fall due soon. Your statement of account is attached.`,
      },
      {
        kind: "table",
        head: ["Invoice", "Due on", "Open", ...(overdue ? ["Days overdue"] : [])],
        rows: invoices.map((i) => [i.number, day(i.dueOn), money("USD", i.open), ...(overdue ? [String(i.daysOverdue)] : [])]),
      },
      {
        kind: "fields",
        rows: [
          ["Terms", CREDIT_TERMS_LABELS[total.terms]],
          ["Balance", money("USD", total.balance)],
          ["Overdue", money("USD", total.overdue)],
          ["Pay to", site.bankDetails],
          ["Reference", "Your invoice numbers"],
        ],
      },
      { kind: "action", label: "See your statement", url: siteLink(site.siteUrl, "/dealer/statement") },
      {
        kind: "paragraph",
        text: `Paid already? Thank you: reply to this e-mail with the reference and we will match it. Questions? Call ${site.phone}.`,
      },
    ],
    footer: `${site.companyName} · ${site.phone} · ${site.salesEmail}`,
    attachments: [{ filename: opts.fileName, content: opts.pdf, contentType: "application/pdf" }],
  });
}
