import pg from "pg";
import type { Config } from "../config.ts";

/** The advisory lock's key (any 64-bit number the application uses for nothing else). */
const START_LOCK_KEY = 7_243_908_115_001;

/**
 * Runs `task` (migrations and the first seeding) while holding a PostgreSQL advisory lock, so that several server
 * processes starting together on one database take turns: the first migrates and seeds, the others then find the
 * migrations applied and the database not empty. The lock lives on a connection of its own (advisory locks belong
 * to a session, and a pool hands out any connection) and ends with it, also if the process dies. PGlite is one
 * process's own database: no lock.
 */
export async function withStartLock<T>(config: Pick<Config, "databaseUrl">, task: () => Promise<T>): Promise<T> {
  const url = config.databaseUrl;
  if (!url || url === "memory://") return task();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [START_LOCK_KEY]);
    return await task();
  } finally {
    await client.query("select pg_advisory_unlock($1)", [START_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}
