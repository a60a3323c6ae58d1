import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";

/** A demo battery of its own: the availability test checks the demo's out-of-stock one stays so. */
const SKU = "MS-LFP2K4-24";
const PRODUCT = "Mutapa LiFePO4 2.4kWh 24V";

/** On hand of the product at Bulawayo, as the Stock tab's table shows it (column 4: Product, Branch, Status, On hand). */
async function bulawayoOnHand(page: Page): Promise<number> {
  await page.goto(`/admin/stock?q=${SKU}`);
  const row = page.getByRole("table", { name: "Stock levels" }).getByRole("row").filter({ hasText: "Bulawayo" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(PRODUCT);
  return Number(await row.getByRole("cell").nth(3).textContent());
}

/** A shipment into Bulawayo, received in part; the levels and the ledger follow. */
test("an admin records a shipment into Bulawayo, receives it in part, and sees the stock and the ledger change", async ({ page }) => {
  test.setTimeout(60_000);
  const reference = `PO-E2E-${randomUUID().slice(0, 6).toUpperCase()}`;
  await login(page, DEMO.admin);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Stock" }).click();
  await expect(page).toHaveURL(/\/admin\/stock$/);
  await expect(page.getByRole("heading", { level: 1, name: "Stock" })).toBeVisible();
  const before = await bulawayoOnHand(page);

  // A new shipment: the supplier's reference, Bulawayo, the product found by its SKU, 6 units.
  await page.getByRole("navigation", { name: "Stock" }).getByRole("link", { name: "Shipments" }).click();
  await page.getByRole("link", { name: "New shipment" }).click();
  await hydrated(page);
  const form = page.getByRole("form", { name: "New shipment" });
  await form.getByLabel("Supplier reference").fill(reference);
  await form.getByLabel("Branch").selectOption({ label: "Bulawayo" });
  await form.getByLabel("Find a product (name or SKU)").fill(SKU);
  await form.getByRole("button", { name: "Find" }).click();
  await form
    .getByRole("list", { name: "Products found" })
    .getByRole("button", { name: `Add ${PRODUCT}` })
    .click();
  await form.getByLabel(`Quantity of ${PRODUCT}`).fill("6");
  await form.getByRole("button", { name: "Save shipment" }).click();

  // Its page: expected, and the Receive form offering what is outstanding; 4 of the 6 arrive.
  await expect(page).toHaveURL(/shipment=\d+/);
  await expect(page.getByRole("heading", { name: `Shipment ${reference}` })).toBeVisible();
  await expect(page.getByText("Expected", { exact: true })).toBeVisible();
  await hydrated(page);
  const receive = page.getByRole("form", { name: `Receive shipment ${reference}` });
  const quantity = receive.getByLabel(`Received now of ${PRODUCT}`);
  await expect(quantity).toHaveValue("6");
  await quantity.fill("4");
  await receive.getByRole("button", { name: "Receive" }).click();
  await expect(page.getByText("4 units received into Bulawayo.")).toBeVisible();
  await expect(page.getByText("Partly received", { exact: true })).toBeVisible();
  const line = page.getByRole("table", { name: "Products on the shipment" }).getByRole("row").filter({ hasText: PRODUCT });
  await expect(line.getByRole("cell")).toHaveText([new RegExp(PRODUCT), "6", "4", "2"]);
  // The rest is still expected: the form now offers the 2 outstanding.
  await expect(page.getByRole("form", { name: `Receive shipment ${reference}` }).getByLabel(`Received now of ${PRODUCT}`)).toHaveValue("2");

  // The levels: 4 more on hand at Bulawayo.
  expect(await bulawayoOnHand(page)).toBe(before + 4);

  // The ledger: the receipt, newest first, naming the shipment.
  await page.goto("/admin/stock/movements");
  await hydrated(page);
  await page.getByLabel("Kind").selectOption({ label: "Receipt" });
  await expect(page).toHaveURL(/kind=receipt/);
  const first = page.getByRole("table", { name: "Stock movements" }).getByRole("row").nth(1);
  await expect(first).toContainText("Receipt");
  await expect(first).toContainText(PRODUCT);
  await expect(first).toContainText("Bulawayo");
  await expect(first).toContainText("+4");
  await expect(first).toContainText(`Shipment ${reference}`);
});
