// EXPLAIN ANALYZE of the catalogue's public reads, on a catalogue grown to `products` rows so that the planner has a
// reason to prefer an index (on the demo's few dozen rows any plan is a sequential scan). The SQL is the service's
// own: captured from Drizzle's logger while the service answers, then explained with the same parameters.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { Db } from "../../src/server/db/client.ts";
import { schema } from "../../src/server/db/schema.ts";
import { createCatalogueService } from "../../src/server/modules/catalogue/catalogue.service.ts";
import { createSearchService } from "../../src/server/modules/search/search.service.ts";
import { migrationsDir } from "../../src/server/platform/paths.ts";
import { createDiskStorage } from "../../src/server/platform/storage/storage.ts";
import { seedIfEmpty } from "../../src/server/seed/seed.ts";
import { DEFAULT_SITE_SETTINGS } from "../../src/shared/schemas/settings.ts";
import { growCatalogueSql } from "./grow-catalogue.ts";

export type ExplainedQuery = {
  call: string;
  sql: string;
  /** Queries the call made (no N+1: a constant, whatever the page size). */
  queries: number;
  plan: string[];
  executionMs: number;
  seqScanOnProducts: boolean;
};

/** The tables the catalogue's reads must never scan whole: the products and, their stock. */
const BIG_TABLES = /Seq Scan on (products|stock_levels|stock_movements|shipment_lines)\b/;

/**
 * A sequential scan of products (or their stock) that reads half the table or more (rows returned plus rows its filter removed). The
 * search's capped candidate scans (`limit`) stop after a few dozen rows: they are not whole-table reads.
 */
function readsWholeProducts(plan: string[], total: number): boolean {
  return plan.some((line, i) => {
    // A stock table is compared with the products' count too: both grow with the catalogue.
    if (!BIG_TABLES.test(line) || line.includes("never executed")) return false;
    let read = Number(line.match(/actual rows=([\d.]+)/)?.[1] ?? 0);
    for (const next of plan.slice(i + 1)) {
      if (next.includes("->")) break;
      read += Number(next.match(/Rows Removed by Filter: (\d+)/)?.[1] ?? 0);
    }
    return read >= total / 2;
  });
}

export async function explainCatalogue(productsWanted = 20_000): Promise<{ products: number; queries: ExplainedQuery[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), "solar-explain-"));
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    let captured: { sql: string; params: unknown[] }[] = [];
    const db = drizzle(client, {
      schema,
      logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
    }) as unknown as Db;
    await migrate(db as never, { migrationsFolder: migrationsDir });
    await seedIfEmpty(db, createDiskStorage(path.join(dir, "uploads")), { media: false });
    await client.exec(growCatalogueSql(productsWanted));
    // As autovacuum leaves a live table: statistics for the planner, the visibility map for index-only scans.
    await client.exec("vacuum analyze");
    const total = Number((await client.query<{ n: number }>("select count(*)::int as n from products")).rows[0]?.n ?? 0);
    // Visitors see no prices: the exchange rate is never read for them.
    const catalogue = createCatalogueService(db, { get: async () => DEFAULT_SITE_SETTINGS }, { exchangeRateOn: async () => null });
    const visitor = null;
    const search = createSearchService(db);
    const calls: [string, () => Promise<unknown>][] = [
      ["productsByCategory(1, page 1 of 10)", () => catalogue.productsByCategory(visitor, 1, { page: 1, pageSize: 10 })],
      ["productsByCategory(6, page 50 of 20)", () => catalogue.productsByCategory(visitor, 6, { page: 50, pageSize: 20 })],
      // A category's filters, sort and facets: its rows, its count and its facets, one query each.
      [
        "productsByCategory(1, ≥ 400 W, mono PERC, by power)",
        () =>
          catalogue.productsByCategory(visitor, 1, { page: 1, pageSize: 12 }, [
            ["spec.power_w.min", "400"],
            ["spec.cell_type", "mono PERC"],
            ["sort", "power-desc"],
          ]),
      ],
      [
        "productsByCategory(7, 48 V, two brands)",
        () =>
          catalogue.productsByCategory(visitor, 7, { page: 1, pageSize: 12 }, [
            ["spec.battery_voltage_v", "48"],
            ["brand", "1"],
            ["brand", "2"],
          ]),
      ],
      ["productById(1)", () => catalogue.productById(visitor, 1)],
      ["allProducts(page 1 of 24)", () => catalogue.allProducts(visitor, { page: 1, pageSize: 24 })],
      ["listFeatured()", () => catalogue.listFeatured()],
      ["listCategories()", () => catalogue.listCategories()],
      // The site search: a name, units, typos (its products query, then its content query).
      ["search(SunVolt Hybrid 5kW 48V)", () => search.search({ q: "SunVolt Hybrid 5kW 48V", limit: 8 })],
      ["search(5 kW inverter)", () => search.search({ q: "5 kW inverter", limit: 8 })],
      ["search(inverterr)", () => search.search({ q: "inverterr", limit: 8 })],
      ["search(lithum)", () => search.search({ q: "lithum", limit: 8 })],
      // The worst case: a word of every generated product, and a category's name.
      ["search(bench product)", () => search.search({ q: "bench product", limit: 8 })],
      ["search(hybrid inverters)", () => search.search({ q: "hybrid inverters", limit: 8 })],
      // SKUs: exact, the start of one, and a start that 11,111 generated SKUs share (BP-1…).
      ["search(SV-410M-PERC)", () => search.search({ q: "SV-410M-PERC", limit: 8 })],
      ["search(sv410m)", () => search.search({ q: "sv410m", limit: 6 })],
      ["search(bp1)", () => search.search({ q: "bp1", limit: 6 })],
    ];
    // The search sets its trigram threshold for its own transaction (set_config, local): here, for the session.
    await client.exec("set pg_trgm.word_similarity_threshold = 0.5");
    const out: ExplainedQuery[] = [];
    for (const [call, run] of calls) {
      captured = [];
      await run();
      const made = captured;
      for (const q of made) {
        if (q.sql.startsWith("select set_config(")) continue;
        const res = await client.query<{ "QUERY PLAN": string }>(
          `explain (analyze, costs off, timing off, summary on) ${q.sql}`,
          q.params as never[],
        );
        const plan = res.rows.map((r) => r["QUERY PLAN"]);
        const time = plan.find((l) => l.startsWith("Execution Time"));
        out.push({
          call,
          sql: q.sql,
          queries: made.length,
          plan: plan.filter((l) => !l.startsWith("Planning") && !l.startsWith("Execution")),
          executionMs: Number(time?.match(/([\d.]+) ms/)?.[1] ?? Number.NaN),
          seqScanOnProducts: readsWholeProducts(plan, total),
        });
      }
    }
    return { products: total, queries: out };
  } finally {
    await client.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { products, queries } = await explainCatalogue(Number(process.argv[2] ?? 20_000));
  console.log(`${products} products`);
  for (const q of queries) {
    const whole = q.seqScanOnProducts ? ", reads the whole products table" : "";
    console.log(`\n## ${q.call} (${q.queries} queries, ${q.executionMs} ms${whole})\n${q.sql}\n${q.plan.join("\n")}`);
  }
}
