// `npm run load [-- --connections 200] [-- --duration 60] [-- --db pglite|postgres|both]`
//
// The load test: many connections for a while over a realistic mix of what visitors, dealers and admins do
// (browse pages, API reads, quote requests, logins), reporting errors, latency and throughput; afterwards every quote
// request that was answered 201 must be in the database exactly once. Writes bench/results/load.{md,json}.
// Needs `npm run build` first; PostgreSQL from BENCH_DATABASE_URL (default the machine's).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { mixedLoadFailures, runMixedLoad } from "./bench/mixed-load.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    connections: { type: "string", default: "200" },
    duration: { type: "string", default: "60" },
    db: { type: "string", default: "both" },
  },
});
const connections = Number(args.connections) || 200;
const durationS = Number(args.duration) || 60;
const databases = args.db === "both" ? (["pglite", "postgres"] as const) : ([args.db] as ("pglite" | "postgres")[]);

const runs = [];
for (const d of databases) {
  console.error(`load test on ${d}: ${connections} connections for ${durationS} s…`);
  runs.push(await runMixedLoad(d, connections, durationS));
}
const failures = runs.flatMap(mixedLoadFailures);
const md = [
  "# Load test",
  "",
  `Measured ${new Date().toISOString()} with \`npm run load\`: ${connections} connections for ${durationS} s, each repeating one visit of 32 requests (17 page views, 8 API reads, 2 quote requests, 1 dealer login as a visitor; 2 page views and 2 API reads as a signed-in dealer); autocannon on the same machine as the server.`,
  "",
  "| database | requests | req/s | p50 ms | p90 ms | p99 ms | max ms | errors | timeouts | non-2xx | quotes answered 201 | stored | missing | stored twice | RSS idle / peak MB |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ...runs.map(
    (r) =>
      `| ${r.database} | ${r.requests} | ${r.rps} | ${r.latencyMs.p50} | ${r.latencyMs.p90} | ${r.latencyMs.p99} | ${r.latencyMs.max} | ${r.errors} | ${r.timeouts} | ${r.non2xx} | ${r.quotes.accepted} | ${r.quotes.stored} | ${r.quotes.missing} | ${r.quotes.duplicated} | ${r.rssMb.idle} / ${r.rssMb.peak} |`,
  ),
  "",
  "Answers by kind and status:",
  "",
  ...runs.map(
    (r) =>
      `- ${r.database}: ${Object.entries(r.answers)
        .map(([k, v]) => `${k}: ${v}`)
        .join(", ")}`,
  ),
  "",
  failures.length === 0
    ? "No errors; every accepted quote request is stored exactly once."
    : `Failed:\n\n${failures.map((f) => `- ${f}`).join("\n")}`,
  "",
].join("\n");
await mkdir(path.join(root, "bench/results"), { recursive: true });
await writeFile(path.join(root, "bench/results/load.json"), `${JSON.stringify(runs, null, 2)}\n`);
await writeFile(path.join(root, "bench/results/load.md"), md);
console.log(md);
if (failures.length > 0) process.exit(1);
