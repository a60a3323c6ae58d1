import { pgServer, postgresReachable } from "../support/backup-scenario.ts";
import { sigkillSuite } from "../support/sigkill-scenario.ts";

// The server killed during writes on PostgreSQL: a throwaway database on DATABASE_URL's server (or 127.0.0.1:5432).
// CI runs it once, in its first pass (`npm test`, with PostgreSQL started); the second pass excludes tests/faults.
const reachable = await postgresReachable();
if (!reachable) console.warn(`sigkill-postgres.test.ts skipped: no PostgreSQL server at ${pgServer}`);
sigkillSuite("postgres", !reachable);
