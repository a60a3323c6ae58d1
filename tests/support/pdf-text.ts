import { inflateSync } from "node:zlib";

/** The text a PDF draws: its content streams inflated, and the strings of their text operators decoded. */
export function pdfText(body: Buffer): string {
  const raw = body.toString("latin1");
  const parts: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const content = inflated(m[1] as string);
    for (const s of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) parts.push(Buffer.from(s[1] as string, "hex").toString("latin1"));
    for (const s of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) parts.push(s[1] as string);
  }
  return parts.join("\n");
}

/**
 * A stream's content, inflated when it is compressed. A compressed stream that ends in a carriage return byte (one in
 * 256) loses it to the `\r\n` before `endstream` in the match above, so that byte is given back when the first try
 * fails.
 */
function inflated(stream: string): string {
  for (const bytes of [stream, `${stream}\r`]) {
    try {
      return inflateSync(Buffer.from(bytes, "latin1")).toString("latin1");
    } catch {
      // not compressed, or cut short: the next try, else the stream as it is
    }
  }
  return stream;
}
