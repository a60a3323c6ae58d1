import { type ApplicationSection, type DealerStatus, SECTION_TITLES } from "#shared/schemas/dealers.ts";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { composeMail, siteLink } from "../../platform/mailer/mail-templates.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";

export type Applicant = { fullName: string; username: string; email: string };
export type Company = {
  registeredCompany: string | null;
  tradingName: string | null;
  companyRegNumber: string | null;
  vatNumber: string | null;
  tin: string | null;
};
/** The settings the e-mails name, and the site's address (SITE_URL) their links start with. */
export type SiteInfo = Pick<SiteSettings, "companyName" | "phone" | "salesEmail"> & { siteUrl: string };

const footer = (site: SiteInfo) => `${site.companyName} · ${site.phone} · ${site.salesEmail}`;
const companyName = (c: Company) => c.tradingName ?? c.registeredCompany ?? "your company";

const companyRows = (c: Company): [string, string][] => [
  ["Registered company", c.registeredCompany ?? ""],
  ["Trading name", c.tradingName ?? ""],
  ["Company registration number", c.companyRegNumber ?? ""],
  ["VAT number", c.vatNumber ?? ""],
  ["TIN", c.tin ?? ""],
];

/** To the company's sales address: a complete application is waiting for review. */
export function applicationSubmittedToCompany(opts: {
  site: SiteInfo;
  applicant: Applicant;
  company: Company;
  userId: number;
  installationCount: number;
  documentCount: number;
  resubmitted: boolean;
}): Mail {
  const { site, applicant, company } = opts;
  const what = opts.resubmitted ? "Dealer application resubmitted" : "New dealer application";
  return composeMail({
    to: site.salesEmail,
    replyTo: applicant.email,
    subject: `${what}: ${companyName(company)}`,
    heading: what,
    blocks: [
      {
        kind: "paragraph",
        text: `${applicant.fullName} (${applicant.username}, ${applicant.email}) has completed the dealer application of ${companyName(company)}. Please verify the documents and the installations, then approve or reject it in the back office.`,
      },
      { kind: "action", label: "Review the application", url: siteLink(site.siteUrl, `/admin/dealers/${opts.userId}`) },
      { kind: "fields", rows: companyRows(company) },
      {
        kind: "fields",
        rows: [
          ["Documents", String(opts.documentCount)],
          ["Installations", String(opts.installationCount)],
        ],
      },
    ],
    footer: footer(site),
  });
}

/** To the applicant: the application is complete and now with the company's team. */
export function applicationReceived(opts: { site: SiteInfo; applicant: Applicant; company: Company; resubmitted: boolean }): Mail {
  const { site, applicant, company } = opts;
  return composeMail({
    to: applicant.email,
    replyTo: site.salesEmail,
    subject: `We have received your dealer application - ${site.companyName}`,
    heading: opts.resubmitted ? "Your dealer application was submitted again" : "Your dealer application is submitted",
    blocks: [
      { kind: "paragraph", text: `Dear ${applicant.fullName},` },
      {
        kind: "paragraph",
        text: `Thank you: the dealer application of ${companyName(company)} is complete and its status is now Pending. Our team will verify your documents and installations and let you know by e-mail.`,
      },
      { kind: "action", label: "See your application", url: siteLink(site.siteUrl, "/dealer/register") },
      { kind: "fields", rows: companyRows(company) },
      { kind: "paragraph", text: `Questions? Call ${site.phone} or reply to this e-mail.` },
    ],
    footer: footer(site),
  });
}

type StatusText = { subject: string; heading: string; body: string; action: { label: string; path: string } };

const STATUS_TEXT: Record<DealerStatus, StatusText> = {
  Approved: {
    subject: "Your dealer application is approved",
    heading: "Welcome to the dealer programme",
    body: "Your dealer application has been approved. Sign in to see dealer prices, check out and manage your quotations in the dealer area.",
    action: { label: "Go to the dealer area", path: "/dealer" },
  },
  Rejected: {
    subject: "Your dealer application was not approved",
    heading: "Your dealer application was not approved",
    body: "We could not approve your dealer application. Please correct what the reason below describes (and the sections named, marked in the dealer area): once every section is complete again, your application is submitted again.",
    action: { label: "Correct your application", path: "/dealer/register" },
  },
  Suspended: {
    subject: "Your dealer account is suspended",
    heading: "Your dealer account is suspended",
    body: "Your dealer account has been suspended: dealer prices, checkout and quotations are not available until it is reinstated.",
    action: { label: "Contact us", path: "/contact" },
  },
  Pending: {
    subject: "Your dealer application is pending",
    heading: "Your dealer application is pending",
    body: "Your dealer application is with our team for review.",
    action: { label: "See your application", path: "/dealer/register" },
  },
};

/** To the dealer: an admin changed the application's status. */
export function statusChanged(opts: {
  site: SiteInfo;
  applicant: Applicant;
  company: Company;
  from: DealerStatus | null;
  to: DealerStatus;
  reason: string | null;
  /** A rejection's sections to correct (named in the e-mail as the portal marks them). */
  sections?: readonly ApplicationSection[];
}): Mail {
  const { site, applicant } = opts;
  const sections = opts.to === "Rejected" ? (opts.sections ?? []) : [];
  const reinstated = opts.from === "Suspended" && opts.to === "Approved";
  const text: StatusText = reinstated
    ? {
        subject: "Your dealer account is reinstated",
        heading: "Your dealer account is reinstated",
        body: "Your dealer account is active again: dealer prices, checkout and quotations are available once more.",
        action: { label: "Go to the dealer area", path: "/dealer" },
      }
    : STATUS_TEXT[opts.to];
  // A rejection or suspension gives its reason; an approval may carry the admin's note (a welcome), which is no reason.
  const noteLabel = opts.to === "Rejected" || opts.to === "Suspended" ? "Reason" : `Message from ${site.companyName}`;
  return composeMail({
    to: applicant.email,
    replyTo: site.salesEmail,
    subject: `${text.subject} - ${site.companyName}`,
    heading: text.heading,
    blocks: [
      { kind: "paragraph", text: `Dear ${applicant.fullName},` },
      { kind: "paragraph", text: text.body },
      {
        kind: "fields",
        rows: [
          ["Company", companyName(opts.company)],
          ["Status", opts.to],
          ...(opts.reason ? ([[noteLabel, opts.reason]] as [string, string][]) : []),
          ...(sections.length ? ([["To correct", sections.map((s) => SECTION_TITLES[s]).join(", ")]] as [string, string][]) : []),
        ],
      },
      { kind: "action", label: text.action.label, url: siteLink(site.siteUrl, text.action.path) },
      { kind: "paragraph", text: `Questions? Call ${site.phone} or reply to this e-mail.` },
    ],
    footer: footer(site),
  });
}

const KIND_NAMES = {
  tax_clearance: "Tax clearance",
  certificate_of_incorporation: "Certificate of incorporation",
  director_id: "National ID copy of a director",
  zera_licence: "ZERA installer licence",
} as const;

/** To the dealer: a document was rejected and needs uploading again. */
export function documentRejected(opts: {
  site: SiteInfo;
  applicant: Applicant;
  kind: keyof typeof KIND_NAMES;
  originalName: string;
  reason: string;
}): Mail {
  const { site, applicant } = opts;
  return composeMail({
    to: applicant.email,
    replyTo: site.salesEmail,
    subject: `A document of your dealer application needs attention - ${site.companyName}`,
    heading: "Please upload a document again",
    blocks: [
      { kind: "paragraph", text: `Dear ${applicant.fullName},` },
      {
        kind: "paragraph",
        text: "We could not accept one of the documents of your dealer application. Please upload a new one in the dealer area (Required Documents).",
      },
      {
        kind: "fields",
        rows: [
          ["Document", KIND_NAMES[opts.kind]],
          ["File", opts.originalName],
          ["Reason", opts.reason],
        ],
      },
      { kind: "action", label: "Upload a new document", url: siteLink(site.siteUrl, "/dealer/register") },
    ],
    footer: footer(site),
  });
}

/**
 * To the company's sales address: a dealer replaced documents the team had rejected, on an application already with
 * the team (Pending, or an approved or suspended dealer's): the new files wait for review.
 */
export function replacementUploaded(opts: {
  site: SiteInfo;
  applicant: Applicant;
  company: Company;
  userId: number;
  status: DealerStatus;
  replaced: { kind: keyof typeof KIND_NAMES; originalName: string; replacedName: string }[];
}): Mail {
  const { site, applicant, company } = opts;
  const count = opts.replaced.length;
  const what = count === 1 ? "a rejected document" : `${count} rejected documents`;
  return composeMail({
    to: site.salesEmail,
    replyTo: applicant.email,
    subject: `Dealer document replaced: ${companyName(company)}`,
    heading: "A rejected document was replaced",
    blocks: [
      {
        kind: "paragraph",
        text: `${applicant.fullName} (${applicant.username}, ${applicant.email}) has uploaded a replacement for ${what} of the dealer application of ${companyName(company)} (status ${opts.status}). Please review the new file in the back office (Dealers, user #${opts.userId}).`,
      },
      { kind: "action", label: "Review the new document", url: siteLink(site.siteUrl, `/admin/dealers/${opts.userId}`) },
      {
        kind: "fields",
        rows: opts.replaced.map((d): [string, string] => [
          KIND_NAMES[d.kind],
          `${d.originalName} (replaces the rejected ${d.replacedName})`,
        ]),
      },
    ],
    footer: footer(site),
  });
}
