import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Config } from "../config.ts";
import { migrationsDir } from "../platform/paths.ts";
import { takeTurns } from "./pglite-turns.ts";
import { schema } from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle services receive inside db.transaction(). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the generated migrations in drizzle/. */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (the tests' seeded snapshot, loaded again with `loadDataDir`). */
  dump?(): Promise<Blob>;
  /**
   * Statements sent to the database since the process started (a transaction's BEGIN and COMMIT count): the
   * benchmark's queries per request (main.ts prints it on SIGUSR2).
   */
  statements(): number;
};

/**
 * PGlite's default shared_buffers (128 MB) lives inside the process: with it the server idles near 400 MB.
 * The demo-sized catalogue fits in far less, and the server stays under its 300 MB budget (DESIGN.md §7).
 */
const PGLITE_OPTIONS = {
  postgresqlconf: ["shared_buffers=16MB", "work_mem=4MB"],
  /** pg_trgm: the site search's typo tolerance (migration 0015 creates the extension). */
  extensions: { pg_trgm },
};

/**
 * What every connection starts with, so that no read needs a transaction to set it: the site search's typo
 * tolerance for `<%` (pg_trgm's default is 0.6; "lithum" is 0.5 from "lithium", modules/search).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

export class DatabaseUnavailableError extends Error {}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR/db ("memory://" keeps it in memory). */
export async function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  opts: { /** A new PGlite starts from this tarball of `dump()` (the tests' snapshots). */ loadDataDir?: Blob } = {},
): Promise<Database> {
  const url = config.databaseUrl;
  if (url && url !== "memory://") {
    // A short connect timeout: while PostgreSQL is down or restarting, requests are answered 503 at once
    // (platform/http.ts) instead of waiting; a refused connection fails sooner still.
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30_000,
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
    });
    // An idle client's error (server restart) must not crash the process; the next query reports it.
    pool.on("error", () => {});
    // A client in use (inside a transaction, between two queries) that loses its connection emits "error" too, and
    // nothing else listens then: without this the process would crash. Its next query fails, answered 503.
    let statements = 0;
    pool.on("connect", (client) => {
      client.on("error", () => {});
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        statements++;
        return query(...args);
      };
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      const client = await pool.connect();
      client.release();
    } catch (err) {
      await pool.end().catch(() => {});
      const where = safeUrl(url);
      throw new DatabaseUnavailableError(`Cannot connect to DATABASE_URL (${where}): ${(err as Error).message || String(err)}`);
    }
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(db as never, { migrationsFolder: migrationsDir }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      statements: () => statements,
    };
  }
  let client: PGlite;
  if (url === "memory://") {
    client = new PGlite(opts.loadDataDir ? { ...PGLITE_OPTIONS, loadDataDir: opts.loadDataDir } : PGLITE_OPTIONS);
  } else {
    const dir = path.join(config.dataDir, "db");
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, opts.loadDataDir ? { ...PGLITE_OPTIONS, loadDataDir: opts.loadDataDir } : PGLITE_OPTIONS);
  }
  await client.waitReady;
  await client.exec(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  // One statement or transaction per event-loop turn (pglite-turns.ts).
  const turns = takeTurns(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsDir }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir("none"),
    statements: turns.turnsTaken,
  };
}

function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = u.password ? "***" : "";
    return u.toString();
  } catch {
    return "invalid URL";
  }
}
