// First-load weight of a page: the scripts and stylesheets its server-rendered HTML asks for.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type PageWeight = {
  jsFiles: number;
  jsRawKb: number;
  /** gzip -9: the figure the budget (DESIGN.md §7) is written in. */
  jsGzipKb: number;
  /** What the server really sends (the .br written at build time). */
  jsBrotliKb: number;
  cssGzipKb: number;
  htmlGzipKb: number;
};

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

export async function pageWeight(base: string, pagePath: string): Promise<PageWeight> {
  const html = await (await fetch(base + pagePath)).text();
  const assets = (ext: string) => [
    ...new Set([...html.matchAll(new RegExp(`(?:href|src)="(/assets/[^"]+\\.${ext})"`, "g"))].map((m) => m[1] as string)),
  ];
  const bodies = async (urls: string[]) => Promise.all(urls.map(async (u) => Buffer.from(await (await fetch(base + u)).arrayBuffer())));
  const js = await bodies(assets("js"));
  const css = await bodies(assets("css"));
  const sum = (bufs: Buffer[], f: (b: Buffer) => number) => kb(bufs.reduce((n, b) => n + f(b), 0));
  const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;
  return {
    jsFiles: js.length,
    jsRawKb: sum(js, (b) => b.length),
    jsGzipKb: sum(js, gz),
    jsBrotliKb: sum(js, (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length),
    cssGzipKb: sum(css, gz),
    htmlGzipKb: kb(gz(Buffer.from(html))),
  };
}
