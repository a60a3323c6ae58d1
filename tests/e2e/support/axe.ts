import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

/** axe-core's browser bundle, read once per worker. */
export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The WCAG 2.0, 2.1 and 2.2 level A and AA rules: every impact counts, not only serious ones. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] as const;

export type AxeViolation = {
  /** axe's rule id, e.g. color-contrast. */
  id: string;
  impact: string | null;
  /** What the rule asks, in axe's words. */
  help: string;
  /** CSS selectors of the offending elements (at most five) with axe's one-line account of each. */
  nodes: { target: string; summary: string }[];
};

type AxeResult = {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
};

/** Runs axe-core on the page as it is now with the WCAG A/AA tags; answers every violation. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated rather than added as a script tag: the site's CSP allows no inline script.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(
    async (tags) => {
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe;
      return axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    },
    WCAG_TAGS as unknown as string[],
  );
  return (result as AxeResult).violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => ({
      target: n.target.map(String).join(" >> "),
      // The first line or two of axe's "Fix any of the following" text: enough to say what is wrong.
      summary: (n.failureSummary ?? "").split("\n").slice(1, 3).join(" ").trim(),
    })),
  }));
}

/** One line per violation and node: rule id, impact, selector and what is wrong; empty when the page passes. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} [${v.impact ?? "?"}] ${n.target} — ${n.summary || v.help}`));
}

/** The page's violations as lines (see describeViolations): `expect(await axeFindings(page, url)).toEqual([])`. */
export async function axeFindings(page: Page, where = page.url()): Promise<string[]> {
  return describeViolations(where, await axeViolations(page));
}
