import type { SiteSettings } from "#shared/schemas/settings.ts";
import { composeMail, siteLink } from "../../platform/mailer/mail-templates.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";

/** What a lead's mails need of the site: its name, sales address and phone, and where links point. */
export type LeadMailSite = Pick<SiteSettings, "companyName" | "salesEmail" | "phone"> & { siteUrl: string };

type KitLine = { productName: string; quantity: number };

function footer(site: LeadMailSite): string {
  return `${site.companyName} · ${site.phone} · ${site.salesEmail}`;
}

function kitTable(kit: readonly KitLine[]) {
  return { kind: "table" as const, head: ["Product", "Quantity"], rows: kit.map((l) => [l.productName, String(l.quantity)]) };
}

/**
 * A new enquiry offered to a dealer (its owner and buyers): the province, the kit and the notes, never
 * the customer's contact, which the dealer sees once they accept it.
 */
export function leadOfferedMail(opts: {
  to: string;
  company: string;
  provinceName: string;
  kit: readonly KitLine[];
  notes: string;
  hours: number;
  site: LeadMailSite;
}): Mail {
  const { to, company, provinceName, kit, notes, hours, site } = opts;
  return composeMail({
    to,
    subject: `New installation enquiry in ${provinceName}`,
    heading: `New installation enquiry in ${provinceName}`,
    blocks: [
      {
        kind: "paragraph",
        text: `A customer in ${provinceName} asked for a quotation and a certified installer. It is offered to ${company} and at most two other installers serving the province: the first to accept it gets the customer's contact details.`,
      },
      kitTable(kit),
      ...(notes ? [{ kind: "fields" as const, rows: [["Notes", notes]] as [string, string][] }] : []),
      { kind: "paragraph", text: `Answer within ${hours} hours, or the enquiry moves on to the next installer.` },
      { kind: "action", label: "Open your leads", url: siteLink(site.siteUrl, "/dealer/leads") },
    ],
    footer: `${footer(site)} · You can pause new leads on your leads page.`,
  });
}

/** The customer is told which installer will call them. */
export function leadAcceptedMail(opts: {
  to: string;
  customerName: string;
  quotationId: number;
  installer: { tradingName: string; phone: string; email: string; slug: string | null };
  site: LeadMailSite;
}): Mail {
  const { to, customerName, quotationId, installer, site } = opts;
  const rows: [string, string][] = [["Installer", installer.tradingName]];
  if (installer.phone) rows.push(["Phone", installer.phone]);
  if (installer.email) rows.push(["E-mail", installer.email]);
  return composeMail({
    to,
    replyTo: installer.email || site.salesEmail,
    subject: `${installer.tradingName} will call you about your installation`,
    heading: "Your certified installer",
    blocks: [
      { kind: "paragraph", text: `Hello ${customerName},` },
      {
        kind: "paragraph",
        text: `You asked for a certified installer with your quote request #${quotationId}. ${installer.tradingName}, a verified dealer, has taken your enquiry and will call you to arrange a visit.`,
      },
      { kind: "fields", rows },
      ...(installer.slug
        ? [
            {
              kind: "action" as const,
              label: `About ${installer.tradingName}`,
              url: siteLink(site.siteUrl, `/installers/${installer.slug}`),
            },
          ]
        : []),
      { kind: "paragraph", text: "Our sales team still sends you the quotation for the products." },
    ],
    footer: footer(site),
  });
}

/** No installer took the enquiry (or none serves the province): sales assigns it by hand. */
export function leadUnassignedMail(opts: {
  leadId: number;
  quotationId: number;
  provinceName: string;
  reason: "none-serve" | "none-accepted";
  site: LeadMailSite;
}): Mail {
  const { leadId, quotationId, provinceName, reason, site } = opts;
  return composeMail({
    to: site.salesEmail,
    subject: `Installation enquiry #${leadId} in ${provinceName} needs an installer`,
    heading: `Enquiry #${leadId} needs an installer`,
    blocks: [
      {
        kind: "paragraph",
        text:
          reason === "none-serve"
            ? `No verified dealer takes leads in ${provinceName}, so the enquiry with quote request #${quotationId} was not offered to anyone.`
            : `Every verified dealer serving ${provinceName} declined the enquiry with quote request #${quotationId} or let it lapse.`,
      },
      { kind: "action", label: "Assign it to an installer", url: siteLink(site.siteUrl, "/admin/leads?status=unassigned") },
    ],
    footer: footer(site),
  });
}

/** The back office assigned an enquiry to a dealer: its contact is on the leads page. */
export function leadAssignedMail(opts: {
  to: string;
  company: string;
  provinceName: string;
  kit: readonly KitLine[];
  site: LeadMailSite;
}): Mail {
  const { to, company, provinceName, kit, site } = opts;
  return composeMail({
    to,
    subject: `An installation enquiry in ${provinceName} was assigned to ${company}`,
    heading: `Enquiry in ${provinceName} assigned to you`,
    blocks: [
      {
        kind: "paragraph",
        text: `Our sales team assigned an installation enquiry in ${provinceName} to ${company}. The customer's contact details are on your leads page; the customer has been told you will call.`,
      },
      kitTable(kit),
      { kind: "action", label: "Open your leads", url: siteLink(site.siteUrl, "/dealer/leads") },
    ],
    footer: footer(site),
  });
}
