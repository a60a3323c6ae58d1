import type { Page } from "@playwright/test";
import { DEMO_LOW_STOCK, DEMO_OUT_OF_STOCK } from "#server/seed/demo-stock.ts";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { axeFindings } from "./support/axe.ts";
import { putInCart } from "./support/cart.ts";
import { hydrated } from "./support/hydration.ts";

/**
 * Stock availability in the browser: the product page's availability per role (quantities for dealers only), the
 * cart's warning on a line that is short, and checkout's collection at the branch the dealer picks.
 */

type Listed = { product_id: number; product_name: string };

/** A demo product's id by its name (demo-stock.ts names the low and the out-of-stock ones). */
async function productId(page: Page, name: string): Promise<number> {
  const res = await page.request.get("/api/products/get-all-products?page=1&pageSize=100");
  const found = ((await res.json()) as { rows: Listed[] }).rows.find((p) => p.product_name === name);
  expect(found, name).toBeTruthy();
  return (found as Listed).product_id;
}

const branchLine = (page: Page) => page.locator("[data-branch-availability]");

test("the product page says the status to everyone, and each branch's quantity to dealers only", async ({ page }) => {
  const low = await productId(page, DEMO_LOW_STOCK);
  const out = await productId(page, DEMO_OUT_OF_STOCK);

  await page.goto(`/product/${low}`);
  const status = page.locator("[data-product-availability] [data-availability]");
  // Low here, unless other tests have just ordered the last units.
  await expect(status).toHaveText(/^Availability: (Low stock|Out of stock — expected \d{1,2} [A-Z][a-z]{2})$/);
  const visitorLine = branchLine(page);
  if (await visitorLine.count()) {
    await expect(visitorLine).toContainText("Harare:");
    await expect(visitorLine).not.toContainText(/\d/);
  }
  await page.goto(`/product/${out}`);
  await expect(status).toHaveText(/^Availability: Out of stock — expected \d{1,2} [A-Z][a-z]{2}$/);
  await expect(status).toHaveAttribute("data-availability", "out_of_stock");

  await login(page, DEMO.dealer);
  await page.goto("/product/1");
  await expect(status).toHaveText(/^Availability: (In stock|Low stock)$/);
  // "Harare: 24 in stock · Bulawayo: 3 left": a number for each branch that has some (other tests' orders of this
  // product may have reserved a branch's last units by now).
  await expect(branchLine(page)).toContainText(/(Harare|Bulawayo): \d+ (in stock|left)/);
  await expect(branchLine(page)).toContainText(/Harare: (\d+ (in stock|left)|out of stock)/);
  await expect(branchLine(page)).toContainText(/Bulawayo: (\d+ (in stock|left)|out of stock)/);
});

test("the cart warns about a line that is short: quantities for a dealer, the status for a visitor", async ({ page }) => {
  const low = await productId(page, DEMO_LOW_STOCK);
  await page.goto("/faqs");
  await putInCart(page, [{ productId: low, productName: DEMO_LOW_STOCK, quantity: 40 }]);
  await page.goto("/cart");
  const warning = page.locator(`[data-line="${low}"] [data-line-stock]`);
  await expect(warning).toBeVisible();
  await expect(warning).toHaveText(/^(Low stock: the quantity may not all be available\.|Out of stock — expected .+)$/);

  await login(page, DEMO.dealer);
  await putInCart(page, [{ productId: low, productName: DEMO_LOW_STOCK, quantity: 40 }]);
  await page.goto("/cart");
  await expect(warning).toHaveText(
    /^(Only \d+ available; more expected \d{1,2} [A-Z][a-z]{2}\. The rest will be backordered\.|Out of stock — .+)$/,
  );
  // A line the branches have in full says nothing.
  await putInCart(page, [{ productId: 1, productName: "SunVolt 410W Mono PERC", quantity: 1 }]);
  await page.goto("/cart");
  await expect(page.locator('[data-line="1"]')).toBeVisible();
  await expect(page.locator('[data-line="1"] [data-line-stock]')).toBeHidden();
});

test("a dealer collects at the branch they pick, seeing which branch has the whole order", async ({ page }) => {
  await login(page, DEMO.dealer);
  await putInCart(page, [{ productId: 1, productName: "SunVolt 410W Mono PERC", quantity: 1 }]);
  await page.goto("/checkout");
  await hydrated(page);
  await expect(page.getByRole("table", { name: /Your order at dealer prices/ })).toContainText("SunVolt 410W Mono PERC");

  // Delivery by default: the company's address, a city with its fee in the summary.
  await expect(page.getByLabel("Delivery address")).toHaveValue(/Harare/);
  await expect(page.getByLabel("City")).toHaveValue("Harare");
  await expect(page.locator("[data-delivery-fee]")).toContainText("Delivery to Harare");
  await page.getByLabel("City").selectOption("Gweru");
  await expect(page.locator("[data-delivery-fee]")).toContainText("USD\u00a045.00");

  await page.getByLabel("I will collect from a branch").check();
  await expect(page.locator("[data-delivery-fee]")).toHaveCount(0);
  const branches = page.locator("[data-collection-branches]");
  await expect(branches.getByRole("radio")).toHaveCount(2);
  for (const name of ["Harare", "Bulawayo"]) {
    await expect(branches.locator(`[data-branch="${name}"]`)).toContainText(/Has everything|\d+ lines? short/);
  }
  await expect(branches.locator('[data-branch="Bulawayo"]')).toContainText("12 Khami Road");
  await branches.getByRole("radio", { name: /Bulawayo/ }).check();
  expect(await axeFindings(page, "checkout, collection")).toEqual([]);

  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/dealer\/orders\?placed=\d+/);
  await expect(page.getByText(/has been placed for collection at Bulawayo\./)).toBeVisible();
  const id = new URL(page.url()).searchParams.get("placed");
  const order = (await (await page.request.get(`/api/orders/${id}`)).json()) as { fulfilment: string; branch: { name: string } | null };
  expect(order).toMatchObject({ fulfilment: "collection", branch: { name: "Bulawayo" } });
});
