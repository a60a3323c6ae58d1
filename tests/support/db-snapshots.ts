import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client.ts";
import { createDiskStorage } from "#server/platform/storage/storage.ts";
import { seedIfEmpty } from "#server/seed/seed.ts";

/**
 * Vitest's global setup: the migrated database, and the migrated database with the demo rows, made
 * once for the whole run instead of once per test file (2.4–3.2 s a file on PGlite). On PGlite they are two data
 * directory tarballs each file loads (`loadDataDir`); on PostgreSQL (DATABASE_URL) two template databases each file
 * copies (`CREATE DATABASE … TEMPLATE`). `support/test-db.ts` reads what this provides.
 */
/** PGlite: the two tarballs' paths; PostgreSQL: the two template databases' names. */
export type DbSnapshots = { kind: "pglite" | "postgres"; migrated: string; seeded: string };

declare module "vitest" {
  export interface ProvidedContext {
    dbSnapshots: DbSnapshots;
  }
}

/** Migrates, and seeds the demo rows (no generated files, as the API tests want them). */
async function prepare(database: Awaited<ReturnType<typeof openDatabase>>, seed: boolean, dir: string) {
  await database.migrate();
  if (seed) await seedIfEmpty(database.db, createDiskStorage(path.join(dir, "uploads")), { media: false });
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), "solar-db-snapshots-"));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const files = { migrated: path.join(dir, "migrated.tar"), seeded: path.join(dir, "seeded.tar") };
    const database = await openDatabase({ databaseUrl: "memory://", dataDir: "" });
    const dump = async (file: string) => {
      if (!database.dump) throw new Error("PGlite dumps its data directory");
      await writeFile(file, Buffer.from(await (await database.dump()).arrayBuffer()));
    };
    await prepare(database, false, dir);
    await dump(files.migrated);
    await prepare(database, true, dir);
    await dump(files.seeded);
    await database.close();
    project.provide("dbSnapshots", { kind: "pglite", ...files });
    return async () => rm(dir, { recursive: true, force: true });
  }
  const stamp = `${Date.now().toString(36)}_${process.pid}`;
  const names = { migrated: `template_migrated_${stamp}`, seeded: `template_seeded_${stamp}` };
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const [kind, name] of Object.entries(names)) {
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
    await prepare(database, kind === "seeded", dir);
    await database.close();
  }
  await admin.end();
  project.provide("dbSnapshots", { kind: "postgres", ...names });
  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    for (const name of Object.values(names)) await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
    await rm(dir, { recursive: true, force: true });
  };
}
