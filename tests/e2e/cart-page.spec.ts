import type { Page } from "@playwright/test";
import { DEMO, expect, login, test, testCompany } from "./fixtures.ts";
import { holdEnhanceScript } from "./support/hydration.ts";
import { placeOrder } from "./support/orders.ts";

/** The cart page is sent without React; the browser draws the cart from storage (enhance/cart-page.ts). */

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

/**
 * A dealer's "Request a quote for my cart" is for the dealer's own customer: the form starts from the company's
 * details (its trading name and address, the owner's e-mail, the phone of its latest order) and does not offer to pass
 * the request to competing installers; a visitor's still does, with empty fields.
 */
test("a dealer's quote for the cart starts from the company's details and offers no installer; a visitor's does", async ({
  page,
  browser,
  baseURL,
}) => {
  await login(page, DEMO.dealer);
  await expect(page).toHaveURL(/\/dealer$/);
  const company = testCompany();
  const order = await placeOrder(page, baseURL as string);
  const me = (await (await page.request.get("/api/auth/me")).json()) as { id: number };
  const application = (await (await page.request.get(`/api/dealer/${me.id}`)).json()) as { company_address: string };
  const productId = order.products[0]?.product_id as number;
  const put = await page.request.put("/api/cart", {
    headers: { origin: baseURL as string },
    data: { lines: [{ product_id: productId, quantity: 2 }] },
  });
  expect(put.status()).toBe(200);
  await page.goto("/cart");
  await page.getByRole("button", { name: "Request a quote for my cart" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a Quote" });
  await expect(dialog.getByLabel("Name")).toHaveValue(company.tradingName);
  await expect(dialog.getByLabel("Address")).toHaveValue(application.company_address);
  await expect(dialog.getByLabel("Email")).toHaveValue(company.owner.email);
  await expect(dialog.getByLabel("Phone")).toHaveValue(order.contactPhone);
  await expect(dialog.getByRole("checkbox", { name: "I also want a certified installer" })).toHaveCount(0);
  await expect(dialog.getByLabel("Province of the installation")).toHaveCount(0);

  const visitor = await (await browser.newContext({ baseURL: baseURL as string })).newPage();
  await visitor.goto("/faqs");
  await visitor.evaluate((id) => {
    localStorage.setItem(
      "cart",
      JSON.stringify({ items: [{ productId: id, productName: "A product", image: "", quantity: 1 }], expires: Date.now() + 86_400_000 }),
    );
  }, productId);
  await visitor.goto("/cart");
  await visitor.getByRole("button", { name: "Request a quote for my cart" }).click();
  const theirs = visitor.getByRole("dialog", { name: "Request a Quote" });
  await expect(theirs.getByRole("checkbox", { name: "I also want a certified installer" })).toBeVisible();
  await expect(theirs.getByLabel("Name")).toHaveValue("");
  await visitor.context().close();
});
