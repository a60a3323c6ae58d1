// Backs up the database and the uploaded files into one .tar.gz: `npm run backup [-- --out <file>]`
// (default DATA_DIR/backups/backup-<time>.tar.gz). See docs/backups.md.
import path from "node:path";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { assertPgliteFree, BackupError, createBackup } from "#server/platform/backup/backup.ts";
import { createStorage } from "#server/platform/storage/storage.ts";

const args = process.argv.slice(2);
const outAt = args.indexOf("--out");
if ((outAt >= 0 && !args[outAt + 1]) || args.some((a, i) => a !== "--out" && i !== outAt + 1)) {
  console.error("Usage: npm run backup [-- --out <file.tar.gz>]");
  process.exit(2);
}
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");
const outFile = path.resolve(outAt >= 0 ? (args[outAt + 1] as string) : path.join(config.dataDir, "backups", `backup-${stamp}.tar.gz`));
try {
  if (!config.databaseUrl) assertPgliteFree(config.dataDir);
  const database = await openDatabase(config);
  try {
    const started = Date.now();
    const s = await createBackup({ database, storage: createStorage(config), outFile });
    console.log(
      `Backup written to ${s.file}: ${s.tables} tables, ${s.rows} rows, ${s.files} files (${(s.bytes / 1e6).toFixed(1)} MB) in ${Date.now() - started} ms`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof BackupError ? `Backup failed: ${err.message}` : err);
  process.exitCode = 1;
}
