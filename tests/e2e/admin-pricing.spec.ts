import type { Locator } from "@playwright/test";
import { DEMO, expect, login, test, testCompany } from "./fixtures.ts";

/**
 * Dealer prices in the back office: an admin adds a tier, puts a Silver dealer company of the test's
 * own in it (and back, so the tier can go: other tests read the list of tiers), sees the tier refused deletion while in
 * use, and edits an accessory's quantity breaks (no other test reads its prices; its breaks are removed again at the end).
 */

/** Waits until React has taken over the element, so typed values and clicks count. */
async function hydrated(target: Locator) {
  await expect(target).toBeVisible();
  await expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps"))), { timeout: 15_000 })
    .toBe(true);
}

const ACCESSORY = "MC4 Crimping Tool Set";

test("an admin adds a tier, moves a dealer into it and back, and cannot delete it while the dealer is in it", async ({ page }) => {
  test.setTimeout(90_000);
  const name = `E2E Platinum ${Date.now().toString(36)}`;
  // Found by its owner's username: "Company pool-1" would also find pool-10 to pool-19 and the pool's hundreds.
  const { tradingName: company, registeredCompany, owner } = testCompany();
  const search = encodeURIComponent(owner.username);
  await login(page, DEMO.admin);

  await page.goto("/admin/dealers");
  const tabs = page.getByRole("navigation", { name: "Dealers" });
  await expect(tabs.getByRole("link", { name: "Applications" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "Tiers" }).click();
  await expect(page).toHaveURL(/\/admin\/dealers\/tiers$/);
  const table = page.getByRole("table", { name: "Dealer tiers" });
  await expect(table.getByRole("row").nth(1)).toContainText("Bronze");

  await page.getByRole("link", { name: "Add tier" }).click();
  const form = page.getByRole("form", { name: "Add a tier" });
  await hydrated(form.getByLabel("Name"));
  await form.getByLabel("Name").fill("gold");
  await form.getByLabel("Discount (%)").fill("12.5");
  await form.getByRole("button", { name: "Add tier" }).click();
  await expect(form.getByText("A tier with this name exists.")).toBeVisible();
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Add tier" }).click();
  await expect(page.getByText(`Tier ${name} added`)).toBeVisible();
  const row = table.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("12.5 %");
  await expect(row.getByRole("cell", { name: "0", exact: true })).toBeVisible();
  // Last, so Move down is off and Move up takes it above Gold.
  await expect(row.getByRole("button", { name: `Move down ${name}` })).toBeDisabled();
  await row.getByRole("button", { name: `Move up ${name}` }).click();
  await expect(table.getByRole("row").nth(3)).toContainText(name);

  // The company's page: its tier (the demo dealer's, Silver), then the new one.
  await page.goto(`/admin/dealers?q=${search}`);
  const review = page.getByRole("link", { name: `Review ${registeredCompany}`, exact: true });
  await review.click();
  const panel = page.getByRole("region", { name: "Price tier" });
  await expect(panel.getByTestId("dealer-tier-current")).toContainText("Buys at Silver: 5 % off");
  const select = panel.getByLabel("Tier", { exact: true });
  await hydrated(select);
  try {
    await select.selectOption({ label: `${name} (12.5 % off)` });
    await panel.getByRole("button", { name: "Save tier" }).click();
    await expect(panel.getByText(`The dealer now buys at ${name} (12.5 % off the list price).`)).toBeVisible();
    await expect(panel.getByTestId("dealer-tier-current")).toContainText(`Buys at ${name}`);

    // In use: the delete is refused with what to do.
    await page.goto("/admin/dealers/tiers");
    await expect(row.getByRole("cell", { name: "1", exact: true })).toBeVisible();
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Delete the tier ${name}?` });
    await hydrated(dialog.getByRole("button", { name: "Delete" }));
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(dialog.getByText("Dealers buy at this tier: move them to another tier first.")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // The change is in the audit log.
    const audit = await page.request.get(`/api/audit?q=${encodeURIComponent(name)}`);
    expect(JSON.stringify(await audit.json())).toContain(`moved to tier`);
  } finally {
    // Back to Silver, then the tier goes (other tests read the list of tiers).
    const tiers = (await (await page.request.get("/api/dealer-tiers")).json()) as { id: number; name: string }[];
    const silver = tiers.find((t) => t.name === "Silver");
    const mine = tiers.find((t) => t.name === name);
    const dealers = (await (await page.request.get(`/api/dealer/?search=${search}`)).json()) as {
      rows: { id: number; trading_name: string | null }[];
    };
    const own = dealers.rows.find((d) => d.trading_name === company)?.id;
    if (silver && own) expect((await page.request.put(`/api/dealer/tier/${own}`, { data: { tier_id: silver.id } })).ok()).toBe(true);
    if (mine) expect((await page.request.delete(`/api/dealer-tiers/${mine.id}`)).ok()).toBe(true);
  }
  await page.goto(`/admin/dealers?q=${search}`);
  const card = page.getByRole("list", { name: "Dealer applications" }).getByRole("listitem").filter({ has: review });
  await expect(card.getByTestId("dealer-tier")).toHaveText("Silver");
});

test("an admin sets an accessory's quantity breaks, sees the messages by field and the preview per tier, and removes them", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, DEMO.admin);
  await page.goto(`/admin/products?q=${encodeURIComponent(ACCESSORY)}`);
  await page.getByRole("link", { name: `Edit ${ACCESSORY}` }).click();
  await expect(page.getByLabel("Dealer list price (USD, excl. VAT)")).toHaveValue("52.00");
  await expect(page.getByLabel("Retail price (USD, excl. VAT)")).toHaveValue(/^\d+\.\d{2}$/);

  const prices = page.getByRole("form", { name: "Dealer prices" });
  const add = prices.getByRole("button", { name: "Add a break" });
  await hydrated(add);
  await expect(prices.getByTestId("price-break")).toHaveCount(0);
  await add.click();
  await prices.getByLabel("Break 1: from (units)").fill("5");
  await prices.getByLabel("Break 1: % off").fill("4");
  await add.click();
  await prices.getByLabel("Break 2: from (units)").fill("5");
  await prices.getByLabel("Break 2: % off").fill("3");
  await prices.getByRole("button", { name: "Save dealer prices" }).click();
  await expect(prices.getByText("Two breaks start at 5.")).toBeVisible();
  await expect(prices.getByLabel("Break 2: from (units)")).toBeFocused();

  await prices.getByLabel("Break 2: from (units)").fill("20");
  await prices.getByRole("button", { name: "Save dealer prices" }).click();
  await expect(prices.getByText("The break from 20 must take off more than the one from 5.")).toBeVisible();
  await prices.getByLabel("Break 2: % off").fill("8");

  // The preview: Silver is 5 % off 52.00 = 49.40; from 5 units 4 % more = 47.42; from 20, 8 % more = 45.45.
  const preview = prices.getByTestId("dealer-price-preview");
  const silver = preview.getByRole("row", { name: /^Silver/ });
  await expect(silver).toContainText("49.40");
  await expect(silver).toContainText("47.42");
  await expect(silver).toContainText("45.45");
  await expect(preview.getByRole("row", { name: /^Bronze/ })).toContainText("52.00");
  await prices.getByRole("button", { name: "Save dealer prices" }).click();
  await expect(prices.getByText("Dealer prices saved.")).toBeVisible();

  await page.reload();
  const again = page.getByRole("form", { name: "Dealer prices" });
  await expect(again.getByTestId("price-break")).toHaveCount(2);
  await expect(again.getByLabel("Break 2: % off")).toHaveValue("8.00");

  // Removed again: the accessory has no breaks in the demo.
  await hydrated(again.getByRole("button", { name: "Remove break 2" }));
  await again.getByRole("button", { name: "Remove break 2" }).click();
  await again.getByRole("button", { name: "Remove break 1" }).click();
  await again.getByRole("button", { name: "Save dealer prices" }).click();
  await expect(again.getByText("Dealer prices saved.")).toBeVisible();
  await expect(again.getByText("No quantity breaks: every quantity costs the same.")).toBeVisible();
});
