import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { holdEnhanceScript } from "./support/hydration.ts";

/** Issue 19: the cart page is sent without React; the browser draws the cart from storage (enhance/cart-page.ts). */

type Item = { productId: number; productName: string; image: string; quantity: number };

async function firstProducts(page: Page, n: number) {
  const listed = await page.request.get(`/api/products/get-all-products?page=1&pageSize=${n}`);
  return ((await listed.json()) as { rows: { product_id: number; product_name: string }[] }).rows;
}

/** Stores `items` as this browser's cart, as the cart itself would. */
async function storeCart(page: Page, items: Item[]) {
  await page.evaluate((list) => localStorage.setItem("cart", JSON.stringify({ items: list, expires: Date.now() + 86_400_000 })), items);
}

function whatsappText(href: string | null): string {
  return new URL(href ?? "").searchParams.get("text") ?? "";
}

test("the cart page loads no React, and the WhatsApp link's text follows the quantities as they change", async ({ page }) => {
  const [a, b] = await firstProducts(page, 2);
  if (!a || !b) throw new Error("no demo products");
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/faqs");
  await storeCart(page, [
    { productId: a.product_id, productName: a.product_name, image: "", quantity: 1 },
    { productId: b.product_id, productName: b.product_name, image: "", quantity: 2 },
  ]);
  scripts.length = 0;
  await page.goto("/cart");
  const summary = page.getByRole("region", { name: "Order Summary" });
  const checkout = summary.getByRole("link", { name: /^Checkout/ });
  await expect(checkout).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
  expect(whatsappText(await checkout.getAttribute("href"))).toBe(
    `Hello, I would like to order the following products:\n1. ${a.product_name} x 1\n2. ${b.product_name} x 2`,
  );
  expect(scripts.every((s) => s.includes("/enhance"))).toBe(true);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);

  await page.getByRole("button", { name: `Increase quantity of ${a.product_name}` }).click();
  await expect.poll(async () => whatsappText(await checkout.getAttribute("href"))).toContain(`1. ${a.product_name} x 2`);
  await page.getByLabel(`Quantity of ${b.product_name}`, { exact: true }).fill("7");
  await expect.poll(async () => whatsappText(await checkout.getAttribute("href"))).toContain(`2. ${b.product_name} x 7`);
  await expect(summary).toContainText("Total quantity9");
  await page.getByRole("button", { name: `Remove ${a.product_name}` }).click();
  await expect
    .poll(async () => whatsappText(await checkout.getAttribute("href")))
    .toBe(`Hello, I would like to order the following products:\n1. ${b.product_name} x 7`);
  await expect(summary).toContainText("Items1");
});

test("a change made in another tab shows on the cart page", async ({ page, context }) => {
  const [a] = await firstProducts(page, 1);
  if (!a) throw new Error("no demo product");
  await page.goto("/faqs");
  await storeCart(page, [{ productId: a.product_id, productName: a.product_name, image: "", quantity: 1 }]);
  await page.goto("/cart");
  const quantity = page.getByLabel(`Quantity of ${a.product_name}`, { exact: true });
  await expect(quantity).toHaveValue("1");

  const other = await context.newPage();
  await other.goto("/cart");
  await other.getByRole("button", { name: `Increase quantity of ${a.product_name}` }).click();
  await expect(other.getByLabel(`Quantity of ${a.product_name}`, { exact: true })).toHaveValue("2");
  await expect(quantity).toHaveValue("2");
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

  await other.getByRole("button", { name: `Remove ${a.product_name}` }).click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse products" })).toHaveAttribute("href", "/products");
});

test("an expired cart is discarded when the cart page reads it", async ({ page }) => {
  await page.goto("/faqs");
  await page.evaluate(() =>
    localStorage.setItem(
      "cart",
      JSON.stringify({ items: [{ productId: 1, productName: "A", image: "", quantity: 1 }], expires: Date.now() - 1000 }),
    ),
  );
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("cart"))).toBeNull();
});

test("before the page's script file has come, the cart is drawn and a tap on + is applied", async ({ page }) => {
  const [a] = await firstProducts(page, 1);
  if (!a) throw new Error("no demo product");
  await page.goto("/faqs");
  await storeCart(page, [{ productId: a.product_id, productName: a.product_name, image: "", quantity: 1 }]);
  // The visitors' pages' module (src/web/enhance/main.ts) is held until the end of the test.
  const release = await holdEnhanceScript(page);
  await page.goto("/cart", { waitUntil: "domcontentloaded" });
  expect(await page.evaluate(() => (window as Window & { __enhanced?: boolean }).__enhanced === true)).toBe(false);
  await page.getByRole("button", { name: `Increase quantity of ${a.product_name}` }).click();
  const quantity = page.getByLabel(`Quantity of ${a.product_name}`, { exact: true });
  await expect(quantity).toHaveValue("2");
  const checkout = page.getByRole("region", { name: "Order Summary" }).getByRole("link", { name: /^Checkout/ });
  expect(whatsappText(await checkout.getAttribute("href"))).toContain(`1. ${a.product_name} x 2`);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "null").items[0].quantity)).toBe(2);
  // The module, when it comes, leaves the cart as it is (the tap is not applied twice).
  await release();
  await expect(quantity).toHaveValue("2");
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
});
