import type { Page } from "@playwright/test";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { putInCart } from "./support/cart.ts";

/** The cart keeps to the order limit, and products removed from the catalogue leave the cart's hand-offs. */

/** A product id no catalogue has: what a removed product's line looks like (products are deleted outright). */
const GONE_ID = 2_147_000_000;
const GONE_NAME = "Old 3 kW Inverter";

type Item = { productId: number; productName: string; image: string; quantity: number };

/** Stores `items` as this browser's cart (as the cart itself would), then opens `path`. */
async function withCart(page: Page, items: Item[], path: string) {
  await page.goto("/faqs");
  // A dealer's page first mirrors the company's cart: written over once that is done.
  await page.waitForLoadState("networkidle");
  await putInCart(page, items);
  await page.goto(path);
}

async function firstProducts(page: Page, n: number) {
  const listed = await page.request.get(`/api/products/get-all-products?page=1&pageSize=${n}`);
  return ((await listed.json()) as { rows: { product_id: number; product_name: string }[] }).rows;
}

test("the cart holds a quantity to the order limit of 10,000 and says so", async ({ page }) => {
  const [p] = await firstProducts(page, 1);
  if (!p) throw new Error("no demo product");
  await withCart(page, [{ productId: p.product_id, productName: p.product_name, image: "", quantity: 1 }], "/cart");
  const quantity = page.getByRole("spinbutton", { name: `Quantity of ${p.product_name}` });
  await quantity.fill("20000");
  await expect(page.getByText("You can order at most 10,000 of one product.")).toBeVisible();
  await expect(quantity).toHaveValue("10000");
  await expect(page.getByRole("button", { name: `Increase quantity of ${p.product_name}` })).toBeDisabled();
  await quantity.blur();
  await expect(quantity).toHaveValue("10000");
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary).toContainText("Total quantity10000");
  // The WhatsApp hand-off carries what the cart keeps.
  const href = await summary.getByRole("link", { name: /Checkout/ }).getAttribute("href");
  expect(new URL(href as string).searchParams.get("text")).toContain(`1. ${p.product_name} x 10000`);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "null"));
  expect(stored.items[0].quantity).toBe(10000);
});

test("a product no longer in the catalogue is marked in the cart, can be removed, and stays out of the WhatsApp text", async ({ page }) => {
  const [p] = await firstProducts(page, 1);
  if (!p) throw new Error("no demo product");
  await withCart(
    page,
    [
      { productId: GONE_ID, productName: GONE_NAME, image: "", quantity: 2 },
      { productId: p.product_id, productName: p.product_name, image: "", quantity: 3 },
    ],
    "/cart",
  );
  const lines = page.getByRole("listitem").filter({ hasText: GONE_NAME });
  await expect(lines).toContainText("No longer available");
  await expect(page.getByRole("link", { name: GONE_NAME })).toHaveCount(0);
  await expect(page.getByRole("spinbutton", { name: `Quantity of ${GONE_NAME}` })).toHaveCount(0);
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary).toContainText("Items1");
  await expect(summary).toContainText("Total quantity3");
  await expect(summary).toContainText("Products no longer available are left out of your order.");
  const text = new URL((await summary.getByRole("link", { name: /Checkout/ }).getAttribute("href")) as string).searchParams.get("text");
  expect(text).toBe(`Hello, I would like to order the following products:\n1. ${p.product_name} x 3`);
  // The header's badge counts only what can still be ordered, here and on every other page (early count included).
  const cartLink = page.getByRole("banner").getByRole("link", { name: /^Cart/ });
  await expect(cartLink).toHaveAttribute("aria-label", "Cart, 3 items");
  await page.goto("/faqs");
  await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toHaveAttribute("aria-label", "Cart, 3 items");
  await page.goto("/cart");

  await page.getByRole("button", { name: `Remove ${GONE_NAME}` }).click();
  await expect(page.getByText(GONE_NAME)).toHaveCount(0);
  await expect(summary).not.toContainText("no longer available");
});

test("a dealer's checkout lists every line of the cart: one stored above the limit, one no longer available; the order leaves the latter out", async ({
  page,
}) => {
  await login(page, DEMO.dealer);
  await expect(page).toHaveURL(/\/dealer$/);
  const [a, b] = await firstProducts(page, 2);
  if (!a || !b) throw new Error("no demo products");
  await withCart(
    page,
    [
      // Stored before the cart kept to the limit: read at the limit.
      { productId: a.product_id, productName: a.product_name, image: "", quantity: 20_000 },
      { productId: GONE_ID, productName: GONE_NAME, image: "", quantity: 1 },
      { productId: b.product_id, productName: b.product_name, image: "", quantity: 2 },
    ],
    "/checkout",
  );
  const table = page.getByRole("table", { name: /Your order at dealer prices in USD/ });
  await expect(table.getByRole("row").filter({ hasText: a.product_name })).toContainText("10000");
  await expect(table.getByRole("row").filter({ hasText: b.product_name })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: GONE_NAME })).toContainText("No longer available: left out of this order");
  await expect(table.getByRole("row").filter({ hasText: "Order total" })).not.toContainText("USD 0.00");
  await expect(page.getByRole("alert").filter({ hasText: "no longer available: they are left out of this order" })).toBeVisible();

  await page.getByLabel("I will collect from a branch").check();
  await page.getByLabel("Contact name").fill("Farai Dealer");
  const place = page.getByRole("button", { name: "Place Order" });
  await expect(place).toBeEnabled();
  await place.click();
  await expect(page).toHaveURL(/\/dealer\/orders\?placed=\d+/);
  const id = new URL(page.url()).searchParams.get("placed");
  const order = await page.request.get(`/api/orders/${id}`);
  const lines = ((await order.json()) as { products?: { product_id: number; quantity: number }[] }).products;
  expect(lines?.map((l) => [l.product_id, l.quantity])).toEqual([
    [a.product_id, 10_000],
    [b.product_id, 2],
  ]);
});
