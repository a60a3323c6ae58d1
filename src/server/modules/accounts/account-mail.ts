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
      { kind: "paragraph", text: "Please confirm that this address is yours. The link works once, for 24 hours." },
      { kind: "action", label: "Confirm my e-mail address", url, showUrl: true },
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
        text: "Someone (we hope you) asked to reset the password of your account. Choose a new one with the link below; it works once, within one hour.",
      },
      { kind: "action", label: "Choose a new password", url, showUrl: true },
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
        text: `${invitedBy} has created a back-office account for you. Choose your password with the link below; it works once, within three days.`,
      },
      { kind: "action", label: "Choose your password", url, showUrl: true },
    ],
    footer: footer(company),
  });
}

/** Sign-up with an address that already has an account: the answer is "check your e-mail", and this is the e-mail. */
export function accountExistsMail({
  to,
  name,
  company,
  signInUrl,
  resetUrl,
}: Omit<Link, "url"> & { signInUrl: string; resetUrl: string }): Mail {
  return composeMail({
    to,
    subject: `You already have a ${company} account`,
    heading: "You already have an account",
    blocks: [
      { kind: "paragraph", text: `Hello ${name},` },
      {
        kind: "paragraph",
        text: "Someone (we hope you) tried to sign up with this e-mail address, which already has an account.",
      },
      { kind: "action", label: "Sign in", url: signInUrl },
      { kind: "link", text: "Forgotten your password? Ask for a new one here:", url: resetUrl },
    ],
    footer: footer(company),
  });
}

/** Sign-up whose username is someone else's: said only to the address that signed up, never on the page. */
export function usernameTakenMail({
  to,
  name,
  company,
  username,
  signupUrl,
}: Omit<Link, "url"> & { username: string; signupUrl: string }): Mail {
  return composeMail({
    to,
    subject: `Your ${company} sign-up is not complete`,
    heading: "Choose another username",
    blocks: [
      { kind: "paragraph", text: `Hello ${name},` },
      {
        kind: "paragraph",
        text: `The username "${username}" is already taken, so no account was created. Please sign up again with another username.`,
      },
      { kind: "action", label: "Sign up again", url: signupUrl },
    ],
    footer: footer(company),
  });
}

/** Sent to the old address when an account's e-mail address changes: a link puts it back (7 days). */
export function emailChangedMail({ to, name, url, company, newEmail }: Link & { newEmail: string }): Mail {
  return composeMail({
    to,
    subject: `The e-mail address of your ${company} account was changed`,
    heading: "Your e-mail address was changed",
    blocks: [
      { kind: "paragraph", text: `Hello ${name},` },
      { kind: "paragraph", text: `The e-mail address of your account was changed to ${newEmail}.` },
      {
        kind: "paragraph",
        text: "Not you? Within 7 days, the link below puts this address back and signs you out everywhere; then reset your password.",
      },
      { kind: "action", label: "Put my address back", url, showUrl: true },
    ],
    footer: `${company} · If you made this change, you can ignore this e-mail.`,
  });
}

/**
 * To the new address of an e-mail change: the account's address changes only once this link is opened (single use,
 * 24 hours), so an address nobody has proven is never an account's, and the answer to the change never says
 * whether the address already had an account.
 */
export function emailChangeMail({ to, name, url, company }: Link): Mail {
  return composeMail({
    to,
    subject: `Confirm your new e-mail address for ${company}`,
    heading: "Confirm your new e-mail address",
    blocks: [
      { kind: "paragraph", text: `Hello ${name},` },
      {
        kind: "paragraph",
        text: "You asked to use this address for your account. It takes the place of your current address once you open the link below; it works once, for 24 hours.",
      },
      { kind: "action", label: "Use this e-mail address", url, showUrl: true },
    ],
    footer: footer(company),
  });
}

/**
 * To an address that already has an account, when another account asks to change to it: the change answers as any
 * other (no oracle), and the address's owner is told, as a sign-up with their address tells them.
 */
export function emailInUseMail({ to, name, company, resetUrl }: Omit<Link, "url"> & { resetUrl: string }): Mail {
  return composeMail({
    to,
    subject: `Someone asked to use your e-mail address at ${company}`,
    heading: "Your e-mail address is already in use",
    blocks: [
      { kind: "paragraph", text: `Hello ${name},` },
      {
        kind: "paragraph",
        text: "Another account asked to change its e-mail address to this one. This address already belongs to your account, so nothing was changed.",
      },
      { kind: "paragraph", text: "If you did not expect this, your account is safe; you may still choose a new password." },
      { kind: "action", label: "Choose a new password", url: resetUrl },
    ],
    footer: footer(company),
  });
}

/** Sent to the account's address when its username changes. */
export function usernameChangedMail({
  to,
  name,
  company,
  username,
  resetUrl,
}: Omit<Link, "url"> & { username: string; resetUrl: string }): Mail {
  return composeMail({
    to,
    subject: `The username of your ${company} account was changed`,
    heading: "Your username was changed",
    blocks: [
      { kind: "paragraph", text: `Hello ${name},` },
      { kind: "paragraph", text: `The username of your account is now "${username}".` },
      { kind: "paragraph", text: "Not you? Reset your password at once." },
      { kind: "action", label: "Reset my password", url: resetUrl },
    ],
    footer: `${company} · If you made this change, you can ignore this e-mail.`,
  });
}
