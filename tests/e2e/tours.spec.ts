import type { Page } from "@playwright/test";
import { TOURS } from "../../src/web/features/tours/tour-catalogue.ts";
import { DEMO, expect, login, test } from "./fixtures.ts";

/**
 * Issue 7: every step of the thirteen tours points at an element its page renders, for the role that sees the
 * tour, at desktop and phone widths (no step may point at a missing element).
 */
async function signIn(page: Page, audience: "admin" | "dealer") {
  // Admin users' tour is role super's; super sees all eight admin tours.
  await login(page, audience === "admin" ? DEMO.super : DEMO.dealer);
  await expect(page).toHaveURL(audience === "admin" ? /\/admin$/ : /\/dealer$/);
}

for (const audience of ["admin", "dealer"] as const) {
  for (const tag of ["", " @phone"]) {
    test(`the ${audience} tours' targets are all on their pages${tag}`, async ({ page }) => {
      test.setTimeout(90_000);
      await signIn(page, audience);
      for (const tour of TOURS.filter((t) => t.audience === audience)) {
        await page.goto(tour.path, { waitUntil: "networkidle" });
        for (const step of tour.steps) {
          const target = page.locator(step.target).first();
          await expect(target, `${tour.type}: ${step.target}`).toBeAttached();
          await target.scrollIntoViewIfNeeded();
          await expect(target, `${tour.type}: ${step.target}`).toBeVisible();
        }
      }
    });
  }
}
