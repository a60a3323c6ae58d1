// `npm run bench [-- --runs N]`: start-up time and memory of the built server, and for the home, a category and a
// product page their Lighthouse mobile figures (median of N runs, default 3) and first-load weight.
// Writes bench/results/report.{json,md}. Needs `npm run build` first (npm start does it).
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startServer } from "../tests/support/server-process.ts";
import { type LighthouseFigures, launchChromium, medianLighthouse } from "./bench/lighthouse.ts";
import { type PageWeight, pageWeight } from "./bench/pages.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const runs = Math.max(1, Number(args.runs) || 3);

/** DESIGN.md §7 and issue 3: what a public page must reach. */
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100, jsGzipKb: 90 } as const;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Spawns the built server and measures the time until GET / answers 200. */
async function timeToFirst200(dataDir: string) {
  const t0 = performance.now();
  const server = await startServer({ DATA_DIR: dataDir });
  let status = 0;
  while (status !== 200) {
    status = (await fetch(`${server.url}/`).catch(() => ({ status: 0 }))).status;
  }
  return { ms: Math.round(performance.now() - t0), server };
}

type PageResult = { name: string; path: string; lighthouse: LighthouseFigures; weight: PageWeight };

function misses(p: PageResult): string[] {
  const out: string[] = [];
  for (const c of ["performance", "accessibility", "best-practices", "seo"] as const) {
    if (p.lighthouse.scores[c] < TARGETS[c]) out.push(`${c} ${p.lighthouse.scores[c]} < ${TARGETS[c]}`);
  }
  if (p.weight.jsGzipKb > TARGETS.jsGzipKb) out.push(`JS ${p.weight.jsGzipKb} KB > ${TARGETS.jsGzipKb} KB`);
  return out;
}

const dataDir = await mkdtemp(path.join(tmpdir(), "solar-bench-"));
try {
  const fresh = await timeToFirst200(dataDir);
  await fresh.server.stop();
  const warm = await timeToFirst200(dataDir);
  const base = warm.server.url;
  for (let i = 0; i < 20; i++) await fetch(`${base}/`);
  await new Promise((r) => setTimeout(r, 2000));
  const idleRss = await rssMb(warm.server.child.pid as number);

  const firstProduct = (await (await fetch(`${base}/api/products/get-product-by-category/1?page=1&pageSize=1`)).json()) as {
    rows: { product_id: number }[];
  };
  const pages = [
    { name: "home", path: "/" },
    { name: "category", path: "/category/solar-panels" },
    { name: "product", path: `/product/${firstProduct.rows[0]?.product_id ?? 1}` },
  ];
  // Every page once before measuring: the AVIF variants are encoded on first request, as after any deploy.
  for (const p of pages) await fetch(base + p.path);
  const chrome = await launchChromium();
  const results: PageResult[] = [];
  try {
    for (const p of pages) {
      const lighthouse = await medianLighthouse(base + p.path, chrome.port, runs);
      results.push({ ...p, lighthouse, weight: await pageWeight(base, p.path) });
      console.error(`measured ${p.path}`);
    }
  } finally {
    chrome.kill();
  }
  const peakRss = await rssMb(warm.server.child.pid as number);
  await warm.server.stop();

  const result = {
    date: new Date().toISOString(),
    node: process.version,
    database: "pglite",
    lighthouseRuns: runs,
    startToFirst200Ms: { firstStartWithSeed: fresh.ms, restart: warm.ms },
    rssMb: { idle: idleRss, afterLighthouse: peakRss },
    targets: TARGETS,
    pages: results.map((p) => ({ ...p, misses: misses(p) })),
  };
  await mkdir(path.join(root, "bench/results"), { recursive: true });
  await writeFile(path.join(root, "bench/results/report.json"), `${JSON.stringify(result, null, 2)}\n`);
  const row = (p: PageResult) => {
    const { scores: s, metrics: m } = p.lighthouse;
    const w = p.weight;
    return `| ${p.name} \`${p.path}\` | ${s.performance} | ${s.accessibility} | ${s["best-practices"]} | ${s.seo} | ${m.fcpMs} | ${m.lcpMs} | ${m.tbtMs} | ${m.cls} | ${m.speedIndexMs} | ${w.jsGzipKb} (${w.jsFiles} files; br ${w.jsBrotliKb}) | ${w.cssGzipKb} | ${w.htmlGzipKb} |`;
  };
  const missed = result.pages.filter((p) => p.misses.length > 0);
  const md = [
    "# Benchmark report",
    "",
    `Measured ${result.date} on Node ${result.node}, PGlite, 2 cores, with \`npm run bench\` (Lighthouse: median of ${runs} run(s), default mobile config, Debian Chromium).`,
    "",
    "## Start-up and memory",
    "",
    "| figure | value |",
    "| --- | --- |",
    `| process start → first 200 of \`/\`, first start (migrations + demo seed) | ${fresh.ms} ms |`,
    `| process start → first 200 of \`/\`, restart | ${warm.ms} ms |`,
    `| resident memory at idle (after 20 page loads) | ${idleRss} MB |`,
    `| resident memory after the Lighthouse runs | ${peakRss} MB |`,
    "",
    "## Public pages",
    "",
    `Targets: performance ≥ ${TARGETS.performance}; accessibility, best practices and SEO ${TARGETS.seo}; first-load JavaScript ≤ ${TARGETS.jsGzipKb} KB gzipped.`,
    "",
    "| page | perf | a11y | BP | SEO | FCP ms | LCP ms | TBT ms | CLS | SI ms | JS KB gz | CSS KB gz | HTML KB gz |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.map(row),
    "",
    missed.length === 0
      ? "Every page meets its targets."
      : `Missed: ${missed.map((p) => `${p.name} (${p.misses.join(", ")})`).join("; ")}.`,
    ...results.flatMap((p) => (p.lighthouse.failing.length > 0 ? [`- ${p.name} loses points on: ${p.lighthouse.failing.join(", ")}`] : [])),
    "",
  ].join("\n");
  await writeFile(path.join(root, "bench/results/report.md"), md);
  console.log(md);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
