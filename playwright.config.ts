import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium, never a downloaded browser (.ci/run installs it when missing): its headless shell when there
// (Debian's chromium-headless-shell, the same engine without the browser's own UI), which ran a sample of the suite
// in 1.2 minutes against the full browser's 2.1 (decision 022).
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  // E2E_WORKERS overrides (several suites on one machine, or trying more workers than cores: the tests mostly wait).
  workers: Number(process.env.E2E_WORKERS) || 2,
  // No retries, in CI either: a test that fails once is fixed at its cause (decision 022).
  retries: 0,
  // CI also writes a JSON report for its closing summary line.
  reporter: process.env.PLAYWRIGHT_JSON ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON }]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: chromium,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromium }, grepInvert: /@phone/ },
    { name: "phone", use: { ...devices["Pixel 7"], launchOptions: chromium }, grep: /@phone/ },
  ],
});
