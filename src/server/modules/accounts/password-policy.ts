// Password rules beyond the spec's length rule (issue 4). Server-only: src/shared must not import this module,
// so the list never ships to the browser.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export const COMMON_PASSWORD = "This password is too common. Choose one that is harder to guess.";

/** How many of the list's most common entries are refused. */
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

/** COMMON_PASSWORD when the password is common or equals the username or the e-mail's local part (ignoring case); else null. */
export function passwordProblem(password: string, ctx: { username?: string; email?: string } = {}): string | null {
  const p = password.toLowerCase();
  const at = ctx.email?.lastIndexOf("@") ?? -1;
  const localPart = at >= 0 ? ctx.email?.slice(0, at) : ctx.email;
  const personal = [ctx.username, localPart].filter((s): s is string => !!s?.trim()).map((s) => s.trim().toLowerCase());
  return isCommonPassword(password) || personal.includes(p) ? COMMON_PASSWORD : null;
}
