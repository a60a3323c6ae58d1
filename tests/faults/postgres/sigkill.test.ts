// @module-tag db: runs on PostgreSQL (decision 022); skipped without DATABASE_URL
import { pgServer, postgresReachable } from "../../support/backup-scenario.ts";
import { sigkillSuite } from "../../support/sigkill-scenario.ts";

// The server killed during writes on PostgreSQL, in a throwaway database on DATABASE_URL's server. It
// belongs to CI's PostgreSQL pass (.ci/run): it runs when DATABASE_URL names a PostgreSQL server, and is skipped in
// the PGlite pass, so CI runs it once. Locally: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run tests/faults/postgres
const onPostgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;
const reachable = onPostgres && (await postgresReachable());
if (onPostgres && !reachable) console.warn(`tests/faults/postgres/sigkill.test.ts skipped: no PostgreSQL server at ${pgServer}`);
sigkillSuite("postgres", !reachable);
