import { sigkillSuite } from "../support/sigkill-scenario.ts";

// The server killed during writes on PGlite (the PostgreSQL case is sigkill-postgres.test.ts).
sigkillSuite("pglite", false);
