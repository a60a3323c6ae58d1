// First-load weight of a page, as a browser fetches it: Debian Chromium opens the page and waits until the network is
// quiet, without touching it (what a visitor who only reads costs, and what Lighthouse sees); then the pointer moves
// over the page and what its first use loads is measured on top (decision 009: visitors' pages load their scripts
// on first use). Scripts are counted gzipped (-9), as the budget (DESIGN.md §7) is written.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
import { CHROMIUM } from "./lighthouse.ts";

export type PageWeight = {
  jsFiles: number;
  jsRawKb: number;
  /** gzip -9 of the scripts fetched on a first load: the figure the budget is written in. */
  jsGzipKb: number;
  /** What the server really sends (the .br written at build time). */
  jsBrotliKb: number;
  /** gzip -9 of the scripts fetched once the page is first used (pointer over it), on top of jsGzipKb. */
  jsOnUseGzipKb: number;
  cssGzipKb: number;
  htmlGzipKb: number;
};

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM });
}

export async function pageWeight(browser: Browser, base: string, pagePath: string): Promise<PageWeight> {
  const page = await browser.newPage();
  try {
    const bodies = new Map<string, { type: string; body: Buffer }>();
    const pending: Promise<void>[] = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (type !== "script" && type !== "stylesheet" && type !== "document") return;
      pending.push(
        response.body().then(
          (body) => void bodies.set(response.url(), { type, body }),
          () => {},
        ),
      );
    });
    await page.goto(base + pagePath, { waitUntil: "networkidle" });
    await Promise.all(pending.splice(0));
    const firstLoad = new Map(bodies);
    await page.mouse.move(10, 10);
    await page.mouse.move(200, 300);
    // React's pages hydrate; visitors' pages are sent without React and run their small module (decision 013).
    await page.waitForFunction(() => {
      const w = window as Window & { __hydrated?: boolean; __enhanced?: boolean };
      return w.__hydrated === true || w.__enhanced === true;
    });
    await page.waitForLoadState("networkidle");
    await Promise.all(pending.splice(0));
    const of = (map: Map<string, { type: string; body: Buffer }>, type: string) =>
      [...map.values()].filter((v) => v.type === type).map((v) => v.body);
    const js = of(firstLoad, "script");
    const sum = (bufs: Buffer[], f: (b: Buffer) => number) => kb(bufs.reduce((n, b) => n + f(b), 0));
    const onUse = [...bodies.entries()].filter(([url, v]) => v.type === "script" && !firstLoad.has(url)).map(([, v]) => v.body);
    return {
      jsFiles: js.length,
      jsRawKb: sum(js, (b) => b.length),
      jsGzipKb: sum(js, gz),
      jsBrotliKb: sum(js, (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length),
      jsOnUseGzipKb: sum(onUse, gz),
      cssGzipKb: sum(of(firstLoad, "stylesheet"), gz),
      htmlGzipKb: sum(of(firstLoad, "document"), gz),
    };
  } finally {
    await page.close();
  }
}
