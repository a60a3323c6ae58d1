// Password rules beyond the spec's length rule (decision 010). Server-only: src/shared must not import this
// module, so neither the common-password list nor zxcvbn's dictionaries ship to the browser; forms show the
// message the server answers.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

export const COMMON_PASSWORD = "This password is too common. Choose one that is harder to guess.";
export const WEAK_PASSWORD =
  "This password is too easy to guess. Use a longer one: three or four unrelated words, or a mix of words, numbers and symbols.";
export const PASSWORD_HAS_USERNAME = "This password contains your username. Choose one that does not.";
export const PASSWORD_HAS_EMAIL = "This password contains your e-mail address. Choose one that does not.";
export const PASSWORD_HAS_SITE_NAME = "This password contains the company's name. Choose one that does not.";
/** Back-office accounts (admin, super): decision 010. */
export const BACK_OFFICE_PASSWORD_MIN = 12;
export const BACK_OFFICE_PASSWORD_TOO_SHORT = `Back-office passwords must be at least ${BACK_OFFICE_PASSWORD_MIN} characters long.`;
/** zxcvbn's score (0–4) a password needs: 3 is "safely unguessable" against an offline attack on a slow hash. */
export const MIN_ZXCVBN_SCORE = 3;

/** How many of the list's most common entries are refused outright, whatever zxcvbn thinks. */
const LIST_SIZE = 10_000;

// The list: `passwords.json` of @zxcvbn-ts/language-common (MIT, © Dan Wheeler, Dropbox and zxcvbn-ts), an npm
// dependency, so nothing is downloaded at run time. It holds ~49,000 lower-case passwords, most common first.
// Read on first use with readFileSync rather than require(), so only the Set of the top LIST_SIZE stays in memory.
let common: ReadonlySet<string> | undefined;

/** The refused passwords, lower-case (loaded on first use). */
export function commonPasswords(): ReadonlySet<string> {
  if (!common) {
    const file = createRequire(import.meta.url).resolve("@zxcvbn-ts/language-common/src/passwords.json");
    const all: string[] = JSON.parse(readFileSync(file, "utf8"));
    common = new Set(all.slice(0, LIST_SIZE).map((p) => p.toLowerCase()));
  }
  return common;
}

/** True when the password, ignoring case, is one of the most common passwords. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

// Built on the first password checked (a sign-up, a reset, a change), never at start-up: its dictionaries take a
// few megabytes that most processes never need.
let zxcvbn: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  // maxLength: zxcvbn's time grows with the length (half a second at 128 characters); the first 64 decide.
  zxcvbn ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs, maxLength: 64 });
  return zxcvbn;
}

/** zxcvbn's score of the password, the account's own words counted as known to an attacker. */
export function passwordScore(password: string, userInputs: string[] = []): number {
  return estimator().check(password, userInputs).score;
}

export type PasswordContext = {
  username?: string | undefined;
  email?: string | undefined;
  /** The company's name (site settings): the first word an attacker tries. */
  siteName?: string | undefined;
  /** Back-office accounts need BACK_OFFICE_PASSWORD_MIN characters. */
  backOffice?: boolean | undefined;
};

/** Letters and digits only, lower-case: "Solar.Dealer" and "solardealer" are the same word to a guesser. */
const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** The first rule the password breaks, as a message that says what to do; null when it is good enough. */
export function passwordProblem(password: string, ctx: PasswordContext = {}): string | null {
  if (ctx.backOffice && [...password].length < BACK_OFFICE_PASSWORD_MIN) return BACK_OFFICE_PASSWORD_TOO_SHORT;
  if (isCommonPassword(password)) return COMMON_PASSWORD;
  const p = squash(password);
  const at = ctx.email?.lastIndexOf("@") ?? -1;
  const localPart = at >= 0 ? ctx.email?.slice(0, at) : ctx.email;
  // Words shorter than 3 letters would refuse good passwords by accident ("al" in "correct horse").
  const contains = (word: string | undefined) => !!word && squash(word).length >= 3 && p.includes(squash(word));
  if (contains(ctx.username)) return PASSWORD_HAS_USERNAME;
  if (contains(ctx.email) || contains(localPart)) return PASSWORD_HAS_EMAIL;
  if (contains(ctx.siteName)) return PASSWORD_HAS_SITE_NAME;
  const inputs = [ctx.username, ctx.email, localPart, ctx.siteName, ...(ctx.siteName?.split(/\s+/) ?? [])].filter(
    (s): s is string => !!s?.trim(),
  );
  if (passwordScore(password, inputs) < MIN_ZXCVBN_SCORE) return WEAK_PASSWORD;
  return null;
}
