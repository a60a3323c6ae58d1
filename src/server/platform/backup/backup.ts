import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";
import { type SQL, sql } from "drizzle-orm";
import { BUILT_IN_ROLE_IDS, BUILT_IN_ROLE_SETS, BUILT_IN_ROLES } from "#shared/staff.ts";
import type { Database, Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import type { Storage, Visibility } from "../storage/storage.ts";
import { createTarWriter, readTar } from "./tar.ts";

/**
 * Backups of the whole site in one .tar.gz: every table of the database's public schema as JSON lines
 * (`db/<table>.jsonl`, one `to_jsonb(row)` a line, written and read back by PostgreSQL itself, so every type
 * survives exactly), every stored file (`files/<public|private>/<key>`, read through the Storage interface, so any
 * driver works), and `manifest.json` last: format version, migration level, time, row counts and file sizes with
 * SHA-256. The same code serves PGlite and PostgreSQL: it only talks SQL through the app's own connection.
 *
 * Backup reads the database in one REPEATABLE READ, READ ONLY transaction (a consistent snapshot, safe while a
 * PostgreSQL server runs), then the files. Restore checks the whole archive first, migrates the target, refuses a
 * database that holds rows (unless forced: then it empties it), loads the tables in foreign-key order in one
 * transaction, moves the sequences past the highest ids, writes the files and checks counts and checksums again.
 */
/** Rows a table gets from the migrations themselves, which a restore replaces: a SQL condition per table. */
const MIGRATION_ROWS: Record<string, string> = { staff_roles: "built_in" };

export const BACKUP_FORMAT = "solar-site-backup";
export const BACKUP_VERSION = 1;

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: Database["kind"];
  /** drizzle's applied migrations (hash, time), oldest first: the schema level the rows belong to. */
  migrations: { hash: string; createdAt: string }[];
  tables: { name: string; rows: number; sha256: string }[];
  files: { visibility: Visibility; key: string; size: number; sha256: string }[];
};

export class BackupError extends Error {}

const sha256 = (body: Buffer | string) => createHash("sha256").update(body).digest("hex");
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const query = async <T>(db: Pick<Db, "execute">, q: SQL) => rowsOf<T>(await db.execute(q));

/** PGlite keeps postmaster.pid in its folder while a process has it open (and after a crash, until the next start). */
export function assertPgliteFree(dataDir: string): void {
  if (existsSync(path.join(dataDir, "db", "postmaster.pid"))) {
    throw new BackupError(
      `The embedded database in ${path.join(dataDir, "db")} is in use: stop the server first (PGlite allows one process). ` +
        "If no server runs, the last one was killed: start it once and stop it with Ctrl+C, then try again.",
    );
  }
}

/** The public schema's tables, parents before children (foreign keys). */
export async function tablesInOrder(db: Pick<Db, "execute">): Promise<string[]> {
  const tables = (
    await query<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)
  ).map((r) => r.name);
  const edges = await query<{ child: string; parent: string }>(
    db,
    sql`select cl.relname as child, pl.relname as parent
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_class pl on pl.oid = c.confrelid
        join pg_namespace n on n.oid = cl.relnamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const done = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (done.has(t)) return;
    if (path.has(t)) throw new BackupError(`Foreign keys form a cycle through ${t}`);
    path.add(t);
    for (const p of parents.get(t) ?? []) visit(p, path);
    path.delete(t);
    done.add(t);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

async function migrationsOf(db: Pick<Db, "execute">) {
  const rows = await query<{ hash: string; created_at: string | number }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by id`,
  ).catch(() => []);
  return rows.map((r) => ({ hash: r.hash, createdAt: String(r.created_at) }));
}

async function primaryKeyOf(db: Pick<Db, "execute">, table: string): Promise<string[]> {
  const rows = await query<{ column: string }>(
    db,
    sql`select a.attname as column
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
        where i.indisprimary and n.nspname = 'public' and c.relname = ${table}
        order by array_position(i.indkey, a.attnum)`,
  );
  return rows.map((r) => r.column);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export type BackupSummary = { file: string; tables: number; rows: number; files: number; bytes: number };

/** Writes a backup of the database and the stored files to `outFile` (through `<outFile>.partial`). */
export async function createBackup(opts: { database: Database; storage: Storage; outFile: string }): Promise<BackupSummary> {
  const { database, storage, outFile } = opts;
  await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
  const partial = `${outFile}.partial`;
  const gzip = createGzip({ level: 6 });
  const fileStream = createWriteStream(partial);
  gzip.pipe(fileStream);
  const tar = createTarWriter(gzip);
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    database: database.kind,
    migrations: [],
    tables: [],
    files: [],
  };
  try {
    // One snapshot of every table: rows written while the backup runs are either all in it or not at all.
    await database.db.transaction(
      async (tx) => {
        manifest.migrations = await migrationsOf(tx);
        for (const table of await tablesInOrder(tx)) {
          const pk = await primaryKeyOf(tx, table);
          const order = pk.length > 0 ? ` order by ${pk.map((c) => `t.${ident(c)}`).join(", ")}` : "";
          const rows = await query<{ j: string }>(tx, sql.raw(`select to_jsonb(t)::text as j from ${ident(table)} t${order}`));
          const body = Buffer.from(rows.map((r) => `${r.j}\n`).join(""));
          manifest.tables.push({ name: table, rows: rows.length, sha256: sha256(body) });
          await tar.add(`db/${table}.jsonl`, body);
        }
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    for (const visibility of ["public", "private"] as const) {
      for await (const file of storage.list(visibility)) {
        // A file being written (storage.ts writes `<key>.<random>.tmp`, then renames it) is not data yet.
        if (file.key.endsWith(".tmp")) continue;
        const stream = await storage.get(visibility, file.key);
        if (!stream) continue; // removed since it was listed
        const body = await readAll(stream);
        manifest.files.push({ visibility, key: file.key, size: body.length, sha256: sha256(body) });
        await tar.add(`files/${visibility}/${file.key}`, body, file.modified);
      }
    }
    await tar.add("manifest.json", Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.finish();
    await new Promise<void>((resolve, reject) => {
      if (fileStream.closed) resolve();
      fileStream.once("close", resolve);
      fileStream.once("error", reject);
    });
    await rename(partial, outFile);
  } catch (err) {
    gzip.destroy();
    fileStream.destroy();
    await rm(partial, { force: true });
    throw err;
  }
  return {
    file: outFile,
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
    files: manifest.files.length,
    bytes: manifest.files.reduce((n, f) => n + f.size, 0),
  };
}

const entriesOf = (file: string) => readTar(createReadStream(file).pipe(createGunzip()));
const lineCount = (body: Buffer) => {
  let n = 0;
  for (const byte of body) if (byte === 10) n++;
  return n;
};

/** Reads the whole archive and checks it against its manifest; returns the manifest. */
export async function verifyArchive(file: string): Promise<Manifest> {
  const tables = new Map<string, { rows: number; sha256: string }>();
  const files = new Map<string, { size: number; sha256: string }>();
  let manifest: Manifest | null = null;
  try {
    for await (const entry of entriesOf(file)) {
      if (entry.name === "manifest.json") manifest = JSON.parse(entry.body.toString("utf8")) as Manifest;
      else if (entry.name.startsWith("db/") && entry.name.endsWith(".jsonl")) {
        tables.set(entry.name.slice(3, -6), { rows: lineCount(entry.body), sha256: sha256(entry.body) });
      } else if (entry.name.startsWith("files/")) files.set(entry.name.slice(6), { size: entry.body.length, sha256: sha256(entry.body) });
    }
  } catch (err) {
    throw new BackupError(`${file} is not a readable backup: ${(err as Error).message}`);
  }
  if (!manifest || manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a backup of this site (no manifest)`);
  if (manifest.version > BACKUP_VERSION) {
    throw new BackupError(`${file} was written by a newer version (backup format ${manifest.version}); update the site first`);
  }
  for (const t of manifest.tables) {
    const found = tables.get(t.name);
    if (!found || found.rows !== t.rows || found.sha256 !== t.sha256)
      throw new BackupError(`${file} is damaged: table ${t.name} does not match its manifest`);
  }
  for (const f of manifest.files) {
    const found = files.get(`${f.visibility}/${f.key}`);
    if (!found || found.size !== f.size || found.sha256 !== f.sha256) {
      throw new BackupError(`${file} is damaged: file ${f.visibility}/${f.key} does not match its manifest`);
    }
  }
  return manifest;
}

export type RestoreSummary = { tables: number; rows: number; files: number; bytes: number };

/**
 * Restores `file` into the database and storage given: an empty database (freshly created, or only migrated), or
 * any database with `force` (its rows are deleted first). The database is migrated before the rows are loaded.
 */
export async function restoreBackup(opts: {
  database: Database;
  storage: Storage;
  file: string;
  force?: boolean;
}): Promise<RestoreSummary> {
  const { database, storage, file } = opts;
  const manifest = await verifyArchive(file);
  const db = database.db;
  await database.migrate();

  // The rows belong to the backup's schema level: the code's migrations must include every one it had.
  const current = await migrationsOf(db);
  const missing = manifest.migrations.filter((m) => !current.some((c) => c.hash === m.hash));
  if (missing.length > 0) {
    throw new BackupError(
      `The backup was made by a newer version of the site (${missing.length} migration(s) this version does not have): restore it with that version`,
    );
  }

  const tables = await tablesInOrder(db);
  // Rows the migrations themselves write (the built-in roles, decision 035) do not make a database "not empty".
  const counts = await Promise.all(
    tables.map(async (t) => {
      const where = MIGRATION_ROWS[t] ? ` where not (${MIGRATION_ROWS[t]})` : "";
      return (await query<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${ident(t)}${where}`)))[0]?.n ?? 0;
    }),
  );
  const nonEmpty = tables.filter((_, i) => (counts[i] ?? 0) > 0);
  const anyRows = nonEmpty.length > 0 || Object.keys(MIGRATION_ROWS).some((t) => tables.includes(t));
  if (nonEmpty.length > 0 && !opts.force) {
    throw new BackupError(
      `The target database is not empty (${nonEmpty.slice(0, 5).join(", ")}${nonEmpty.length > 5 ? ", …" : ""} hold rows): ` +
        "restore into an empty DATA_DIR or database, or pass --force to replace its contents",
    );
  }
  const known = new Set(tables);
  const unknown = manifest.tables.filter((t) => !known.has(t.name));
  if (unknown.length > 0)
    throw new BackupError(`The backup holds tables this version does not know: ${unknown.map((t) => t.name).join(", ")}`);

  // Columns each table takes (generated ones are computed), to load a backup of an older schema level too:
  // a column added since gets its default.
  const columnRows = await query<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and is_generated = 'NEVER'`,
  );
  const columnsOf = new Map<string, Set<string>>();
  for (const c of columnRows) columnsOf.set(c.table_name, (columnsOf.get(c.table_name) ?? new Set()).add(c.column_name));

  // Rows, in the archive's order (parents first), in one transaction with the sequences reset.
  await db.transaction(async (tx) => {
    if (anyRows) await tx.execute(sql.raw(`truncate table ${tables.map(ident).join(", ")} restart identity cascade`));
    for await (const entry of entriesOf(file)) {
      if (!(entry.name.startsWith("db/") && entry.name.endsWith(".jsonl"))) continue;
      const table = entry.name.slice(3, -6);
      const lines = entry.body.toString("utf8").split("\n").filter(Boolean);
      if (lines.length === 0) continue;
      const allowed = columnsOf.get(table) ?? new Set<string>();
      const cols = Object.keys(JSON.parse(lines[0] as string) as Record<string, unknown>).filter((c) => allowed.has(c));
      const colList = cols.map(ident).join(", ");
      for (let i = 0; i < lines.length; ) {
        // Batches of up to ~2 MB of JSON.
        let size = 0;
        const batch: string[] = [];
        while (i < lines.length && (batch.length === 0 || size < 2_000_000)) {
          const line = lines[i++] as string;
          batch.push(line);
          size += line.length;
        }
        await tx.execute(
          sql`${sql.raw(`insert into ${ident(table)} (${colList}) select ${colList} from jsonb_populate_recordset(null::${ident(table)}, `)}${`[${batch.join(",")}]`}::jsonb)`,
        );
      }
    }
    // A backup from before the roles (decision 035) holds none: the built-in ones are put back as the migration wrote them.
    if (tables.includes("staff_roles")) {
      for (const key of BUILT_IN_ROLES) {
        const role = BUILT_IN_ROLE_SETS[key];
        await tx.execute(
          sql`insert into staff_roles (id, key, name, description, built_in) values (${BUILT_IN_ROLE_IDS[key]}, ${key}, ${role.name}, ${role.description}, true) on conflict do nothing`,
        );
      }
    }
    const sequences = await query<{ table_name: string; column_name: string; seq: string }>(
      tx,
      sql`select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
          from information_schema.columns
          where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
    );
    for (const s of sequences) {
      await tx.execute(
        sql.raw(
          `select setval('${s.seq.replaceAll("'", "''")}', coalesce((select max(${ident(s.column_name)}) from ${ident(s.table_name)}), 0) + 1, false)`,
        ),
      );
    }
  });

  let bytes = 0;
  for await (const entry of entriesOf(file)) {
    const m = /^files\/(public|private)\/(.+)$/.exec(entry.name);
    if (!m) continue;
    await storage.put(m[1] as Visibility, m[2] as string, entry.body);
    bytes += entry.body.length;
  }

  // Checked again where it landed.
  for (const t of manifest.tables) {
    const [row] = await query<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${ident(t.name)}`));
    if (row?.n !== t.rows) throw new BackupError(`Restore check failed: ${t.name} has ${row?.n} rows, the backup ${t.rows}`);
  }
  for (const f of manifest.files) {
    const stream = await storage.get(f.visibility, f.key);
    const body = stream ? await readAll(stream) : null;
    if (!body || sha256(body) !== f.sha256) throw new BackupError(`Restore check failed: ${f.visibility}/${f.key} differs from the backup`);
  }
  return {
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
    files: manifest.files.length,
    bytes,
  };
}
