import type { MemberRole } from "#shared/roles.ts";
import { composeMail } from "../../platform/mailer/mail-templates.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";

type TeamMail = { to: string; name: string; company: string; site: string; role: MemberRole; invitedBy: string; url: string };

const ROLE_LINES: Record<MemberRole, string> = {
  buyer: "As a buyer, you would see the company's dealer prices, order for it, and see its orders and quotations.",
  technician: "As a technician, you would see the catalogue and the company's orders, without prices.",
};
const roleLine = (role: MemberRole) => ROLE_LINES[role];

/**
 * An invitation to an address without an account (decision 023): an account is made for it, and
 * choosing its password through the link (single use, three days) is the holder's consent to join.
 */
export function teamInvitationMail({ to, name, company, site, role, invitedBy, url }: TeamMail): Mail {
  return composeMail({
    to,
    subject: `${invitedBy} invited you to ${company}'s dealer account at ${site}`,
    heading: `Join ${company} at ${site}`,
    blocks: [
      { kind: "paragraph", text: `Hello ${name},` },
      { kind: "paragraph", text: `${invitedBy} has invited you to join ${company}'s team on the ${site} dealer portal.` },
      { kind: "paragraph", text: roleLine(role) },
      {
        kind: "paragraph",
        text: "To accept, choose your password with the link below: you then sign in with this e-mail address as one of the company's team. The link works once, within three days.",
      },
      { kind: "action", label: "Accept and choose your password", url, showUrl: true },
      { kind: "paragraph", text: "If you would rather not join, ignore this e-mail: nothing happens without you." },
    ],
    footer: `${site} · If you do not know ${company}, you can ignore this e-mail.`,
  });
}

/**
 * An invitation to an address that already has an account (decision 023): nothing changes until its holder, signed in
 * as that account, accepts on the page the link opens (single use, three days). `name` is the account's own name.
 */
export function teamJoinMail({ to, name, company, site, role, invitedBy, url }: TeamMail): Mail {
  return composeMail({
    to,
    subject: `${invitedBy} invited you to join ${company}'s team at ${site}`,
    heading: `Join ${company}'s team?`,
    blocks: [
      { kind: "paragraph", text: `Hello ${name},` },
      {
        kind: "paragraph",
        text: `${invitedBy} has invited you to join ${company}'s team on the ${site} dealer portal, with the account you already have for this e-mail address.`,
      },
      { kind: "paragraph", text: roleLine(role) },
      {
        kind: "paragraph",
        text: "Nothing changes until you accept. Open the link, sign in with this e-mail address if you are asked to, and choose Accept. The link works once, within three days.",
      },
      { kind: "action", label: "See the invitation", url, showUrl: true },
      { kind: "paragraph", text: "If you would rather not join, ignore this e-mail: your account stays as it is." },
    ],
    footer: `${site} · If you do not know ${company}, you can ignore this e-mail.`,
  });
}
