// `npm run bench`: start-up time, idle memory and first-load JavaScript of the built site.
// Writes bench/results/foundation.{json,md}. Needs `npm run build` first (npm start does it).
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startServer } from "../tests/support/server-process.ts";

const root = path.resolve(import.meta.dirname, "..");

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

async function firstLoadJs(base: string, pagePath: string) {
  const html = await (await fetch(base + pagePath)).text();
  const urls = [...new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string))];
  let raw = 0;
  let gz = 0;
  for (const u of urls) {
    const body = Buffer.from(await (await fetch(base + u)).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body).length;
  }
  return { files: urls.length, rawKb: Math.round(raw / 102.4) / 10, gzipKb: Math.round(gz / 102.4) / 10 };
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
  const homeJs = await firstLoadJs(base, "/");
  await warm.server.stop();

  const result = {
    date: new Date().toISOString(),
    node: process.version,
    database: "pglite",
    startToFirst200Ms: { firstStartWithSeed: fresh.ms, restart: warm.ms },
    idleRssMb: idleRss,
    homeFirstLoadJs: homeJs,
  };
  await mkdir(path.join(root, "bench/results"), { recursive: true });
  await writeFile(path.join(root, "bench/results/foundation.json"), `${JSON.stringify(result, null, 2)}\n`);
  const md = [
    "# Foundation figures",
    "",
    `Measured ${result.date} on Node ${result.node}, PGlite, with \`npm run bench\`.`,
    "",
    "| figure | value |",
    "| --- | --- |",
    `| process start → first 200 of \`/\`, first start (migrations + demo seed) | ${fresh.ms} ms |`,
    `| process start → first 200 of \`/\`, restart | ${warm.ms} ms |`,
    `| resident memory at idle (after 20 page loads) | ${idleRss} MB |`,
    `| JavaScript of a first load of \`/\` | ${homeJs.files} files, ${homeJs.rawKb} KB raw, ${homeJs.gzipKb} KB gzipped |`,
    "",
  ].join("\n");
  await writeFile(path.join(root, "bench/results/foundation.md"), md);
  console.log(md);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
