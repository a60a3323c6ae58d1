import { composeMail } from "../../platform/mailer/mail-templates.ts";
import type { Mail } from "../../platform/mailer/mailer.ts";

type Link = { to: string; name: string; url: string; company: string };

const footer = (company: string) => `${company} · If you did not ask for this e-mail, you can ignore it.`;

/** The link that confirms an e-mail address (after sign-up or an address change). */
export function verificationMail({ to, name, url, company }: Link): Mail {
  return composeMail({
    to,
    subject: `Confirm your e-mail address for ${company}`,
    heading: "Confirm your e-mail address",
    blocks: [
      { kind: "paragraph", text: `Hello ${name},` },
      { kind: "paragraph", text: `Open this link to confirm that this address is yours (it works once, for 24 hours):\n${url}` },
    ],
    footer: footer(company),
  });
}

/** The single-use link of a password reset (one hour). */
export function resetMail({ to, name, url, company }: Link): Mail {
  return composeMail({
    to,
    subject: `Reset your ${company} password`,
    heading: "Reset your password",
    blocks: [
      { kind: "paragraph", text: `Hello ${name},` },
      {
        kind: "paragraph",
        text: `Someone (we hope you) asked to reset the password of your account. Open this link to choose a new one; it works once, within one hour:\n${url}`,
      },
      { kind: "paragraph", text: "Setting a new password signs you out everywhere else." },
    ],
    footer: footer(company),
  });
}

/** The invitation of a new back-office account: a link to set its password (three days). */
export function invitationMail({ to, name, url, company, invitedBy }: Link & { invitedBy: string }): Mail {
  return composeMail({
    to,
    subject: `You have been invited to the ${company} back office`,
    heading: "Your back-office account",
    blocks: [
      { kind: "paragraph", text: `Hello ${name},` },
      {
        kind: "paragraph",
        text: `${invitedBy} has created a back-office account for you. Open this link to choose your password; it works once, within three days:\n${url}`,
      },
    ],
    footer: footer(company),
  });
}
