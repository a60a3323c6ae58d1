import { Readable } from "node:stream";
import { expect, it } from "vitest";
import { lowerScriptPriority } from "./script-priority.server.ts";

async function through(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const c of Readable.from(chunks).pipe(lowerScriptPriority())) out.push(Buffer.from(c));
  return Buffer.concat(out).toString("utf8");
}

const html =
  '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/s.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head><body>Ndiri kuuya — 🌞</body>';
const expected = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

it("marks every script preload low priority and leaves the rest of the page as it was", async () => {
  expect(await through([Buffer.from(html)])).toBe(expected);
});

it("handles tags and multi-byte characters split at any point between chunks", async () => {
  const bytes = Buffer.from(html);
  for (let cut = 1; cut < bytes.length; cut++) {
    expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
  }
  // Byte by byte.
  expect(await through([...bytes].map((b) => Buffer.from([b])))).toBe(expected);
});
