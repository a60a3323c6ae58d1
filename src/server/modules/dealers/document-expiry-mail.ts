import { DOCUMENT_KIND_NAMES, type DocumentKind, formatExpiryDay } from "#shared/schemas/documents.ts";
import { composeMail, siteLink } from "../../platform/mailer/mail-templates.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";
import type { Applicant, SiteInfo } from "./dealer-mail.ts";

/** The e-mails of documents that expire (reminders, the hold, its end) and of a renewal to review. */

const footer = (site: SiteInfo) => `${site.companyName} · ${site.phone} · ${site.salesEmail}`;
const RENEW_PATH = "/dealer/profile#documents";
const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** To the company's owner, 30 and 7 days before a document's last valid day. */
export function documentExpiryReminder(opts: {
  site: SiteInfo;
  owner: Applicant;
  company: string;
  kind: DocumentKind;
  expiresOn: string;
  daysLeft: number;
}): Mail {
  const { site, owner } = opts;
  const name = DOCUMENT_KIND_NAMES[opts.kind];
  const day = formatExpiryDay(opts.expiresOn);
  const when = opts.daysLeft === 0 ? "today" : opts.daysLeft === 1 ? "tomorrow" : `in ${opts.daysLeft} days`;
  return composeMail({
    to: owner.email,
    replyTo: site.salesEmail,
    subject: `Your ${name} expires on ${day} - ${site.companyName}`,
    heading: `Your ${name} expires ${when}`,
    blocks: [
      { kind: "paragraph", text: `Dear ${owner.fullName},` },
      {
        kind: "paragraph",
        text: `The ${name} of ${opts.company} on file with us is valid until ${day}. Please upload the renewed document in the dealer area before then: if it expires, dealer prices and checkout are suspended until the renewal is approved.`,
      },
      { kind: "action", label: "Upload the renewal", url: siteLink(site.siteUrl, RENEW_PATH) },
    ],
    footer: footer(site),
  });
}

/** To the company's owner, the day after a document expired: prices and checkout are suspended. */
export function documentExpiredNotice(opts: {
  site: SiteInfo;
  owner: Applicant;
  company: string;
  kind: DocumentKind;
  expiresOn: string;
}): Mail {
  const { site, owner } = opts;
  const name = DOCUMENT_KIND_NAMES[opts.kind];
  const day = formatExpiryDay(opts.expiresOn);
  return composeMail({
    to: owner.email,
    replyTo: site.salesEmail,
    subject: `Your ${name} has expired: dealer prices are suspended - ${site.companyName}`,
    heading: `Your ${name} expired on ${day}`,
    blocks: [
      { kind: "paragraph", text: `Dear ${owner.fullName},` },
      {
        kind: "paragraph",
        text: `The ${name} of ${opts.company} expired on ${day}. Dealer prices and checkout are suspended, and your public installer profile is hidden, until a renewed document is approved. Your past orders and tax invoices stay available.`,
      },
      { kind: "action", label: "Upload the renewal", url: siteLink(site.siteUrl, RENEW_PATH) },
    ],
    footer: footer(site),
  });
}

/** To the company's owner: the renewal was approved and nothing else has expired. */
export function dealerPricesRestored(opts: {
  site: SiteInfo;
  owner: Applicant;
  company: string;
  kind: DocumentKind;
  expiresOn: string | null;
}): Mail {
  const { site, owner } = opts;
  const name = DOCUMENT_KIND_NAMES[opts.kind];
  return composeMail({
    to: owner.email,
    replyTo: site.salesEmail,
    subject: `Your dealer prices are restored - ${site.companyName}`,
    heading: "Your dealer prices are restored",
    blocks: [
      { kind: "paragraph", text: `Dear ${owner.fullName},` },
      {
        kind: "paragraph",
        text: `We have approved the renewed ${name} of ${opts.company}${opts.expiresOn ? `, valid until ${formatExpiryDay(opts.expiresOn)}` : ""}. Dealer prices and checkout are available again.`,
      },
      { kind: "action", label: "Go to the dealer area", url: siteLink(site.siteUrl, "/dealer") },
    ],
    footer: footer(site),
  });
}

/** To the company's sales address: an approved dealer uploaded a renewal (or a ZERA licence) to review. */
export function renewalUploaded(opts: {
  site: SiteInfo;
  owner: Applicant;
  company: string;
  userId: number;
  renewed: { kind: DocumentKind; originalName: string; currentExpiresOn: string | null }[];
}): Mail {
  const { site, owner } = opts;
  return composeMail({
    to: site.salesEmail,
    replyTo: owner.email,
    subject: `Dealer document renewal to review: ${opts.company}`,
    heading: "A renewed document awaits review",
    blocks: [
      {
        kind: "paragraph",
        text: `${owner.fullName} (${owner.username}, ${owner.email}) has uploaded a new document for ${opts.company}. Please review it in the back office (Dealers, user #${opts.userId}) and give its expiry date when approving it.`,
      },
      { kind: "action", label: "Review the new document", url: siteLink(site.siteUrl, `/admin/dealers/${opts.userId}`) },
      {
        kind: "fields",
        rows: opts.renewed.map((d): [string, string] => [
          capitalised(DOCUMENT_KIND_NAMES[d.kind]),
          `${d.originalName}${d.currentExpiresOn ? ` (the current one expires ${formatExpiryDay(d.currentExpiresOn)})` : ""}`,
        ]),
      },
    ],
    footer: footer(site),
  });
}
