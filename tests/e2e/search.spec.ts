import { expect, test } from "./fixtures.ts";

/** Issue 22 §4: the site search, from the header, before any script: typos and units understood. */
test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the menu's search form finds an inverter from a misspelt word", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.locator("#mobile-menu");
    await menu.getByLabel("Search products and articles").fill("inverterr");
    await menu.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=inverterr$/);
    const products = page.getByRole("region", { name: "Products" });
    await expect(products.getByRole("link", { name: /Hybrid/ }).first()).toBeVisible();
    await products.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
  });
});

test("the header's Search link opens the search page; figures in any unit find the same products; no match says so", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search$/);
  const box = page.getByRole("searchbox", { name: "Search products and articles" });
  const names = async () => page.getByRole("region", { name: "Products" }).getByRole("link").allTextContents();
  await box.fill("5 kW");
  await box.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Results for “5 kW”");
  const first = await names();
  expect(first.length).toBeGreaterThan(0);
  await page.goto("/search?q=5000w");
  expect(await names()).toEqual(first);
  await page.goto("/search?q=qwertyuiopzz");
  await expect(page.getByRole("status")).toContainText("Nothing matches");
});
