import type { Page, Response } from "@playwright/test";
import sharp from "sharp";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";

/**
 * The pages' style policy has no 'unsafe-inline' (style-src 'self' plus the response's nonce,
 * style-src-attr 'none'; decision 011). The main public, dealer and back-office pages, with what they draw after
 * loading (toasts, the dashboard's chart, a modal dialog, an upload's progress, the help panel and a tour), run
 * without a single Content-Security-Policy violation, and no page's HTML carries a style attribute or a <style>
 * element without the nonce.
 */

type Violations = string[];

/** Records every CSP violation of every document the page opens, and Chromium's console reports of them. */
async function watchViolations(page: Page): Promise<Violations> {
  const seen: Violations = [];
  await page.exposeFunction("__cspViolation", (line: string) => {
    seen.push(line);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __cspViolation: (line: string) => void }).__cspViolation;
      void report(
        `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
      );
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  return seen;
}

/** The server's HTML of a page must hold no style attribute and no <style> element without a nonce. */
async function expectNoInlineStyles(response: Response | null, what: string) {
  expect(response, what).not.toBeNull();
  const html = (await response?.text()) ?? "";
  // Scripts' text (the router's data) may mention anything; only the markup counts.
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  const attributes = markup.match(/<[a-zA-Z][^>]*\sstyle=[^>]*>/g) ?? [];
  expect(attributes, `${what}: style attributes in the server's HTML`).toEqual([]);
  const elements = (markup.match(/<style\b[^>]*>/g) ?? []).filter((tag) => !/\snonce="/.test(tag));
  expect(elements, `${what}: <style> without the nonce`).toEqual([]);
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy, `${what}: the page's policy`).toMatch(/style-src 'self' 'nonce-[^']+'/);
  expect(policy).not.toContain("'unsafe-inline'");
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await expectNoInlineStyles(response, path);
  await hydrated(page);
}

async function png(colour: string) {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

test("public pages, a toast and the cart run without a style violation", async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);

  await visit(page, "/");
  await visit(page, "/products");
  const product = await page.locator('a[href^="/product/"]').first().getAttribute("href");
  expect(product).toBeTruthy();
  await visit(page, product as string);
  // Adding to the cart says so in a toast.
  await page
    .getByRole("button", { name: /Add to Cart/i })
    .first()
    .click();
  await expect(page.locator("[data-toast]").first()).toBeVisible();
  await visit(page, "/cart");
  await visit(page, "/login");

  // Visitors' pages' toasts (src/web/enhance/toast.ts) keep the spec's place and width: top right, 356 px wide.
  await visit(page, "/contact");
  const form = page.getByRole("form", { name: "Get in Touch" });
  await form.getByLabel("Full Name").fill("Tariro Mukanya");
  await form.getByLabel("Email").fill("tariro@example.com");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thank you! Your message has been sent.").first()).toBeVisible();
  await visit(page, product as string);
  await page
    .getByRole("button", { name: /Add to Cart/i })
    .first()
    .click();
  const toast = page.locator("[data-toast]").first();
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  expect(box?.width).toBe(356);
  await expect(page.locator("[data-toaster]")).toHaveCSS("position", "fixed");

  expect(violations).toEqual([]);
});

test("the dealer pages, the sidebar, the help panel and a tour run without a style violation", async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  await login(page, DEMO.dealer);
  await expect(page).toHaveURL(/\/dealer$/);
  await visit(page, "/dealer");
  await visit(page, "/dealer/profile");
  // The sidebar sits under the header, its top set by a class.
  await expect(page.locator('[data-tour="dealer-sidebar"]')).toHaveCSS("top", "118px");

  await page.getByRole("button", { name: "Help and Tours", exact: true }).click();
  const panel = page.getByRole("region", { name: "Help and Tours" });
  await expect(panel).toBeVisible();
  const help = page.getByRole("button", { name: "Help and Tours", exact: true });
  await expect(help).toHaveCSS("width", "60px");
  await expect(help).toHaveCSS("right", "30px");
  await expect(help).toHaveCSS("background-color", "rgb(222, 122, 55)");
  await panel.getByRole("button", { name: "Start Profile Overview tour" }).click();
  const step = page.getByRole("dialog", { name: /Step 1 of/ });
  await expect(step).toBeVisible({ timeout: 15_000 });
  await expect(step.getByRole("button", { name: "Next" })).toHaveCSS("background-color", "rgb(222, 122, 55)");
  await step.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("dialog", { name: /Step 2 of/ })).toBeVisible();
  await page.getByRole("button", { name: "Close Tour" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  expect(violations).toEqual([]);
});

test("a signed-in member's dealer application page runs without a style violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await login(page, DEMO.user);
  await visit(page, "/dealer/register");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test("the dashboard's chart, a modal dialog and a form's upload run without a style violation", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await visit(page, "/admin");
  const chart = page.locator('[data-tour="dashboard-sales-chart"]');
  await expect(chart.getByRole("img", { name: /^Sales per day, / }).locator("rect")).toHaveCount(30);
  // The axis labels are placed along the chart: the first at its left edge, the last at its right.
  const labels = chart.locator("[data-chart-label]");
  await expect(labels.first()).toBeVisible();
  const axis = await labels.first().locator("xpath=..").boundingBox();
  const first = await labels.first().boundingBox();
  const last = await labels.last().boundingBox();
  expect(Math.abs((first?.x ?? 0) - (axis?.x ?? -1))).toBeLessThan(1);
  expect(Math.abs((last?.x ?? 0) + (last?.width ?? 0) - ((axis?.x ?? 0) + (axis?.width ?? 0)))).toBeLessThan(1);

  // A modal dialog (the page behind it is inert and does not scroll).
  await page.getByRole("button", { name: "Record a sale" }).click();
  const dialog = page.getByRole("dialog", { name: "Record a sale" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // A form with an upload: its progress, then the saved brand's toast.
  await visit(page, "/admin/products?tab=brands");
  await page.getByRole("link", { name: "Add brand" }).click();
  const form = page.getByRole("form", { name: "Add a brand" });
  await expect(form).toBeVisible();
  await page.waitForLoadState("networkidle");
  await form.getByLabel("Brand name").fill(`CSP Brand ${Date.now().toString(36)}`);
  await form
    .getByLabel("Add image to Logo (optional)")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await png("#00805a") });
  await form.getByRole("button", { name: "Add brand" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Brand added." })).toBeVisible({ timeout: 20_000 });

  expect(violations).toEqual([]);
});
