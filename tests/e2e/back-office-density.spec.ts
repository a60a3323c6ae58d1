import type { Page } from "@playwright/test";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { axeFindings } from "./support/axe.ts";

/**
 * A back office that is dense and consistent: references, dates and amounts never break across
 * lines ("ORD-2026-" / "000002", "USD" / "1,250.00"), every list's row actions sit side by side in one line, the
 * quotation queue is a table whose rows open their details with a disclosure button, and toasts leave the header's
 * Cart badge in sight. At a desktop's 1280 px and a phone's 390 px.
 */

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** Every back-office list with row actions. */
const ROW_ACTION_LISTS = [
  "/admin/products",
  "/admin/products/featured",
  "/admin/products/brands",
  "/admin/content",
  "/admin/content/faqs",
  "/admin/blogs",
  "/admin/team",
  "/admin/case-studies",
  "/admin/users",
  "/admin/orders",
  "/admin/messages",
  "/admin/quotations",
  "/admin/dealers",
  "/admin/stock",
  "/admin/stock/shipments",
  "/admin/stock/branches",
  "/admin/stock/delivery-fees",
];

type Wrapped = { page: string; text: string; lines: number; height: number; lineHeight: number };

/**
 * The tokens (`[data-token]`: ids, references, dates, amounts, e-mails) on the page that are drawn on more than
 * one line: more than one box, or taller than one and a half lines. Answers them and how many were checked.
 */
async function wrappedTokens(page: Page, path: string): Promise<{ checked: number; wrapped: Wrapped[] }> {
  return page.evaluate((where) => {
    const wrapped: Wrapped[] = [];
    let checked = 0;
    for (const el of document.querySelectorAll<HTMLElement>("main [data-token]")) {
      const rects = [...el.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0) continue; // not drawn (a collapsed row's details, a column hidden on phones)
      checked++;
      const style = getComputedStyle(el);
      const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
      const height = el.getBoundingClientRect().height;
      if (rects.length > 1 || height > lineHeight * 1.5) {
        wrapped.push({ page: where, text: (el.textContent ?? "").trim(), lines: rects.length, height, lineHeight });
      }
    }
    return { checked, wrapped };
  }, path);
}

for (const size of SIZES) {
  test.describe(`${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test(`no reference, date or amount wraps in the back office's and the dealer's lists at ${size.width} px`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const admin = await (await browser.newContext({ baseURL, viewport: size })).newPage();
      await login(admin, DEMO.admin);
      await expect(admin).toHaveURL(/\/admin$/);
      const found: Wrapped[] = [];
      for (const path of ["/admin/orders", "/admin/quotations", "/admin/products"]) {
        await admin.goto(path);
        if (path === "/admin/quotations") {
          // An approved quotation's quoted prices too, in its opened details.
          await admin.goto("/admin/quotations?status=approved");
          await admin
            .getByRole("button", { name: /^Quotation #\d+$/ })
            .first()
            .click();
        }
        const { checked, wrapped } = await wrappedTokens(admin, path);
        expect(checked, `${path}: tokens checked`).toBeGreaterThan(3);
        found.push(...wrapped);
      }
      const dealer = await (await browser.newContext({ baseURL, viewport: size })).newPage();
      // The demo company's orders, read only.
      await login(dealer, DEMO.dealer, "/dealer/orders", { demoCompany: true });
      const { checked, wrapped } = await wrappedTokens(dealer, "/dealer/orders");
      expect(checked, "/dealer/orders: tokens checked").toBeGreaterThan(3);
      found.push(...wrapped);
      expect(found).toEqual([]);

      // An amount's currency and figure are joined by a no-break space at the source (formatMoney).
      const total = dealer.getByRole("article").first().locator("tfoot [data-token]").last();
      expect(await total.textContent()).toMatch(/^[A-Z]{3}\u00a0[\d,]+\.\d{2}$/);
    });

    // One test per list, spread over the workers.
    for (const path of ROW_ACTION_LISTS) {
      test(`row actions sit side by side in one line in ${path} at ${size.width} px`, async ({ page }) => {
        await login(page, DEMO.admin, path);
        await expect(page.locator("[data-row-actions]").first(), path).toBeAttached();
        const problems = await page.evaluate((where) => {
          const out: string[] = [];
          for (const group of document.querySelectorAll<HTMLElement>("[data-row-actions]")) {
            const items = [...group.children].filter((c) => c.getClientRects().length > 0);
            const tops = new Set(items.map((c) => Math.round(c.getBoundingClientRect().top)));
            if (tops.size > 1) out.push(`${where}: actions on ${tops.size} lines (${group.textContent?.trim()})`);
          }
          // Every action of a table row is one of the row-action component's.
          for (const cell of document.querySelectorAll("main table tbody tr > td:last-child")) {
            for (const control of cell.querySelectorAll("a, button")) {
              if (!control.closest("[data-row-actions]")) out.push(`${where}: "${control.textContent?.trim()}" outside the row actions`);
            }
          }
          return out;
        }, path);
        expect(problems).toEqual([]);
      });
    }

    test(`the quotation queue is a table whose rows open their details, with no axe finding, at ${size.width} px`, async ({ page }) => {
      await login(page, DEMO.admin);
      await expect(page).toHaveURL(/\/admin$/);
      await page.goto("/admin/quotations?status=pending");
      const disclosure = page.getByRole("button", { name: /^Quotation #\d+$/ }).first();
      await expect(disclosure).toHaveAttribute("aria-expanded", "false");
      const details = page.locator(`#${await disclosure.getAttribute("aria-controls")}`);
      await expect(details).toBeHidden();
      // The keyboard opens it and closes it again.
      await disclosure.focus();
      await page.keyboard.press("Enter");
      await expect(disclosure).toHaveAttribute("aria-expanded", "true");
      await expect(details).toBeVisible();
      await expect(details).toContainText("Address");
      await expect(details).toContainText("Products");
      // The row's decisions are in the row itself, beside the status.
      const row = page.locator('[data-tour="quotation-card"]').first();
      await expect(row.locator('[data-tour="quotation-approve"]')).toBeVisible();
      await expect(row.locator('[data-status="pending"]')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      expect(await axeFindings(page)).toEqual([]);
      await page.keyboard.press("Space");
      await expect(disclosure).toHaveAttribute("aria-expanded", "false");
      await expect(details).toBeHidden();
    });

    test(`a toast leaves the header's Cart badge in sight at ${size.width} px`, async ({ page }) => {
      await page.goto("/products");
      const product = await page.locator('a[href^="/product/"]').first().getAttribute("href");
      await page.goto(product as string);
      await page.waitForLoadState("networkidle");
      // Pressed where the page is, at its top: a click that scrolled the button into view would move a phone's header
      // (not sticky there) out of sight, and nothing would be left to cover.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page
        .getByRole("button", { name: /Add to Cart/i })
        .first()
        .evaluate((button: HTMLElement) => button.click());
      const toast = page.locator("[data-toast]").first();
      await expect(toast).toBeVisible();
      const cart = page.locator("header a[href='/cart']").filter({ visible: true }).first();
      await expect(cart).toBeVisible();
      const [a, b] = [await toast.boundingBox(), await cart.boundingBox()];
      expect(a && b).toBeTruthy();
      if (!a || !b) return;
      // Top right still (spec §9), under the header's Cart link rather than over it.
      expect(a.x + a.width).toBeGreaterThan(size.width - 40);
      expect(a.y).toBeGreaterThanOrEqual(b.y + b.height);
    });
  });
}
