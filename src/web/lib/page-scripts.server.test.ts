import { expect, it } from "vitest";
import { holdUntilReadyScript } from "./hydration-loader.ts";
import { pageScripts } from "./page-scripts.server.ts";

const html =
  '<head><link rel="modulepreload" href="/assets/a.js" nonce="n1"/><link rel="stylesheet" href="/s.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js" nonce="n1"/></head><body>Ndiri kuuya — 🌞 2 < 3' +
  '<script nonce="n1" type="module" async="">import "/assets/a.js";</script></body>';

const eager =
  '<head><link rel="modulepreload" fetchpriority="low" href="/assets/a.js" nonce="n1"/><link rel="stylesheet" href="/s.css"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js" nonce="n1"/></head><body>Ndiri kuuya — 🌞 2 < 3' +
  `<script nonce="n1">${holdUntilReadyScript(false)}</script><script nonce="n1" type="module" async="">import "/assets/a.js";</script></body>`;

it("eager: marks every script preload low priority and puts the loader before the module script", () => {
  expect(pageScripts(html)).toBe(eager);
});
