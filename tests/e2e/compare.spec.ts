import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";

// Compare on the cards and product pages, the list kept in the browser, /compare?ids= as a shared link.

const PANELS = ["SunVolt 410W Mono PERC", "SunVolt 450W Mono Half-Cut", "Kariba 400W Mono Black"] as const;

const bar = (page: Page) => page.getByRole("complementary", { name: "Comparison" });
const table = (page: Page) => page.getByRole("region", { name: /compared/ }).getByRole("table");
const columns = (page: Page) => table(page).getByRole("columnheader");
const specRow = (page: Page, label: string | RegExp) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: label }) });

test("compare three panels: chosen on the cards, compared side by side, one removed, the link shared", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/category/solar-panels");
  await hydrated(page);
  for (const name of PANELS) {
    const toggle = page.getByRole("button", { name: `Compare ${name}` });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
  }
  await expect(bar(page)).toContainText("3 of 4 chosen");
  await bar(page).getByRole("link", { name: "Compare (3)" }).click();
  await expect(page).toHaveURL(/\/compare\?ids=\d+,\d+,\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Compare solar panels" })).toBeVisible();
  await expect(columns(page)).toHaveText(PANELS.map((n) => new RegExp(n)));

  // Rows in the category's order; those that differ say so in words, not by colour alone.
  await expect(specRow(page, /^Maximum power/)).toContainText("Differs");
  await expect(specRow(page, /^Maximum power/)).toContainText(/410 W\s*450 W\s*400 W/);
  await expect(specRow(page, /^Cell type/)).not.toContainText("Differs");
  await expect(specRow(page, /^Cell type/)).toContainText("mono PERC");
  // The comparison is the page itself: no bar on it.
  await expect(bar(page)).toHaveCount(0);

  // Only the differences: a link, the same comparison.
  await page.getByRole("link", { name: "Show only the differences" }).click();
  await expect(page).toHaveURL(/&diff=1$/);
  await expect(specRow(page, /^Cell type/)).toHaveCount(0);
  await expect(specRow(page, /^Maximum power/)).toBeVisible();
  await page.getByRole("link", { name: "Show all specifications" }).click();
  await expect(specRow(page, /^Cell type/)).toBeVisible();

  await page.getByRole("link", { name: `Remove ${PANELS[2]} from the comparison` }).click();
  await expect(columns(page)).toHaveCount(2);
  await expect(columns(page)).toHaveText([new RegExp(PANELS[0]), new RegExp(PANELS[1])]);
  const shared = page.url();
  // The list in this browser follows the comparison: the cards say so.
  await page.goto("/category/solar-panels");
  await hydrated(page);
  await expect(page.getByRole("button", { name: `Compare ${PANELS[2]}` })).toHaveAttribute("aria-pressed", "false");
  await expect(bar(page)).toContainText("2 of 4 chosen");

  // The address shared: someone else sees the same two, and it becomes their list.
  const other = await browser.newContext({ baseURL });
  const theirs = await other.newPage();
  await theirs.goto(shared);
  await expect(columns(theirs)).toHaveText([new RegExp(PANELS[0]), new RegExp(PANELS[1])]);
  await hydrated(theirs);
  await theirs.goto("/category/solar-panels");
  await hydrated(theirs);
  await expect(theirs.getByRole("button", { name: `Compare ${PANELS[0]}` })).toHaveAttribute("aria-pressed", "true");
  await other.close();
});

test("a fifth product and one of another category are refused with a message; the bar can start a new comparison", async ({ page }) => {
  await page.goto("/category/solar-panels");
  await hydrated(page);
  const toggles = page.getByRole("button", { name: /^Compare / });
  for (let i = 0; i < 4; i++) await toggles.nth(i).click();
  await toggles.nth(4).click();
  await expect(page.getByText("Up to 4 products can be compared at once. Remove one first.")).toBeVisible();
  await expect(toggles.nth(4)).toHaveAttribute("aria-pressed", "false");
  await expect(bar(page)).toContainText("4 of 4 chosen");

  await page.goto("/category/hybrid-inverters");
  await hydrated(page);
  const inverter = page.getByRole("button", { name: /^Compare / }).first();
  const name = ((await inverter.textContent()) ?? "").replace(/^Compare\s*/, "").trim();
  await inverter.click();
  await expect(page.getByText("A comparison holds products of one category.")).toBeVisible();
  await expect(inverter).toHaveAttribute("aria-pressed", "false");
  await expect(bar(page)).toContainText(`${name} is of another category`);
  await bar(page).getByRole("button", { name: "Start a new comparison with it" }).click();
  await expect(inverter).toHaveAttribute("aria-pressed", "true");
  await expect(bar(page)).toContainText("1 of 4 chosen");
  await expect(bar(page).getByRole("link", { name: "Compare (1)" })).toBeFocused();
  await bar(page).getByRole("button", { name: "Clear" }).click();
  await expect(bar(page)).toHaveCount(0);
  await expect(inverter).toHaveAttribute("aria-pressed", "false");
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("Compare is a link to the product's comparison, where others of its category are added and removed", async ({ page }) => {
    await page.goto("/category/solar-panels");
    await page.getByRole("link", { name: `Compare ${PANELS[0]}` }).click();
    await expect(page).toHaveURL(/\/compare\?ids=\d+$/);
    await expect(columns(page)).toHaveText([new RegExp(PANELS[0])]);
    await expect(page.getByText("Add up to 3 more solar panels")).toBeVisible();
    // With one product, the list of the category's others is open.
    await expect(page.getByText(/Add another of our solar panels \(3 more can be added\)/)).toBeVisible();
    await page.getByRole("link", { name: `Add ${PANELS[1]} to the comparison` }).click();
    await expect(columns(page)).toHaveText([new RegExp(PANELS[0]), new RegExp(PANELS[1])]);
    await expect(specRow(page, /^Maximum power/)).toContainText("Differs");
    await page.getByRole("link", { name: `Remove ${PANELS[0]} from the comparison` }).click();
    await expect(columns(page)).toHaveText([new RegExp(PANELS[1])]);
    await page.getByRole("link", { name: `Remove ${PANELS[1]} from the comparison` }).click();
    await expect(page.getByText("There is nothing to compare yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Solar Panels" }).first()).toBeVisible();
  });

  test("a shared link says which products are left out: unknown ones, another category's, those past four", async ({ page, request }) => {
    const res = await request.get("/api/products/get-all-products?category=solar-panels&pageSize=5");
    const { rows } = (await res.json()) as { rows: { product_id: number }[] };
    const inverters = (await (await request.get("/api/products/get-all-products?category=hybrid-inverters&pageSize=1")).json()) as {
      rows: { product_id: number; product_name: string }[];
    };
    const inverter = inverters.rows[0];
    const ids = [rows[0]?.product_id, inverter?.product_id, 999999, ...rows.slice(1).map((r) => r.product_id)];
    await page.goto(`/compare?ids=${ids.join(",")}`);
    await expect(page.getByText("1 product in this link is no longer in our catalogue and is left out.")).toBeVisible();
    await expect(page.getByText("Up to 4 products can be compared at once: the first 4 in the link are shown.")).toBeVisible();
    await expect(page.getByText(`so ${inverter?.product_name} (hybrid inverters) is left out`)).toBeVisible();
    // The first four ids read: the panel, the inverter (left out), the unknown id and one more panel.
    await expect(columns(page)).toHaveCount(2);
    await page.getByRole("link", { name: "Compare it on its own" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Compare hybrid inverters" })).toBeVisible();
  });
});
