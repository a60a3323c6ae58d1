import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";

/**
 * A fresh, migrated database for one test file — with the demo rows when `seeded` (no generated files) — copied
 * from the snapshots Vitest's global setup made once (`support/db-snapshots.ts`): in-memory PGlite loaded from its
 * tarball by default, or, when DATABASE_URL is set, a new database on that PostgreSQL server made from its template
 * and dropped again by `close()`.
 */
export async function createTestDatabase(opts: { seeded?: boolean } = {}): Promise<Database> {
  const snapshots = inject("dbSnapshots");
  const which = opts.seeded ? snapshots.seeded : snapshots.migrated;
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const tarball = new Blob([await readFile(which)]);
    return openDatabase({ databaseUrl: "memory://", dataDir: "" }, { loadDataDir: tarball });
  }
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${which}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
