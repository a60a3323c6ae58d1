import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// `npm run test:unit` and `npm run test:faults` each write their own JSON report (CI's closing summary line):
// VITEST_JSON=reports/vitest.json gives reports/vitest-unit.json and reports/vitest-faults.json.
const suite = process.env.npm_lifecycle_event?.split(":")[1];
const jsonReport =
  process.env.VITEST_JSON && suite ? process.env.VITEST_JSON.replace(/\.json$/, `-${suite}.json`) : process.env.VITEST_JSON;

export default defineConfig({
  test: {
    // Decision 022: the whole suite runs on PGlite; the files and tests marked `db` (`// @module-tag db`, or
    // `{ tags: ["db"] }` on one test) run again on PostgreSQL: transactions and locks, races, full-text search and
    // trigram, the queue. `scripts/test-phases.mjs postgres` finds them and runs them with `--tags-filter=db`.
    tags: [{ name: "db", description: "behaviour that can differ between PGlite and PostgreSQL: run on both" }],
    environment: "node",
    // The migrated and the seeded database, made once for the run and copied by each file (support/test-db.ts).
    globalSetup: ["tests/support/db-snapshots.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database (tests/support/test-app.ts); files run in parallel, one per core. Vitest's
    // default (cores − 1) left one of CI's two cores idle: the unit and API files took 331 s on one worker and 215 s
    // on two (this machine, quiet). The fault, process and scale files too: each starts its servers on free ports,
    // temporary data directories and throwaway databases (a private PostgreSQL cluster for the restart), and mostly
    // waits on them, so two at once share nothing (254 s of tests took 288 s on one worker).
    fileParallelism: true,
    maxWorkers: availableParallelism(),
    // CI also writes a JSON report for its closing summary line.
    reporters: process.env.VITEST_JSON ? ["default", "json"] : ["default"],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["src/server/**/*.test.ts", "tests/api/**/*.test.ts", "tests/fuzz/**/*.test.ts"],
          // The server's and the API's files share their worker's modules instead of loading them again per file
          // (about half of their time went to that, decision 022): each file still makes its own database and app
          // (support/test-app.ts), and module state that outlives a file (caches, counters) is keyed by the app.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "isolated",
          // The pages' and the browser code's files (happy-dom, stubbed globals), and the files that start servers
          // or set process-wide things (signals, env): a fresh module graph and environment each.
          include: [
            "src/shared/**/*.test.ts",
            "src/web/**/*.test.ts",
            "src/web/**/*.test.tsx",
            "tests/faults/**/*.test.ts",
            "tests/process/**/*.test.ts",
            "tests/scale/**/*.test.ts",
          ],
        },
      },
    ],
  },
});
