import { expect, test } from "./fixtures.ts";

/** A category's filters and sort, in the address, on a phone, before and after scripts. */

const shown = (page: import("@playwright/test").Page) => page.getByRole("list", { name: "Products" }).getByRole("listitem");

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("filter a category, share the address, and remove a filter", async ({ page, browser, baseURL }) => {
    await page.goto("/category/solar-panels");
    const all = await shown(page).count();
    // Folded on a phone: the products come first.
    const form = page.getByRole("form", { name: "Filter products" });
    await expect(form).toBeHidden();
    await page.locator("details.filters > summary").click();
    await expect(form).toBeVisible();

    // A choice shows how many products it would show.
    const perc = form.getByRole("checkbox", { name: /^mono PERC \((\d+)\)$/ });
    const expected = Number(((await perc.locator("xpath=..").textContent()) ?? "").match(/\((\d+)\)/)?.[1]);
    await perc.check();
    await form.getByRole("spinbutton", { name: "At least" }).first().fill("400");
    await form.getByRole("button", { name: "Apply filters" }).click();

    await expect(page).toHaveURL(/spec\.cell_type=mono\+PERC/);
    await expect(page).toHaveURL(/spec\.power_w\.min=400/);
    const filtered = await shown(page).count();
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThanOrEqual(expected);
    expect(filtered).toBeLessThan(all);
    await expect(page.getByText("Filters (2 applied)")).toBeVisible();
    for (const card of await shown(page).all()) {
      const watts = Number(((await card.textContent()) ?? "").match(/(\d+) W ·/)?.[1]);
      expect(watts).toBeGreaterThanOrEqual(400);
    }

    // Sorted by power, high to low: the select sends the form (filters kept).
    await page.getByLabel("Sort by").selectOption({ label: "Power: high to low" });
    await expect(page).toHaveURL(/sort=power-desc/);
    await expect(page).toHaveURL(/spec\.cell_type=mono\+PERC/);
    const watts = await Promise.all(
      (await shown(page).all()).map(async (c) => Number(((await c.textContent()) ?? "").match(/(\d+) W ·/)?.[1])),
    );
    expect(watts).toEqual([...watts].sort((a, b) => b - a));

    // The address is the whole state: a fresh browser opening it sees the same page.
    const shared = page.url();
    const other = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const friend = await other.newPage();
    await friend.goto(shared);
    await expect(shown(friend)).toHaveCount(filtered);
    await expect(friend.getByLabel("Sort by")).toHaveValue("power-desc");
    await friend.locator("details.filters > summary").click();
    await expect(friend.getByRole("checkbox", { name: /^mono PERC/ })).toBeChecked();
    await other.close();

    // Each applied filter has its own Remove link.
    await page.getByRole("link", { name: /Maximum power: at least 400 W/ }).click();
    await expect(page).not.toHaveURL(/power_w/);
    await expect(page).toHaveURL(/spec\.cell_type=mono\+PERC/);
    await expect(shown(page)).toHaveCount(expected);
  });

  test("a filter nothing matches says so and offers to clear", async ({ page }) => {
    await page.goto("/category/hybrid-inverters?spec.power_kw.min=900");
    await expect(page.getByText("No products match these filters.")).toBeVisible();
    await page.getByRole("link", { name: "clear them all" }).click();
    await expect(page).toHaveURL(/\/category\/hybrid-inverters$/);
    await expect(shown(page).first()).toBeVisible();
  });
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form and the sort work, and paging keeps the filters", async ({ page }) => {
    await page.goto("/category/energy-storage?pageSize=6");
    const form = page.getByRole("form", { name: "Filter products" });
    await form.getByRole("checkbox", { name: /^LiFePO4/ }).check();
    await form.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/spec\.chemistry=LiFePO4/);
    await expect(page).toHaveURL(/pageSize=6/);
    await page.getByLabel("Sort by").selectOption("power");
    await page.getByRole("button", { name: "Sort" }).click();
    await expect(page).toHaveURL(/sort=power/);
    await expect(page).toHaveURL(/spec\.chemistry=LiFePO4/);
    const next = page.getByRole("navigation", { name: "Product pages" }).getByRole("link", { name: "Next" });
    if (await next.count()) {
      await expect(next).toHaveAttribute("href", /spec\.chemistry=LiFePO4.*sort=power.*page=2/);
    }
  });
});
