// Databases for the benchmark and the load test: a throwaway PostgreSQL database, and counting rows afterwards.
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";

/** A new database on BENCH_DATABASE_URL's server (default the machine's PostgreSQL), dropped by `drop()`. */
export async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Every value of a one-column query (`… as v`): PostgreSQL at `url`, or the PGlite in `dataDir` once its server stopped. */
export async function readColumn(where: { url?: string; dataDir: string }, query: string): Promise<string[]> {
  if (where.url) {
    const c = new pg.Client({ connectionString: where.url });
    await c.connect();
    const r = await c.query<{ v: string }>(query);
    await c.end();
    return r.rows.map((row) => row.v);
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = new PGlite(path.join(where.dataDir, "db"), { extensions: { pg_trgm } });
  const r = await db.query<{ v: string }>(query);
  await db.close();
  return r.rows.map((row) => row.v);
}

/** A count (`select count(*)::int as v …`). */
export async function countRows(where: { url?: string; dataDir: string }, query: string): Promise<number> {
  return Number((await readColumn(where, query))[0] ?? 0);
}
