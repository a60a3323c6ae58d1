import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./support/axe.ts";

/**
 * The site search, from the header, before any script: typos and units understood; and its suggestions
 * as you type (enhance/search-suggest.ts), an ARIA combobox.
 */

/** The listbox a search box controls, once suggestions for its text have arrived. */
async function suggestionsFor(page: Page, box: ReturnType<Page["locator"]>) {
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const list = page.locator(`#${await box.getAttribute("aria-controls")}`);
  await expect(list).toHaveAttribute("role", "listbox");
  return list;
}
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

  test("the menu's search box suggests as you type; a product is picked by keyboard", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Menu" }).click();
    const box = page.locator("#mobile-menu").getByLabel("Search products and articles");
    await box.click();
    await box.pressSequentially("invert", { delay: 30 });
    await expect(box).toHaveAttribute("role", "combobox");
    await expect(box).toHaveAttribute("aria-autocomplete", "list");
    const list = await suggestionsFor(page, box);
    const products = list.getByRole("group", { name: "Products" });
    await expect(products.getByRole("option").first()).toContainText("Hybrid");
    await expect(list.getByRole("option").last()).toHaveText("See all results for “invert”");
    const found = await products.getByRole("option").count();
    await expect(page.locator("#mobile-menu").getByRole("status")).toHaveText(/^\d+ suggestions?$/);
    // It fits the phone, and each option is a comfortable target.
    const listBox = await list.boundingBox();
    expect(listBox && listBox.x >= 0 && listBox.x + listBox.width <= 390).toBe(true);
    for (const option of await list.getByRole("option").all()) expect((await option.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(found).toBeGreaterThan(0);
    // Escape closes the list, not the menu around it; ↓ opens it again.
    await box.press("Escape");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await expect(box).toHaveValue("invert");

    await box.press("ArrowDown");
    const first = products.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
    await box.press("ArrowDown");
    const second = products.getByRole("option").nth(1);
    await expect(box).toHaveAttribute("aria-activedescendant", (await second.getAttribute("id")) ?? "");
    const name = (await second.locator("span").first().textContent()) ?? "";
    const href = (await second.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/product\/\d+$/);
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });
});

test("the header's search box: a SKU's start finds its product, Escape closes, a click picks, and axe finds nothing", async ({ page }) => {
  await page.goto("/about");
  const box = page.locator("#header-q");
  await expect(box).toBeVisible();
  expect((await box.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await box.click();
  await box.pressSequentially("sv410m", { delay: 30 });
  const list = await suggestionsFor(page, box);
  const first = list.getByRole("option").first();
  await expect(first).toContainText("SunVolt 410W Mono PERC");
  await expect(first).toContainText("SV-410M-PERC");
  expect(await axeViolations(page)).toEqual([]);

  await box.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(list).toBeHidden();
  await expect(box).toHaveValue("sv410m");
  // Up from the box: the last option, all results.
  await box.press("ArrowUp");
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(list.getByRole("option", { selected: true })).toHaveText("See all results for “sv410m”");
  await box.press("ArrowDown");
  await expect(box).not.toHaveAttribute("aria-activedescendant", /./);

  // Typing on replaces the suggestions; nothing found says so.
  await box.pressSequentially("qqzz", { delay: 30 });
  await expect(page.locator("search:has(#header-q)").getByRole("status")).toHaveText("No suggestions");
  await expect(list.getByRole("option")).toHaveText(["See all results for “sv410mqqzz”"]);

  await box.fill("");
  await box.pressSequentially("lithium", { delay: 30 });
  await expect(list.getByRole("option").first()).toContainText("LiFePO4");
  const href = await list.getByRole("option").first().getAttribute("href");
  await list.getByRole("option").first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test("Enter with no suggestion chosen searches; Tab leaves the box and closes its list", async ({ page }) => {
  await page.goto("/");
  const box = page.locator("#header-q");
  await box.click();
  await box.pressSequentially("inverter", { delay: 30 });
  await suggestionsFor(page, box);
  await box.press("Tab");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.focus();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=inverter$/);
  await expect(page.getByRole("region", { name: "Products" }).getByRole("link").first()).toBeVisible();
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's search box sends its GET form", async ({ page }) => {
    await page.goto("/contact");
    const box = page.locator("#header-q");
    await expect(box).not.toHaveAttribute("role", /./);
    await box.fill("SV-410M-PERC");
    await page.locator("search:has(#header-q)").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=SV-410M-PERC$/);
    await expect(page.getByRole("region", { name: "Products" }).getByRole("link").first()).toHaveText("SunVolt 410W Mono PERC");
  });
});

test("below 1280 px the header's Search link opens the search page; figures in any unit find the same products; no match says so", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto("/about");
  await expect(page.locator("#header-q")).toBeHidden();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search$/);
  const box = page.locator("main").getByLabel("Search products and articles");
  const names = async () => page.getByRole("region", { name: "Products" }).getByRole("link").allTextContents();
  await box.fill("5 kW");
  await box.press("Enter");
  await expect(page.locator("main").getByRole("status").first()).toHaveText("Results for “5 kW”");
  const first = await names();
  expect(first.length).toBeGreaterThan(0);
  await page.goto("/search?q=5000w");
  expect(await names()).toEqual(first);
  await page.goto("/search?q=qwertyuiopzz");
  await expect(page.locator("main").getByRole("status").first()).toContainText("Nothing matches");
});
