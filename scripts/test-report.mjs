// The test run's report (scripts/test-phases.mjs prints it at the end; `node scripts/test-report.mjs [dir]` prints it
// again): each phase's wall time against its budget, the 15 slowest test files and browser tests from the JSON
// reports, flags for a phase over its budget and a test file or browser test over 60 s (flags, not failures: a busy
// machine is noisy), and one closing line, "N passed, N failed, N skipped", over every report.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Seconds each phase may take on CI's two cores (decision 022); the whole run's budget is 25 minutes with npm ci. The
 * faults phase runs beside the browser phase, so its time is within the browser's.
 */
export const PHASE_BUDGETS = { checks: 75, unit: 240, faults: 480, browser: 780, postgres: 180 };
const SLOW_SECONDS = 60;
const LIST = 15;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** Every test of a Playwright report, with its project and its longest attempt. */
function playwrightTests(suite, file, out = []) {
  for (const child of suite.suites ?? []) playwrightTests(child, child.file ?? file, out);
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      const ms = Math.max(0, ...(t.results ?? []).map((r) => r.duration ?? 0));
      out.push({ name: `[${t.projectName}] ${spec.file ?? file}:${spec.line} › ${spec.title}`, ms });
    }
  }
  return out;
}

/** Prints the report of `dir` and the phases' `times`; returns false when any test failed or no test passed. */
export function report(dir, times = readJson(path.join(dir, "phases.json")) ?? {}) {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "phases.json") : [];
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const testFiles = [];
  const browserTests = [];
  for (const name of files.sort()) {
    const r = readJson(path.join(dir, name));
    if (!r) {
      console.error(`unreadable test report: ${name}`);
      failed += 1;
      continue;
    }
    if (r.numPassedTests !== undefined) {
      passed += r.numPassedTests;
      failed += r.numFailedTests;
      skipped += r.numPendingTests + (r.numTodoTests ?? 0);
      const run = name.replace(/^vitest-?|\.json$/g, "") || "vitest";
      for (const t of r.testResults ?? []) {
        if (t.startTime && t.endTime) {
          testFiles.push({ name: `${path.relative(process.cwd(), t.name)} (${run})`, ms: t.endTime - t.startTime });
        }
      }
    } else if (r.stats) {
      passed += r.stats.expected + (r.stats.flaky ?? 0);
      failed += r.stats.unexpected;
      skipped += r.stats.skipped;
      for (const s of r.suites ?? []) playwrightTests(s, s.file, browserTests);
    }
  }

  const flags = [];
  console.log("\nPhases (wall time, budget):");
  let total = 0;
  for (const [phase, t] of Object.entries(times)) {
    total += t.seconds;
    const budget = PHASE_BUDGETS[phase];
    const over = budget !== undefined && t.seconds > budget;
    if (over) flags.push(`phase ${phase} took ${t.seconds} s, over its budget of ${budget} s`);
    console.log(
      `  ${phase.padEnd(9)} ${`${t.seconds} s`.padStart(9)}  ${budget ? `≤ ${budget} s` : ""}${t.ok ? "" : "  FAILED"}${over ? "  OVER" : ""}`,
    );
  }
  // Phases that ran beside each other (test-phases.mjs's stages) count once: the whole from the first start to the last end.
  const spans = Object.values(times).filter((t) => t.started && t.ended);
  const wall =
    spans.length === Object.keys(times).length && spans.length > 0
      ? (Math.max(...spans.map((t) => t.ended)) - Math.min(...spans.map((t) => t.started))) / 1000
      : total;
  console.log(`  ${"sum".padEnd(9)} ${`${total.toFixed(1)} s`.padStart(9)}`);
  console.log(`  ${"wall".padEnd(9)} ${`${wall.toFixed(1)} s`.padStart(9)}  (first start to last end)`);

  const slowest = (list, title) => {
    if (list.length === 0) return;
    console.log(`\n${title}:`);
    for (const t of [...list].sort((a, b) => b.ms - a.ms).slice(0, LIST)) console.log(`  ${seconds(t.ms).padStart(8)}  ${t.name}`);
  };
  slowest(testFiles, `The ${LIST} slowest test files`);
  slowest(browserTests, `The ${LIST} slowest browser tests`);
  for (const t of [...testFiles, ...browserTests]) {
    if (t.ms > SLOW_SECONDS * 1000) flags.push(`${t.name} took ${seconds(t.ms)} (over ${SLOW_SECONDS} s)`);
  }
  if (flags.length > 0) {
    console.log("\nFlags (not failures; look at these first):");
    for (const f of flags) console.log(`  ⚑ ${f}`);
  }
  if (files.length === 0) console.error("no test report found");
  console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  return failed === 0 && passed > 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(report(path.resolve(process.argv[2] ?? "test-reports")) ? 0 : 1);
}
