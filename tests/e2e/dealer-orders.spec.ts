import { DEMO, expect, login, test } from "./fixtures.ts";

/** Issue 5: the dealer checks out the local cart and finds the order, its reference and how to pay. */
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
