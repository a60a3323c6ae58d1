// Lighthouse (npm) in its default mobile mode, against Debian's Chromium: never a downloaded browser.
import { existsSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = {
  lcpMs: "largest-contentful-paint",
  fcpMs: "first-contentful-paint",
  tbtMs: "total-blocking-time",
  cls: "cumulative-layout-shift",
  speedIndexMs: "speed-index",
} as const;

export type LighthouseFigures = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, number>;
  /** Audits that lost points outside performance: what to fix when a score is under 100. */
  failing: string[];
};

export async function launchChromium() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** One Lighthouse run of `url` in a fresh page of the running Chromium (default config: mobile, simulated throttling). */
export async function runLighthouse(url: string, port: number, attempts = 3): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // A fresh headless Chromium sometimes loses the first trace (NO_NAVSTART): that run is repeated.
  if (lhr.runtimeError?.code === "NO_NAVSTART" && attempts > 1) return runLighthouse(url, port, attempts - 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as LighthouseFigures["scores"];
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([k, id]) => {
      const v = lhr.audits[id]?.numericValue ?? Number.NaN;
      return [k, k === "cls" ? Math.round(v * 1000) / 1000 : Math.round(v)];
    }),
  ) as LighthouseFigures["metrics"];
  const failing = CATEGORIES.filter((c) => c !== "performance").flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}: ${ref.id}`),
  );
  return { scores, metrics, failing };
}

/** The run with the median performance score of `runs` runs (Lighthouse's own advice for noisy machines). */
export async function medianLighthouse(url: string, port: number, runs: number): Promise<LighthouseFigures> {
  const all: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) all.push(await runLighthouse(url, port));
  all.sort((a, b) => a.scores.performance - b.scores.performance);
  return all[Math.floor(all.length / 2)] as LighthouseFigures;
}
