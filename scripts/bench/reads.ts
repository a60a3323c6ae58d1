// What a signed-in dealer feels, and what a read costs as the catalogue grows: the catalogue's reads (API and
// server-rendered pages), signed in as the demo dealer and not, on PostgreSQL with the catalogue grown to each size
// asked for (1,000 and 50,000 products by default). Each read's requests per second and, per request, the server's
// CPU, PostgreSQL's CPU (every postgres process on the machine) and the statements the server sent (main.ts prints
// its count on SIGUSR2). Two servers per size: "warm" as it runs in production (the 5-second caches on) and "cold"
// with PUBLIC_CACHE_MS=0, where every read goes to the database: the figure that shows a read's queries and growth.
//
// `npx tsx scripts/bench/reads.ts [--products 1000,50000] [--duration 5]` prints the figures alone (needs
// `npm run build`); `npm run bench` includes them in its report with their budgets.
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { DEMO_ACCOUNTS } from "../../src/server/seed/accounts.ts";
import { picturesDrawn, type ServerProcess, startServer } from "../../tests/support/server-process.ts";
import { postgresDatabase } from "./databases.ts";
import { growCatalogueSql } from "./grow-catalogue.ts";
import { runLoad } from "./load.ts";

export type ReadFigure = {
  name: string;
  path: string;
  signedIn: boolean;
  /** "warm": the production configuration; "cold": no shared caches (PUBLIC_CACHE_MS=0). */
  mode: "warm" | "cold";
  products: number;
  rps: number;
  p99Ms: number;
  /** The bare route's rate in the same server's run: the read's share of it. */
  ratio: number;
  serverMs: number;
  postgresMs: number;
  statements: number;
  errors: number;
  non2xx: number;
};

/** CPU time, ms, of one process (utime + stime of /proc/<pid>/stat). */
function cpuMs(pid: number): number {
  try {
    // The command name (field 2) may hold spaces: the fields counted from after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** CPU time, ms, of every PostgreSQL process on the machine (the server's backends, its writer and the rest). */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") total += cpuMs(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return total;
}

/** The statements the server has sent (SIGUSR2 makes it print "statements N"). */
async function statementsSent(server: ServerProcess): Promise<number> {
  const before = server.output().length;
  server.child.kill("SIGUSR2");
  for (let i = 0; i < 200; i++) {
    const m = server
      .output()
      .slice(before)
      .match(/statements (\d+)/);
    if (m?.[1]) return Number(m[1]);
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the server did not print its statement count on SIGUSR2");
}

const demoDealer = DEMO_ACCOUNTS.find((a) => a.role === "dealer");
if (!demoDealer) throw new Error("the demo has no dealer account");
/** The demo dealer's sign-in, as the seed made it. */
export const DEMO_DEALER_LOGIN = { user: demoDealer.username, password: demoDealer.password };

/** Signs the demo dealer in (as an API client) and returns its session cookie. */
export async function dealerCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_DEALER_LOGIN),
  });
  if (!res.ok) throw new Error(`the demo dealer could not sign in: ${res.status}`);
  const session = res.headers.getSetCookie().find((c) => /^(__Host-)?sid=/.test(c));
  if (!session) throw new Error("no session cookie");
  return session.split(";")[0] as string;
}

type Read = { name: string; path: string; signedIn: boolean };

function readsOf(productId: number): Read[] {
  const list = "/api/products/get-product-by-category/1?page=1&pageSize=12";
  const filtered =
    "/api/products/get-product-by-category/1?page=1&pageSize=12&spec.power_w.min=400&spec.cell_type=mono+PERC&sort=power-desc";
  return [
    { name: "bare route `GET /healthz`", path: "/healthz", signedIn: false },
    { name: "category list (API)", path: list, signedIn: false },
    { name: "category list (API)", path: list, signedIn: true },
    { name: "category list, filtered and sorted (API)", path: filtered, signedIn: true },
    { name: "one product (API)", path: `/api/products/get-product-by-id/${productId}`, signedIn: true },
    { name: "search (API)", path: "/api/search?q=inverter", signedIn: true },
    { name: "category page (SSR)", path: "/category/solar-panels", signedIn: false },
    { name: "category page (SSR)", path: "/category/solar-panels", signedIn: true },
    { name: "product page (SSR)", path: `/product/${productId}`, signedIn: true },
  ];
}

/** One server's figures: each read in turn at 10 connections. */
async function measureServer(
  server: ServerProcess,
  mode: "warm" | "cold",
  products: number,
  durationS: number,
  withPostgres: boolean,
): Promise<ReadFigure[]> {
  const base = server.url;
  const cookie = await dealerCookie(base);
  const first = (await (await fetch(`${base}/api/products/get-product-by-category/1?page=1&pageSize=1`)).json()) as {
    rows: { product_id: number }[];
  };
  const productId = first.rows[0]?.product_id ?? 1;
  const pid = server.child.pid as number;
  const out: ReadFigure[] = [];
  let bare = 0;
  for (const read of readsOf(productId)) {
    const headers: Record<string, string> = read.signedIn ? { cookie } : {};
    // A short warm-up: the pool's connections, the JIT, the caches a warm server has.
    await runLoad(base, { name: read.name, path: read.path, headers }, 10, 1);
    const [cpu0, pg0, st0] = [cpuMs(pid), withPostgres ? postgresCpuMs() : 0, await statementsSent(server)];
    const f = await runLoad(base, { name: read.name, path: read.path, headers }, 10, durationS);
    const [cpu1, pg1, st1] = [cpuMs(pid), withPostgres ? postgresCpuMs() : 0, await statementsSent(server)];
    const n = Math.max(1, f.requests);
    if (read.path === "/healthz") bare = f.rps;
    const figure: ReadFigure = {
      name: read.name,
      path: read.path,
      signedIn: read.signedIn,
      mode,
      products,
      rps: f.rps,
      p99Ms: f.p99Ms,
      ratio: bare > 0 ? Math.round((f.rps / bare) * 1000) / 1000 : 0,
      serverMs: Math.round(((cpu1 - cpu0) / n) * 100) / 100,
      postgresMs: Math.round(((pg1 - pg0) / n) * 100) / 100,
      // The two SIGUSR2 reads themselves send nothing to the database.
      statements: Math.round(((st1 - st0) / n) * 100) / 100,
      errors: f.errors,
      non2xx: f.non2xx,
    };
    console.error(
      `reads ${products} ${mode} ${read.signedIn ? "dealer" : "visitor"} ${read.name}: ${figure.rps} req/s, server ${figure.serverMs} ms, postgres ${figure.postgresMs} ms, ${figure.statements} statements`,
    );
    out.push(figure);
  }
  return out;
}

/** Every read at each catalogue size, warm and cold, on a PostgreSQL database of its own. */
export async function measureReads(sizes: number[], durationS: number): Promise<ReadFigure[]> {
  const figures: ReadFigure[] = [];
  for (const size of sizes) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "solar-bench-reads-"));
    const db = await postgresDatabase();
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: db.url, FORMS_PER_HOUR: "1000000" };
      // The first start migrates and seeds; the catalogue is grown to its size before the measured starts.
      const first = await startServer(env, 600_000);
      await picturesDrawn(first.url);
      await first.stop();
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const have = Number((await client.query<{ n: number }>("select count(*)::int as n from products")).rows[0]?.n ?? 0);
      await client.query(growCatalogueSql(size - have));
      await client.query("vacuum analyze");
      await client.end();
      for (const mode of ["warm", "cold"] as const) {
        const server = await startServer({ ...env, ...(mode === "cold" ? { PUBLIC_CACHE_MS: "0" } : {}) }, 120_000);
        try {
          figures.push(...(await measureServer(server, mode, size, durationS, true)));
        } finally {
          await server.stop();
        }
      }
    } finally {
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return figures;
}

/** The report's table of the reads. */
export function readsTable(figures: ReadFigure[]): string[] {
  return [
    "| products | caches | who | read | req/s | × bare | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | statements/req | non-2xx | errors |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...figures.map(
      (f) =>
        `| ${f.products.toLocaleString("en")} | ${f.mode} | ${f.signedIn ? "dealer" : "visitor"} | ${f.name} \`${f.path.length > 60 ? `${f.path.slice(0, 57)}…` : f.path}\` | ${f.rps} | ${(f.ratio * 100).toFixed(1)}% | ${f.p99Ms} | ${f.serverMs} | ${f.postgresMs} | ${f.statements} | ${f.non2xx} | ${f.errors} |`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { products: { type: "string", default: "1000,50000" }, duration: { type: "string", default: "5" } },
  });
  const sizes = values.products.split(",").map(Number);
  const figures = await measureReads(sizes, Number(values.duration));
  console.log(readsTable(figures).join("\n"));
}
