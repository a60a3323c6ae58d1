import { backupRestoreSuite, pgServer, postgresReachable } from "../support/backup-scenario.ts";

// npm run backup / npm run restore on PostgreSQL: a throwaway source and target database on DATABASE_URL's server
// (or 127.0.0.1:5432), backed up while the server runs.
const reachable = await postgresReachable();
if (!reachable) console.warn(`backup-restore-postgres.test.ts skipped: no PostgreSQL server at ${pgServer}`);
backupRestoreSuite("postgres", !reachable);
