import { DEMO, expect, login, test } from "./fixtures.ts";

/** The dealer checks out the local cart and finds the order, its reference and how to pay. */
test("a dealer places an order from the cart and sees it with its reference, bank details and timeline", async ({ page }) => {
  await login(page, DEMO.dealer);
  await expect(page).toHaveURL(/\/dealer$/);

  const listed = await page.request.get("/api/products/get-all-products?page=1&pageSize=1");
  const first = ((await listed.json()) as { rows: { product_id: number; product_name: string }[] }).rows[0] as {
    product_id: number;
    product_name: string;
  };
  await page.goto(`/product/${first.product_id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();

  await page.goto("/cart");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  // The server's prices, not the cart's.
  await expect(page.getByRole("table", { name: /Your order at dealer prices in USD/ })).toContainText(first.product_name);

  await page.getByLabel("I will collect from a branch").check();
  await page.getByLabel("Contact name").fill("Farai Dealer");
  const place = page.getByRole("button", { name: "Place Order" });
  await expect(place).toBeEnabled();
  await place.click();

  await expect(page).toHaveURL(/\/dealer\/orders\?placed=\d+/);
  await expect(page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: "has been placed" })).toBeVisible();
  const order = page.getByRole("article").first();
  await expect(order.getByRole("heading", { level: 2 })).toHaveText(/^ORD-\d{4}-\d{6}$/);
  await expect(order).toContainText("Placed – awaiting payment");
  await expect(order).toContainText("Pay by bank transfer or ZIPIT");
  await expect(order).toContainText("Timeline");

  // The cart was emptied.
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

/**
 * The company's cart is the team's: an order placed at the checkout takes out only its own lines, and this browser's
 * copy follows the server's cart afterwards (emptying it here would send an empty cart and wipe the buyer's line).
 */
test("an order placed at the checkout leaves a line the buyer added meanwhile in the company's cart", async ({
  page,
  browser,
  baseURL,
}) => {
  await login(page, DEMO.dealer);
  await expect(page).toHaveURL(/\/dealer$/);
  const listed = await page.request.get("/api/products/get-all-products?page=1&pageSize=2");
  const [a, b] = ((await listed.json()) as { rows: { product_id: number; product_name: string }[] }).rows;
  if (!a || !b) throw new Error("no demo products");
  const origin = { origin: baseURL as string };
  expect(
    (await page.request.put("/api/cart", { headers: origin, data: { lines: [{ product_id: a.product_id, quantity: 1 }] } })).status(),
  ).toBe(200);
  await page.goto("/checkout");
  await expect(page.getByRole("table", { name: /Your order at dealer prices in USD/ })).toContainText(a.product_name);

  // The checkout is open; the company's buyer adds a product from their own browser.
  const buyer = await (await browser.newContext({ baseURL: baseURL as string })).newPage();
  await login(buyer, DEMO.buyer);
  const added = await buyer.request.post("/api/cart/lines", {
    headers: origin,
    data: { lines: [{ product_id: b.product_id, quantity: 2 }] },
  });
  expect(added.status()).toBe(200);

  await page.getByLabel("I will collect from a branch").check();
  await page.getByLabel("Contact name").fill("Farai Dealer");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/dealer\/orders\?placed=\d+/);

  const serverCart = async () =>
    ((await (await page.request.get("/api/cart")).json()) as { lines: { product_id: number; quantity: number }[] }).lines.map((l) => [
      l.product_id,
      l.quantity,
    ]);
  await expect.poll(serverCart).toEqual([[b.product_id, 2]]);
  // This browser's copy is the company's cart again: the buyer's line, not the ordered one.
  await page.goto("/cart");
  await expect(page.getByRole("link", { name: b.product_name })).toBeVisible();
  await expect(page.getByRole("link", { name: a.product_name })).toHaveCount(0);
  await expect.poll(serverCart).toEqual([[b.product_id, 2]]);
  await buyer.context().close();
});
