import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// `npm run test:unit` and `npm run test:faults` each write their own JSON report (CI's closing summary line):
// VITEST_JSON=reports/vitest.json gives reports/vitest-unit.json and reports/vitest-faults.json.
const suite = process.env.npm_lifecycle_event?.split(":")[1];
const jsonReport =
  process.env.VITEST_JSON && suite ? process.env.VITEST_JSON.replace(/\.json$/, `-${suite}.json`) : process.env.VITEST_JSON;

export default defineConfig({
  test: {
    include: [
      "src/**/*.test.ts",
      "src/**/*.test.tsx",
      "tests/api/**/*.test.ts",
      "tests/faults/**/*.test.ts",
      "tests/fuzz/**/*.test.ts",
      "tests/scale/**/*.test.ts",
    ],
    environment: "node",
    // The migrated and the seeded database, made once for the run and copied by each file (support/test-db.ts).
    globalSetup: ["tests/support/db-snapshots.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database (tests/support/test-app.ts); files run in parallel, one per core. Vitest's
    // default (cores − 1) left one of CI's two cores idle: the unit and API files took 331 s on one worker and 215 s
    // on two (this machine, quiet). The fault and scale files start servers of their own (two at once, some of
    // them), so they keep the default.
    fileParallelism: true,
    ...(suite === "faults" ? {} : { maxWorkers: availableParallelism() }),
    // CI also writes a JSON report for its closing summary line.
    reporters: process.env.VITEST_JSON ? ["default", "json"] : ["default"],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
  },
});
