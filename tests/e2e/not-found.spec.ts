import { DEMO, expect, login, test } from "./fixtures.ts";
import { axeFindings } from "./support/axe.ts";

/**
 * An {id} page given something that is not an id (/product/abc) showed the crash screen. It answers 404
 * with the page's own "not found" text, as an unknown id does.
 */
const PUBLIC: [string, string][] = [
  ["/product/abc", "Product not found."],
  ["/product/99999", "Product not found."],
  ["/product/1.5", "Product not found."],
  ["/blog/abc", "Blog not found."],
  ["/case-study/abc", "Case study not found."],
];

const ADMIN: [string, string][] = [
  ["/admin/dealers/abc", "Dealer not found."],
  ["/admin/dealers/999999", "Dealer not found."],
  ["/admin/orders/abc", "Order not found."],
  ["/admin/orders/999999", "Order not found."],
  ["/admin/messages/abc", "Message not found."],
];

test("public detail pages answer a malformed id as not found, not with the crash screen", async ({ page }) => {
  for (const [url, text] of PUBLIC) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(404);
    await expect(page.getByText(text, { exact: true }), url).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  }
});

test("back-office detail pages answer a malformed or unknown id with their own not-found state", async ({ page }) => {
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  for (const [url, text] of ADMIN) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(404);
    await expect(page.getByText(text, { exact: true }), url).toBeVisible();
    expect(await axeFindings(page, url)).toEqual([]);
  }
});
