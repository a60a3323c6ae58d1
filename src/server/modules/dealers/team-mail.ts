import type { MemberRole } from "#shared/roles.ts";
import { composeMail } from "../../platform/mailer/mail-templates.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";

type TeamMail = { to: string; name: string; company: string; site: string; role: MemberRole; invitedBy: string; url: string };

const ROLE_LINES: Record<MemberRole, string> = {
  buyer: "As a buyer, you see the company's dealer prices, order for it, and see its orders and quotations.",
  technician: "As a technician, you see the catalogue and the company's orders, without prices.",
};
const roleLine = (role: MemberRole) => ROLE_LINES[role];

/** A new team member's invitation (issue 25 §4): a link to choose a password, valid three days. */
export function teamInvitationMail({ to, name, company, site, role, invitedBy, url }: TeamMail): Mail {
  return composeMail({
    to,
    subject: `${invitedBy} invited you to ${company}'s dealer account at ${site}`,
    heading: `Join ${company} at ${site}`,
    blocks: [
      { kind: "paragraph", text: `Hello ${name},` },
      { kind: "paragraph", text: `${invitedBy} has added you to ${company}'s team on the ${site} dealer portal.` },
      { kind: "paragraph", text: roleLine(role) },
      {
        kind: "paragraph",
        text: "Choose your password with the link below; it works once, within three days. You sign in with this e-mail address.",
      },
      { kind: "action", label: "Choose your password", url, showUrl: true },
    ],
    footer: `${site} · If you do not know ${company}, you can ignore this e-mail.`,
  });
}

/** An existing account added to a company's team: it signs in as before and now acts for the company. */
export function addedToTeamMail({ to, name, company, site, role, invitedBy, url }: TeamMail): Mail {
  return composeMail({
    to,
    subject: `You are now on ${company}'s team at ${site}`,
    heading: `You are on ${company}'s team`,
    blocks: [
      { kind: "paragraph", text: `Hello ${name},` },
      { kind: "paragraph", text: `${invitedBy} has added your account to ${company}'s team on the ${site} dealer portal.` },
      { kind: "paragraph", text: roleLine(role) },
      { kind: "action", label: "Sign in", url },
    ],
    footer: `${site} · If you do not know ${company}, tell us by replying to this e-mail.`,
  });
}
