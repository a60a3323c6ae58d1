import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** The .eml files the mailer wrote to DATA_DIR/outbox, oldest first. */
export async function outboxMails(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, "outbox");
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(files.sort().map((f) => readFile(path.join(dir, f), "utf8")));
}

/** A header of an .eml file, folded lines joined. */
export function header(eml: string, name: string): string {
  const head = eml.split(/\n\n/)[0]?.replace(/\n[ \t]+/g, " ") ?? "";
  return head.match(new RegExp(`^${name}: (.*)$`, "im"))?.[1] ?? "";
}

/** Quoted-printable soft breaks and escapes undone, so body text can be searched. */
export function decoded(eml: string): string {
  return eml.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** The token of the first link to `pagePath` (e.g. "/verification") in a mail. */
export function linkToken(eml: string, pagePath: string): string {
  const token = decoded(eml).match(new RegExp(`https?://[^\\s"<]+${pagePath}\\?token=([A-Za-z0-9_-]+)`))?.[1];
  if (!token) throw new Error(`no ${pagePath} link in the mail`);
  return token;
}
