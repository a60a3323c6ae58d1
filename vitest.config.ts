import { defineConfig } from "vitest/config";

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
    // Each file gets its own database (tests/support/test-app.ts); files run in parallel.
    fileParallelism: true,
    // CI also writes a JSON report for its closing summary line.
    reporters: process.env.VITEST_JSON ? ["default", "json"] : ["default"],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : undefined,
  },
});
