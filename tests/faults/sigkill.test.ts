import { sigkillSuite } from "../support/sigkill-scenario.ts";

// The server killed during writes on PGlite (the PostgreSQL case is postgres/sigkill.test.ts, in CI's PostgreSQL pass).
sigkillSuite("pglite", false);
