// `npx tsx scripts/bench/weigh-pages.ts <baseUrl>`: first-load weight of the public pages, as a table.
import { launchBrowser, pageWeight } from "./pages.ts";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const pages = ["/", "/products", "/category/solar-panels", "/product/1", "/blogs", "/case-studies", "/dealer", "/login", "/cart"];
const browser = await launchBrowser();
console.log("| page | JS files | JS gzip KB | JS brotli KB | JS on first use gzip KB | CSS gzip KB | HTML gzip KB |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const p of pages) {
  const w = await pageWeight(browser, base, p);
  console.log(`| ${p} | ${w.jsFiles} | ${w.jsGzipKb} | ${w.jsBrotliKb} | ${w.jsOnUseGzipKb} | ${w.cssGzipKb} | ${w.htmlGzipKb} |`);
}
await browser.close();
