import { inflateSync } from "node:zlib";

/** The text a PDF draws: its content streams inflated, and the strings of their text operators decoded. */
export function pdfText(body: Buffer): string {
  const raw = body.toString("latin1");
  const parts: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1] as string, "latin1")).toString("latin1");
    } catch {
      content = m[1] as string;
    }
    for (const s of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) parts.push(Buffer.from(s[1] as string, "hex").toString("latin1"));
    for (const s of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) parts.push(s[1] as string);
  }
  return parts.join("\n");
}
