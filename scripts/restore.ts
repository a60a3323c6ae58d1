// Restores a backup made by `npm run backup` into an empty DATA_DIR or database: `npm run restore -- <file> [--force]`
// (--force replaces whatever the target holds). See docs/backups.md.
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { assertPgliteFree, BackupError, restoreBackup } from "#server/platform/backup/backup.ts";
import { createStorage } from "#server/platform/storage/storage.ts";

const args = process.argv.slice(2);
const force = args.includes("--force");
const files = args.filter((a) => a !== "--force");
if (files.length !== 1 || files[0]?.startsWith("--")) {
  console.error("Usage: npm run restore -- <backup.tar.gz> [--force]");
  process.exit(2);
}
const config = loadConfig();
try {
  if (!config.databaseUrl) assertPgliteFree(config.dataDir);
  const database = await openDatabase(config);
  try {
    const started = Date.now();
    const s = await restoreBackup({ database, storage: createStorage(config), file: files[0] as string, force });
    console.log(
      `Restored ${files[0]}: ${s.tables} tables, ${s.rows} rows, ${s.files} files (${(s.bytes / 1e6).toFixed(1)} MB), checked against its manifest, in ${Date.now() - started} ms`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof BackupError ? `Restore failed: ${err.message}` : err);
  process.exitCode = 1;
}
