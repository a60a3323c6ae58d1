import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** What runs before the outbox of a DATA_DIR is read: the test app's due jobs (tests/support/test-app.ts). */
const beforeRead = new Map<string, () => Promise<unknown>>();

/** Runs `task` before each read of DATA_DIR/outbox (the in-process test app's mail jobs); returns the undo. */
export function onOutboxRead(dataDir: string, task: () => Promise<unknown>): () => void {
  beforeRead.set(dataDir, task);
  return () => beforeRead.delete(dataDir);
}

/**
 * The .eml files the mailer wrote to DATA_DIR/outbox, oldest first. For an in-process test app its due mail jobs
 * are run first; a server process (browser tests) sends them itself within moments.
 */
export async function outboxMails(dataDir: string): Promise<string[]> {
  await beforeRead.get(dataDir)?.();
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

export type OutboxAttachment = { filename: string; contentType: string; content: Buffer };

/** The attachments of an .eml file (any depth of multipart), their base64 bodies decoded. */
export function attachments(eml: string): OutboxAttachment[] {
  const boundaries = [...eml.matchAll(/boundary="?([^";\s]+)"?/gi)].map((m) => m[1] as string);
  const found: OutboxAttachment[] = [];
  for (const boundary of boundaries) {
    for (const part of eml.split(`--${boundary}`).slice(1)) {
      const [head = "", ...rest] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
      const headers = head.replace(/\r?\n[ \t]+/g, " ");
      if (!/^content-disposition:\s*attachment/im.test(headers)) continue;
      const filename = headers.match(/filename="?([^";\r\n]+)"?/i)?.[1] ?? "";
      const contentType = headers.match(/^content-type:\s*([^;\r\n]+)/im)?.[1]?.trim() ?? "";
      const body = rest.join("\n\n").replace(/--\s*$/, "");
      found.push({ filename, contentType, content: Buffer.from(body.replace(/\s+/g, ""), "base64") });
    }
  }
  return found;
}
