import { sql } from "drizzle-orm";
import { DEFAULT_PRODUCT_IMAGE } from "#shared/media.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/schemas/settings.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import type { Storage, Visibility } from "./storage.ts";

/**
 * Files no row refers to, left behind when a process died between writing a file and committing its row (files
 * are written first), or between deleting a row and removing its files (files are removed after the commit).
 *
 * What counts as referenced is worked out from the database itself, not from a list of columns: every text, text
 * array and JSON value of every table in the public schema (except the audit log, which remembers deleted files)
 * is cut into file-name-like tokens, and a stored file is kept when its name is among them, or, for an image
 * variant (`<name>-w<width>.webp|avif|jpg`), when its source `<name>.webp` is. A column added later is covered
 * without anyone remembering to list it. Names the code itself refers to (the default product image, the default
 * site media) are kept too. Matching is by file name, whatever the folder: a mistake keeps a file, never deletes one.
 *
 * Only files older than `olderThanMs` are removed, so an upload whose row is still being written is left alone.
 */
export type SweepResult = { scanned: number; kept: number; removed: string[]; tooRecent: number };

/**
 * Tables whose values are not references: the audit log is history, a queued job names the image it will make
 * variants of (an upload killed before its row was written leaves such a job; the job finds the image gone), and a
 * demo picture still to draw names the file it will write (the demo's row that shows it is the reference).
 */
const NOT_REFERENCES = new Set(["audit_log", "jobs", "demo_pictures"]);
const VARIANT = /^(.+)-w\d+\.(?:webp|avif|jpg)$/;
/** Characters of a storage key; anything else separates tokens. */
const TOKEN_SPLIT = /[^A-Za-z0-9._/-]+/;

export const ORPHAN_AGE_MS = 60 * 60 * 1000;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

function addTokens(into: Set<string>, value: string) {
  for (const token of value.split(TOKEN_SPLIT)) {
    if (!token) continue;
    into.add(token);
    const slash = token.lastIndexOf("/");
    if (slash >= 0 && slash < token.length - 1) into.add(token.slice(slash + 1));
  }
}

function addConstants(into: Set<string>, value: unknown) {
  if (typeof value === "string") addTokens(into, value);
  else if (Array.isArray(value)) for (const v of value) addConstants(into, v);
  else if (value && typeof value === "object") for (const v of Object.values(value)) addConstants(into, v);
}

/** Every file-name-like token in the database (and the code's own file names). */
export async function referencedNames(db: Db): Promise<Set<string>> {
  const names = new Set<string>();
  addConstants(names, DEFAULT_PRODUCT_IMAGE);
  addConstants(names, DEFAULT_SITE_SETTINGS);
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'json', 'jsonb') or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
      order by c.table_name, c.ordinal_position`),
  );
  if (columns.length === 0) throw new Error("orphan sweep: no text columns found in the database; refusing to sweep");
  const byTable = new Map<string, string[]>();
  for (const c of columns) {
    if (NOT_REFERENCES.has(c.table_name)) continue;
    byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  }
  for (const [table, cols] of byTable) {
    const select = cols.map((c, i) => `${quoteIdent(c)}::text as c${i}`).join(", ");
    const rows = rowsOf<Record<string, string | null>>(await db.execute(sql.raw(`select ${select} from ${quoteIdent(table)}`)));
    for (const row of rows) for (const v of Object.values(row)) if (typeof v === "string" && v) addTokens(names, v);
  }
  return names;
}

export function isReferenced(key: string, names: Set<string>): boolean {
  if (names.has(key)) return true;
  let name = key.slice(key.lastIndexOf("/") + 1);
  // A file being written (`<name>.<random>.tmp`, storage.ts) belongs to nothing yet: it goes once it is old.
  if (name.endsWith(".tmp")) return false;
  if (names.has(name)) return true;
  const variant = VARIANT.exec(name);
  if (variant) {
    name = `${variant[1]}.webp`;
    if (names.has(name)) return true;
  }
  return false;
}

export async function sweepOrphans(opts: {
  db: Db;
  storage: Storage;
  olderThanMs?: number;
  now?: Date;
  /** Look, remove nothing. */
  dryRun?: boolean;
}): Promise<SweepResult> {
  const olderThan = opts.olderThanMs ?? ORPHAN_AGE_MS;
  const cutoff = (opts.now ?? new Date()).getTime() - olderThan;
  // Files are listed before the database is read: a file whose row commits in between is then seen as referenced.
  const candidates: { visibility: Visibility; key: string }[] = [];
  let scanned = 0;
  let tooRecent = 0;
  for (const visibility of ["public", "private"] as const) {
    for await (const file of opts.storage.list(visibility)) {
      scanned++;
      if (file.modified.getTime() > cutoff) tooRecent++;
      else candidates.push({ visibility, key: file.key });
    }
  }
  const result: SweepResult = { scanned, kept: 0, removed: [], tooRecent };
  if (candidates.length === 0) return result;
  const names = await referencedNames(opts.db);
  for (const c of candidates) {
    if (isReferenced(c.key, names)) {
      result.kept++;
      continue;
    }
    if (!opts.dryRun) await opts.storage.remove(c.visibility, c.key);
    result.removed.push(`${c.visibility}/${c.key}`);
  }
  return result;
}
