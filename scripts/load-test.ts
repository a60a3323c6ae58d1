// `npm run load [-- --connections 200] [-- --duration 60] [-- --db pglite|postgres|both]`
//
// The load test: many connections for a while over a realistic mix of what visitors, dealers and admins do
// (browse pages, API reads, quote requests, logins), reporting errors, latency and throughput; afterwards every quote
// request that was answered 201 must be in the database exactly once. Writes bench/results/load.{md,json}.
// Needs `npm run build` first; PostgreSQL from BENCH_DATABASE_URL (default the machine's).
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { picturesDrawn, startServer } from "../tests/support/server-process.ts";
import { postgresDatabase, readColumn } from "./bench/databases.ts";
import { peakRss, rssMb } from "./bench/memory.ts";

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

type Ctx = { marker?: string };
type Step = autocannon.Request & { kind: string };

/** One visit of the mix; every connection repeats it. Weights: 17 page views, 8 API reads, 2 quote requests, 1 login. */
function mix(base: string, runId: string, productIds: number[], accepted: Set<string>, counts: Map<string, number>): Step[] {
  let n = 0;
  const get = (kind: string, p: string): Step => ({ kind, method: "GET", path: p });
  const product = (i: number) => productIds[i % productIds.length] ?? 1;
  const quote: Step = {
    kind: "quote request",
    method: "POST",
    path: "/api/quotations",
    headers: { "content-type": "application/json", origin: base },
    setupRequest: (req, context) => {
      const marker = `load:${runId}:${++n}`;
      (context as Ctx).marker = marker;
      return {
        ...req,
        body: JSON.stringify({
          customer_name: `Load Visitor ${n}`,
          customer_address: "12 Samora Machel Ave, Harare",
          customer_email: `load${n}@example.com`,
          customer_phone: "+263 77 123 4567",
          notes: marker,
          products: [{ product_id: product(n), quantity: 1 + (n % 5) }],
        }),
      };
    },
    onResponse: (status, _body, context) => {
      const marker = (context as Ctx).marker;
      if (status === 201 && marker) accepted.add(marker);
    },
  };
  const login: Step = {
    kind: "login",
    method: "POST",
    path: "/api/auth/login",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ user: "dealer", password: "demo-dealer-2026" }),
  };
  const steps: Step[] = [
    get("page", "/"),
    get("page", "/products"),
    get("page", "/category/solar-panels"),
    get("api read", "/api/products/get-product-by-category/1"),
    get("page", `/product/${product(0)}`),
    get("api read", `/api/products/get-product-by-id/${product(0)}`),
    get("page", `/product/${product(1)}`),
    get("page", "/category/energy-storage"),
    get("api read", "/api/products/categories"),
    quote,
    get("page", "/blogs"),
    get("page", "/case-studies"),
    get("api read", "/api/blogs/"),
    get("page", "/about"),
    get("page", "/dealer"),
    get("page", `/product/${product(2)}`),
    get("api read", "/api/featured/get-featured"),
    login,
    get("page", "/faqs"),
    get("page", "/contact"),
    get("api read", "/api/case-study"),
    get("page", `/product/${product(3)}`),
    get("api read", "/api/products/get-product-by-category/6"),
    get("page", "/insights"),
    quote,
    get("page", "/"),
    get("api read", "/api/faqs"),
    get("page", "/category/hybrid-inverters"),
  ];
  // Count answers per kind: every step's own onResponse, the quote's marker bookkeeping kept.
  return steps.map((s) => ({
    ...s,
    onResponse: (status: number, body: string, context: object, headers?: import("node:http").IncomingHttpHeaders) => {
      const key = `${s.kind} ${status}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (typeof s.onResponse === "function") s.onResponse(status, body, context, headers);
    },
  }));
}

async function loadDatabase(database: "pglite" | "postgres") {
  const dataDir = await mkdtemp(path.join(tmpdir(), `solar-load-${database}-`));
  const pgDb = database === "postgres" ? await postgresDatabase() : undefined;
  // One client sends every request here: the per-address limit of the public forms would refuse nearly all of them.
  const env: Record<string, string> = { DATA_DIR: dataDir, FORMS_PER_HOUR: "1000000", ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) };
  const first = await startServer(env, 600_000);
  await first.stop();
  const server = await startServer(env, 120_000);
  const base = server.url;
  // The first start draws the demo's pictures after "Site ready" (decision 027): the load is put on the finished site.
  await picturesDrawn(base);
  const pid = server.child.pid as number;
  const productIds = (
    (await (await fetch(`${base}/api/products/get-all-products?page=1&pageSize=24`)).json()) as { rows: { product_id: number }[] }
  ).rows.map((r) => r.product_id);
  for (const p of ["/", "/products", `/product/${productIds[0]}`]) await fetch(base + p);
  const idleRssMb = await rssMb(pid);
  const runId = Date.now().toString(36);
  const accepted = new Set<string>();
  const counts = new Map<string, number>();
  const peak = peakRss(pid);
  const result = await autocannon({
    url: base,
    connections,
    duration: durationS,
    timeout: 30,
    requests: mix(base, runId, productIds, accepted, counts),
  });
  const peakRssMb = await peak.stop();
  await server.stop();
  const where = { url: pgDb?.url, dataDir };
  const stored = await readColumn(where, `select notes as v from quotations where notes like 'load:${runId}:%'`);
  await pgDb?.drop();
  await rm(dataDir, { recursive: true, force: true });
  const seen = new Map<string, number>();
  for (const m of stored) seen.set(m, (seen.get(m) ?? 0) + 1);
  const duplicated = [...seen].filter(([, k]) => k > 1).length;
  const missing = [...accepted].filter((m) => !seen.has(m)).length;
  return {
    database,
    connections,
    durationS,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    answers: Object.fromEntries([...counts].sort()),
    quotes: { accepted: accepted.size, stored: stored.length, missing, duplicated },
    rssMb: { idle: idleRssMb, peak: peakRssMb },
  };
}

const runs = [];
for (const d of databases) {
  console.error(`load test on ${d}: ${connections} connections for ${durationS} s…`);
  runs.push(await loadDatabase(d));
}
const failures = runs.flatMap((r) => [
  ...(r.errors + r.timeouts > 0 ? [`${r.database}: ${r.errors} errors and ${r.timeouts} timeouts`] : []),
  ...(r.quotes.missing > 0 ? [`${r.database}: ${r.quotes.missing} accepted quote requests not stored`] : []),
  ...(r.quotes.duplicated > 0 ? [`${r.database}: ${r.quotes.duplicated} quote requests stored twice`] : []),
]);
const md = [
  "# Load test",
  "",
  `Measured ${new Date().toISOString()} with \`npm run load\`: ${connections} connections for ${durationS} s, each repeating one visit of 28 requests (17 page views, 8 API reads, 2 quote requests, 1 dealer login); autocannon on the same machine as the server.`,
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
