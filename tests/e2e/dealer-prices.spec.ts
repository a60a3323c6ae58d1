import { DEMO, expect, login, test } from "./fixtures.ts";

/**
 * A dealer sees their tier's price at the quantity in the cart. The Silver demo dealer's price of the
 * "SunVolt 410W Mono PERC" is 112.10, 108.74 from 10 and 105.37 from 40 (panels' breaks 10+ 3 %, 40+ 6 %). Nothing is
 * ordered here: the cart is this browser's, so no stock other tests read is touched.
 */

const PANEL = "SunVolt 410W Mono PERC";

async function panelId(page: import("@playwright/test").Page): Promise<number> {
  const found = await page.request.get(`/api/search?q=${encodeURIComponent(PANEL)}`);
  const hit = ((await found.json()) as { products: { product_id: number; product_name: string }[] }).products.find(
    (p) => p.product_name === PANEL,
  );
  if (!hit) throw new Error(`the demo catalogue lacks ${PANEL}`);
  return hit.product_id;
}

test("a visitor sees no price and no break table on the product page", async ({ page }) => {
  await page.goto(`/product/${await panelId(page)}`);
  await expect(page.getByRole("heading", { level: 1, name: PANEL })).toBeVisible();
  await expect(page.getByText("Dealer price after sign-in")).toBeVisible();
  await expect(page.locator("[data-price-breaks]")).toHaveCount(0);
  await expect(page.getByRole("table", { name: /Unit price by quantity/ })).toHaveCount(0);
});

test("the Silver dealer sees the break table, and the cart's unit price drops from 112.10 to 108.74 at 10", async ({ page }) => {
  await login(page, DEMO.dealer);
  const id = await panelId(page);
  await page.goto(`/product/${id}`);
  await expect(page.getByText("Your price · Silver tier")).toBeVisible();
  const table = page.getByRole("table", { name: "Unit price by quantity on a line, excl. VAT" });
  await expect(table.getByRole("columnheader")).toHaveText(["Quantity", "USD", "ZWG"]);
  await expect(table.getByRole("rowheader")).toHaveText(["1–9", "10–39", "40+"]);
  await expect(table.getByRole("row", { name: /^1–9/ })).toContainText("USD\u00a0112.10");
  await expect(table.getByRole("row", { name: /^10–39/ })).toContainText("USD\u00a0108.74");
  await expect(table.getByRole("row", { name: /^40\+/ })).toContainText("USD\u00a0105.37");

  // A cart of this one panel, added as a dealer adds it.
  await page.evaluate(() => localStorage.removeItem("cart"));
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "{}").items?.length ?? 0)).toBe(1);
  await page.goto("/cart");
  const line = page.locator(`[data-line="${id}"]`);
  const subtotal = page.locator("[data-summary-subtotal]");
  await expect(line.locator("[data-line-unit]")).toHaveText("USD\u00a0112.10 each");
  await expect(line.locator("[data-line-break]")).toHaveText("USD\u00a0108.74 each from 10");
  await expect(subtotal).toHaveText("USD\u00a0112.10");

  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/orders/preview")) asked.push(new URL(r.url()).searchParams.get("lines") ?? "");
  });
  await page.getByLabel(`Quantity of ${PANEL}`, { exact: true }).fill("10");
  await expect(line.locator("[data-line-unit]")).toHaveText("USD\u00a0108.74 each");
  await expect(line.locator("[data-line-total]")).toHaveText("USD\u00a01,087.40");
  await expect(line.locator("[data-line-break]")).toHaveText("USD\u00a0105.37 each from 40");
  await expect(subtotal).toHaveText("USD\u00a01,087.40");
  // The server is asked once the typing pauses, for the line's real quantity.
  await expect.poll(() => asked).toEqual([`${id}x10`]);

  // Checkout prices the line of 10 at the break price too.
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout/);
  const summary = page.getByRole("region", { name: "Order Summary" });
  const row = summary.getByRole("row", { name: new RegExp(PANEL) });
  await expect(row.locator("[data-unit-price]")).toHaveText("USD\u00a0108.74 each");
  await expect(row).toContainText("USD\u00a01,087.40");
  await page.evaluate(() => localStorage.removeItem("cart"));
});
