import type { MemberRole } from "#shared/roles.ts";
import { MEMBER_ROLE_HINTS, MEMBER_ROLE_LABELS } from "#shared/schemas/team.ts";
import { composeMail } from "../../platform/mailer/mail-templates.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";

type TeamMail = { to: string; name: string; company: string; site: string; role: MemberRole; invitedBy: string; url: string };

const roleLine = (role: MemberRole) =>
  `As a ${MEMBER_ROLE_LABELS[role].toLowerCase()}, you ${MEMBER_ROLE_HINTS[role].charAt(0).toLowerCase()}${MEMBER_ROLE_HINTS[role].slice(1)}`;

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
