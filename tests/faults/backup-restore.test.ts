import { backupRestoreSuite } from "../support/backup-scenario.ts";

// npm run backup / npm run restore on PGlite (the PostgreSQL case is backup-restore-postgres.test.ts).
backupRestoreSuite("pglite", false);
