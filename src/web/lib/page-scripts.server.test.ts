import { Readable } from "node:stream";
import { expect, it } from "vitest";
import { holdUntilReadyScript } from "./hydration-loader.ts";
import { pageScripts } from "./page-scripts.server.ts";

async function through(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const c of Readable.from(chunks).pipe(pageScripts())) out.push(Buffer.from(c));
  return Buffer.concat(out).toString("utf8");
}

const html =
  '<head><link rel="modulepreload" href="/assets/a.js" nonce="n1"/><link rel="stylesheet" href="/s.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js" nonce="n1"/></head><body>Ndiri kuuya — 🌞 2 < 3' +
  '<script nonce="n1" type="module" async="">import "/assets/a.js";</script></body>';

const eager =
  '<head><link rel="modulepreload" fetchpriority="low" href="/assets/a.js" nonce="n1"/><link rel="stylesheet" href="/s.css"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js" nonce="n1"/></head><body>Ndiri kuuya — 🌞 2 < 3' +
  `<script nonce="n1">${holdUntilReadyScript(false)}</script><script nonce="n1" type="module" async="">import "/assets/a.js";</script></body>`;

it("eager: marks every script preload low priority and puts the loader before the module script", async () => {
  expect(await through([Buffer.from(html)])).toBe(eager);
});

it("handles tags and multi-byte characters split at any point between chunks", async () => {
  const bytes = Buffer.from(html);
  for (let cut = 1; cut < bytes.length; cut++) {
    expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(eager);
  }
  // Byte by byte.
  expect(await through([...bytes].map((b) => Buffer.from([b])))).toBe(eager);
});
