import type { Page } from "@playwright/test";
import { TOURS } from "../../src/web/features/tours/tour-catalogue.ts";
import { DEMO, expect, login, test } from "./fixtures.ts";

/**
 * Each of the thirteen tours, started from the Help and Tours panel, runs to its last step, and every
 * step highlights an element that is on the page and visible (no step points at a missing element), at desktop
 * and phone widths. Admin tours run as role admin, which sees all eight (spec §2), as super does.
 */
async function signIn(page: Page, audience: "admin" | "dealer") {
  // The dealer's tours point at the demo company's quotation and order cards: read only.
  await login(page, audience === "admin" ? DEMO.admin : DEMO.dealer, "/login", { demoCompany: true });
  await expect(page).toHaveURL(audience === "admin" ? /\/admin$/ : /\/dealer$/);
}

/**
 * The quotation tour points at a pending request's Approve and Reject and a rejected one's Reapprove on the list's
 * first page. Other tests of the suite add requests and decide the demo's, so this one makes its own two, newest.
 */
async function newPendingAndRejectedQuotations(page: Page) {
  const origin = new URL(page.url()).origin;
  const listed = await page.request.get("/api/products/get-all-products?page=1&pageSize=1");
  const [product] = ((await listed.json()) as { rows: { product_id: number }[] }).rows;
  const ids: number[] = [];
  for (const name of ["Tour Rejected", "Tour Pending"]) {
    const res = await page.request.post("/api/quotations", {
      headers: { origin },
      data: {
        customer_name: name,
        customer_address: "12 Samora Machel Avenue, Harare",
        customer_email: "tour@example.com",
        customer_phone: "+263 77 200 2000",
        products: [{ product_id: product?.product_id, quantity: 1 }],
      },
    });
    expect(res.status()).toBe(201);
    ids.push((await res.json()).id);
  }
  const rejected = await page.request.put(`/api/quotations/${ids[0]}`, {
    headers: { origin },
    data: { status: "rejected", reason: "Out of stock until next month." },
  });
  expect(rejected.status()).toBe(200);
}

for (const audience of ["admin", "dealer"] as const) {
  for (const tag of ["", " @phone"]) {
    test(`every ${audience} tour runs from the Help panel to its last step${tag}`, async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page, audience);
      if (audience === "admin") await newPendingAndRejectedQuotations(page);
      const tours = TOURS.filter((t) => t.audience === audience);
      for (const tour of tours) {
        await page.getByRole("button", { name: "Help and Tours", exact: true }).click();
        const panel = page.getByRole("region", { name: "Help and Tours" });
        await expect(panel.locator("[data-help-tour]")).toHaveCount(tours.length);
        await panel.getByRole("button", { name: `Start ${tour.title} tour` }).click();
        await expect(panel).toHaveCount(0);
        const dialog = page.getByRole("dialog", { name: new RegExp(`Step 1 of ${tour.steps.length}`) });
        await expect(dialog, tour.type).toBeVisible({ timeout: 15_000 });
        await expect(page).toHaveURL(new RegExp(`${tour.path.replace(/[?]/g, "\\?")}$`));
        for (const [i, step] of tour.steps.entries()) {
          const current = page.getByRole("dialog", { name: new RegExp(`Step ${i + 1} of ${tour.steps.length}`) });
          // As long as the first step may take: each step scrolls to its target and draws the popover anew.
          await expect(current, `${tour.type} step ${i + 1}`).toBeVisible({ timeout: 15_000 });
          await expect(current).toContainText(step.content);
          const target = page.locator(step.target).first();
          await expect(target, `${tour.type}: ${step.target}`).toBeVisible();
          await expect(target, `${tour.type}: ${step.target} in view`).toBeInViewport({ ratio: 0.1 });
          await current.getByRole("button", { name: i === tour.steps.length - 1 ? "Finish" : "Next" }).click();
        }
        await expect(page.getByRole("dialog")).toHaveCount(0);
      }
    });
  }
}

test("a tour's popover takes the focus, keeps it while open and gives it back when it closes", async ({ page }) => {
  await signIn(page, "dealer");
  const help = page.getByRole("button", { name: "Help and Tours", exact: true });
  await help.click();
  await page.getByRole("region", { name: "Help and Tours" }).getByRole("button", { name: "Start Profile Overview tour" }).click();
  const dialog = page.getByRole("dialog", { name: /Step 1 of 6/ });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  const focusInDialog = () => dialog.evaluate((el) => el.contains(document.activeElement));
  await expect.poll(focusInDialog).toBe(true);
  // Tabbing round never leaves the popover.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInDialog()).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The Help panel closed when the tour started, so the focus goes back to its button.
  await expect(help).toBeFocused();
});
