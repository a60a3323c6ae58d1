// Runs the test phases one after another, times each, and ends with a report (scripts/test-report.mjs): each phase's
// wall time against its budget, the slowest test files and browser tests, and one closing line over every JSON report.
//
//   node scripts/test-phases.mjs                    checks, unit, faults, browser (what `npm test` runs)
//   node scripts/test-phases.mjs --append postgres  the database-sensitive tests on PostgreSQL (.ci/run, after npm test)
//
// checks runs typecheck, lint and build at once (two cores: lint and build fit beside the typecheck). faults runs beside
// browser (decision 022): the browser phase keeps about one core busy (its tests mostly wait on the server and the
// browser) and the fault files mostly wait on the servers they start, so the two together take the browser's time. A
// failed phase (or stage) stops the run, as `&&` did; the report is printed either way. Reports go to test-reports/
// (TEST_REPORTS changes it).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { report } from "./test-report.mjs";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.resolve(root, process.env.TEST_REPORTS ?? "test-reports");
const args = process.argv.slice(2);
const append = args.includes("--append");
const phases = args.filter((a) => !a.startsWith("--"));
const wanted = phases.length > 0 ? phases : ["checks", "unit", "faults", "browser"];
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Runs a command; resolves with its exit code. `quiet` keeps its output until it ends (commands run side by side). */
function run(command, commandArgs, { env = {}, quiet = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, commandArgs, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let out = "";
    child.stdout?.on("data", (d) => {
      out += d;
    });
    child.stderr?.on("data", (d) => {
      out += d;
    });
    child.on("exit", (code, signal) => {
      const label = [command, ...commandArgs].join(" ");
      if (quiet) process.stdout.write(`\n── ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${out}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** The files whose tests are marked `db` (decision 022): a whole file by `@module-tag db`, or one test by its tags. */
function dbTaggedFiles() {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(rel);
      } else if (/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(path.join(root, rel), "utf8");
        if (/@module-tag db\b/.test(text) || /tags: \[[^\]]*"db"/.test(text)) found.push(rel);
      }
    }
  };
  for (const dir of ["src", "tests"]) walk(dir);
  return found.sort();
}

const PHASES = {
  checks: async () => {
    const codes = await Promise.all([
      run("npm", ["run", "--silent", "typecheck"], { quiet: true }),
      run("npm", ["run", "--silent", "lint"], { quiet: true }),
      run("npm", ["run", "--silent", "build"], { quiet: true }),
    ]);
    return codes.find((c) => c !== 0) ?? 0;
  },
  unit: ({ quiet }) => run("npm", ["run", "test:unit"], { quiet, env: { VITEST_JSON: path.join(reports, "vitest.json") } }),
  faults: ({ quiet }) => run("npm", ["run", "test:faults"], { quiet, env: { VITEST_JSON: path.join(reports, "vitest.json") } }),
  browser: ({ quiet }) => run("npx", ["playwright", "test"], { quiet, env: { PLAYWRIGHT_JSON: path.join(reports, "playwright.json") } }),
  postgres: ({ quiet }) => {
    const files = dbTaggedFiles();
    console.log(`The tests marked db (${files.length} files) on PostgreSQL (${POSTGRES_URL.replace(/\/\/[^@]*@/, "//")})`);
    return run("npx", ["vitest", "run", "--tags-filter=db", ...files], {
      quiet,
      env: {
        DATABASE_URL: POSTGRES_URL,
        VITEST_JSON: path.join(reports, "vitest-postgres.json"),
        // The unit suite's settings (module sharing, both cores): vitest.config.ts reads the npm script's name.
        npm_lifecycle_event: "test:unit",
        // The fuzz test's share on PostgreSQL: another day's seed, half the budget.
        FUZZ_TARGET: process.env.FUZZ_TARGET ?? "1500",
        FUZZ_SEED: process.env.FUZZ_SEED ?? String(Math.floor(Date.now() / 86_400_000) + 7),
      },
    });
  },
};

/** The phases in stages: a stage's phases run at once (the first one's output as it comes, the others' when they end). */
const STAGES = [["checks"], ["unit"], ["browser", "faults"], ["postgres"]];
const stages = STAGES.map((stage) => stage.filter((p) => wanted.includes(p))).filter((stage) => stage.length > 0);

for (const phase of wanted) {
  if (!PHASES[phase]) {
    console.error(`unknown phase ${phase}; the phases are ${Object.keys(PHASES).join(", ")}`);
    process.exit(2);
  }
}

mkdirSync(reports, { recursive: true });
// A fresh run's report reads only its own JSON files.
if (!append) for (const f of readdirSync(reports)) if (f.endsWith(".json")) rmSync(path.join(reports, f));
const timesFile = path.join(reports, "phases.json");
const times = append && existsSync(timesFile) ? JSON.parse(readFileSync(timesFile, "utf8")) : {};

/** Runs one phase, timed; its output kept until it ends when `quiet` (it runs beside another). */
async function timed(phase, quiet) {
  const started = Date.now();
  const code = await PHASES[phase]({ quiet });
  const ended = Date.now();
  times[phase] = { seconds: Math.round((ended - started) / 100) / 10, ok: code === 0, started, ended };
  writeFileSync(timesFile, JSON.stringify(times, null, 2));
  console.log(`━━ ${phase}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${times[phase].seconds} s`);
  return code;
}

let failed = false;
for (const stage of stages) {
  console.log(`\n━━ ${stage.join(" and, beside it, ")}`);
  const codes = await Promise.all(stage.map((phase, i) => timed(phase, i > 0)));
  if (codes.some((c) => c !== 0)) {
    failed = true;
    break;
  }
}
const ok = report(reports, times);
process.exit(failed || !ok ? 1 : 0);
