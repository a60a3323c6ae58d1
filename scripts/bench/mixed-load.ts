// The load test's mix (`npm run load`, and `npm run bench`'s 200 connections on PostgreSQL): many connections for a
// while over a realistic mix of what visitors, dealers and admins do (browse pages, API reads, quote requests, logins,
// a signed-in dealer's reads), reporting errors, latency and throughput; afterwards every quote request that was
// answered 201 must be in the database exactly once.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { picturesDrawn, startServer } from "../../tests/support/server-process.ts";
import { postgresDatabase, readColumn } from "./databases.ts";
import { peakRss, rssMb } from "./memory.ts";
import { DEMO_DEALER_LOGIN, dealerCookie } from "./reads.ts";

type Ctx = { marker?: string };
type Step = autocannon.Request & { kind: string };

/**
 * One visit of the mix; every connection repeats it. Weights: 17 page views, 8 API reads, 2 quote requests, 1 login as
 * a visitor; 2 page views and 2 API reads as a signed-in dealer.
 */
function mix(
  base: string,
  runId: string,
  productIds: number[],
  accepted: Set<string>,
  counts: Map<string, number>,
  dealer: string,
): Step[] {
  let n = 0;
  const get = (kind: string, p: string): Step => ({ kind, method: "GET", path: p });
  // A signed-in dealer's reads (decision 033): never from the shared HTTP cache, their prices their own.
  const asDealer = (kind: string, p: string): Step => ({ kind: `dealer ${kind}`, method: "GET", path: p, headers: { cookie: dealer } });
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
    body: JSON.stringify(DEMO_DEALER_LOGIN),
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
    asDealer("page", "/category/solar-panels"),
    asDealer("api read", "/api/products/get-product-by-category/1"),
    asDealer("page", `/product/${product(1)}`),
    asDealer("api read", `/api/products/get-product-by-id/${product(2)}`),
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

/** One server on `database`, seeded as the demo, under the mix for `durationS` at `connections`. */
export async function runMixedLoad(database: "pglite" | "postgres", connections: number, durationS: number) {
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
  const dealer = await dealerCookie(base);
  const accepted = new Set<string>();
  const counts = new Map<string, number>();
  const peak = peakRss(pid);
  const result = await autocannon({
    url: base,
    connections,
    duration: durationS,
    timeout: 30,
    requests: mix(base, runId, productIds, accepted, counts, dealer),
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

export type MixedLoadRun = Awaited<ReturnType<typeof runMixedLoad>>;

/** What a run failed: errors or timeouts, accepted quote requests not stored or stored twice. */
export function mixedLoadFailures(r: MixedLoadRun): string[] {
  return [
    ...(r.errors + r.timeouts > 0 ? [`${r.database}: ${r.errors} errors and ${r.timeouts} timeouts`] : []),
    ...(r.quotes.missing > 0 ? [`${r.database}: ${r.quotes.missing} accepted quote requests not stored`] : []),
    ...(r.quotes.duplicated > 0 ? [`${r.database}: ${r.quotes.duplicated} quote requests stored twice`] : []),
  ];
}
