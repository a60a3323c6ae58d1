import { DEMO, expect, login, test } from "./fixtures.ts";
import { axeFindings } from "./support/axe.ts";
import { placeOrder } from "./support/orders.ts";

/** Quick order from a paste, order again, and a saved kit; §3: the cart follows the dealer. */

test("quick order: a mixed paste is checked line by line and its valid lines go to the cart at once", async ({ page }) => {
  await login(page, DEMO.dealer);
  await page.goto("/dealer/quick-order");
  await expect(page.getByRole("heading", { level: 1, name: "Quick order" })).toBeVisible();
  await page
    .getByLabel("SKU and quantity, one a line")
    .fill("SKU\tQuantity\nsv-410m-perc\t3\nNOPE-123, 2\nSV-HYB5K-48; 0\nSV 410M PERC, 1");
  await page.getByRole("button", { name: "Check lines" }).click();
  await expect(page.getByRole("heading", { name: "2 of 4 lines ready to add" })).toBeVisible();
  await expect(page.getByText("Line 3: unknown SKU")).toBeVisible();
  await expect(page.getByText("Line 4: quantity must be at least 1")).toBeVisible();
  await expect(page.locator('[data-quick-line="2"]')).toContainText("SunVolt 410W Mono PERC");
  await expect(page.locator('[data-quick-line="2"]')).toContainText(/USD [\d,]+\.\d{2} each/);
  await expect(page.locator('[data-quick-line="5"]')).toContainText("Also on line 2: the quantities add up.");
  expect(await axeFindings(page, "quick order with errors")).toEqual([]);

  await page.getByRole("button", { name: "Add all valid lines to the cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 lines added to your cart." })).toBeVisible();
  await page.getByRole("link", { name: "View your cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.locator("[data-line]").filter({ hasText: "SunVolt 410W Mono PERC" });
  await expect(line.getByRole("spinbutton")).toHaveValue("4");
});

test("order again: a past order's lines go to the cart and the page says what changed", async ({ page, baseURL }) => {
  await login(page, DEMO.dealer);
  await placeOrder(page, baseURL as string);
  await page.goto("/dealer/orders");
  const order = page.getByRole("article").first();
  const reference = (await order.getByRole("heading", { level: 2 }).textContent())?.trim() ?? "";
  await page.getByRole("button", { name: `Order again (${reference})` }).click();
  const report = page.locator("[data-add-report]").first();
  await expect(report).toContainText(`${reference}:`);
  await expect(report).toContainText("added to your cart");
  // The order's products are in the cart (the company's own, empty before).
  const product = (await order.locator("tbody td").first().textContent())?.trim() ?? "";
  await page.goto("/cart");
  await expect(
    page
      .locator("[data-line]")
      .filter({ hasText: product.slice(0, 20) })
      .first(),
  ).toBeVisible();
});

test("kits: the demo kit goes to the cart, and the cart is saved as a kit of its own and used again", async ({ page }) => {
  await login(page, DEMO.dealer);
  await page.goto("/dealer/kits");
  const demoKit = page.locator('[data-kit="5 kVA home kit"]');
  await expect(demoKit).toContainText("SunVolt Hybrid 5kW 48V");
  await expect(demoKit).toContainText(/Today's total: USD [\d,]+\.\d{2}/);
  await page.getByRole("button", { name: "Add 5 kVA home kit to the cart" }).click();
  await expect(demoKit.getByRole("status")).toContainText("9 lines added to your cart.");

  // The cart (now the kit's nine lines) saved under a name of its own.
  await page.reload();
  await page.getByLabel("Kit name").fill("Weekend kit");
  await page.getByRole("button", { name: "Save cart as kit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Kit “Weekend kit” saved." })).toBeVisible();
  const saved = page.locator('[data-kit="Weekend kit"]');
  await expect(saved).toContainText("9 products");

  // A name already used is refused on its field.
  await page.getByLabel("Kit name").fill("weekend KIT");
  await page.getByRole("button", { name: "Save cart as kit" }).click();
  await expect(page.getByLabel("Kit name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("You already have a kit with this name.")).toBeVisible();
  expect(await axeFindings(page, "kits with a refused name")).toEqual([]);

  // Used again: the cart emptied, then the saved kit added back.
  await page.request.delete("/api/cart");
  await page.getByRole("button", { name: "Add Weekend kit to the cart" }).click();
  await expect(saved.getByRole("status")).toContainText("9 lines added to your cart.");
  await page.goto("/cart");
  await expect(page.locator("[data-line]")).toHaveCount(9);
  await expect(page.locator("[data-line]").filter({ hasText: "SunVolt 410W Mono PERC" }).getByRole("spinbutton")).toHaveValue("8");

  // Deleted again.
  await page.goto("/dealer/kits");
  await saved.getByText("Delete", { exact: true }).click();
  await page.getByRole("button", { name: "Delete Weekend kit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Kit “Weekend kit” deleted." })).toBeVisible();
  await expect(saved).toHaveCount(0);
});

test("a dealer's cart follows them from one browser to another", async ({ browser, baseURL }) => {
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const laptop = await browser.newContext({ baseURL });
  try {
    const onPhone = await phone.newPage();
    await login(onPhone, DEMO.dealer);
    const listed = await onPhone.request.get("/api/products/get-all-products?page=1&pageSize=1");
    const product = ((await listed.json()) as { rows: { product_id: number; product_name: string }[] }).rows[0] as {
      product_id: number;
      product_name: string;
    };
    await onPhone.goto(`/product/${product.product_id}`);
    const saved = onPhone.waitForResponse((r) => r.url().endsWith("/api/cart") && r.request().method() === "PUT");
    await onPhone.getByRole("button", { name: "Add to Cart" }).click();
    expect((await saved).status()).toBe(200);

    const onLaptop = await laptop.newPage();
    await login(onLaptop, DEMO.dealer);
    await onLaptop.goto("/cart");
    await expect(onLaptop.locator("[data-line]").filter({ hasText: product.product_name })).toBeVisible();
    await expect(onLaptop.locator("[data-cart-badge]").first()).toHaveAttribute("data-count", "1");

    // Signing out leaves nothing of the company's cart in that browser.
    await onLaptop.request.post("/api/auth/logout");
    await onLaptop.goto("/cart");
    await expect(onLaptop.getByText("Your cart is empty.")).toBeVisible();
  } finally {
    await phone.close();
    await laptop.close();
  }
});
