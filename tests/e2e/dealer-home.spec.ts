import { DEMO, expect, login, test } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";
import { placeOrder, requestQuote } from "./support/orders.ts";

/**
 * An approved dealer's /dealer is their home — the account's status and tier, an open quotation with its
 * state, an order awaiting payment with its amount, the shortcuts — at phone and desktop width; a visitor still gets
 * the programme's landing.
 */
test("the dealer home shows an open quote and an unpaid order; a visitor gets the landing", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const me = await login(page, DEMO.dealer);
  const listed = await page.request.get("/api/products/get-all-products?page=1&pageSize=2");
  const rows = ((await listed.json()) as { rows: { product_id: number; product_name: string }[] }).rows.slice(0, 2);
  const quoteId = await requestQuote(
    page,
    baseURL as string,
    me,
    rows.map((r, i) => ({ product_id: r.product_id, quantity: i + 2 })),
    "For the dealer home test",
  );
  const unpaid = await placeOrder(page, baseURL as string, [{ product_id: rows[0]?.product_id as number, quantity: 1 }]);
  expect(unpaid.status).toBe("awaiting_payment");

  for (const [width, name] of [
    [390, "phone"],
    [1280, "desktop"],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/dealer");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Dealer home" })).toBeVisible();
    const account = page.getByRole("region", { name: "Your account" });
    await expect(account).toContainText("Approved dealer");
    await expect(account).toContainText("Silver");
    await expect(account).toContainText("Owner");

    const quotes = page.getByRole("region", { name: "Open quotations" });
    const row = quotes.locator(`[data-home-quotation="${quoteId}"]`);
    await expect(row).toContainText(`Quotation #${quoteId}`);
    await expect(row).toContainText("Pending");
    await expect(row).toContainText(`2 × ${rows[0]?.product_name}`);

    const orders = page.getByRole("region", { name: "Orders awaiting payment or dispatch" });
    const order = orders.locator(`[data-home-order="${unpaid?.id}"]`);
    await expect(order).toContainText(unpaid?.reference as string);
    await expect(order).toContainText("Awaiting payment");
    await expect(order).toContainText(/USD\u00a0[\d,]+\.\d{2}/);

    const shortcuts = page.getByRole("navigation", { name: "Shortcuts" });
    await expect(shortcuts.getByRole("link", { name: /Quick order/ })).toHaveAttribute("href", "/dealer/quick-order");
    await expect(shortcuts.getByRole("link", { name: /Price list/ })).toHaveAttribute("href", "/dealer/price-list");
    await expect(shortcuts.getByRole("link", { name: /Kits/ })).toHaveAttribute("href", "/dealer/kits");
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`dealer-home-${name}.png`), fullPage: true });
  }

  // The order's link goes to its card.
  await page
    .getByRole("link", { name: unpaid?.reference as string })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/dealer/orders#order-${unpaid?.id}$`));

  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto("/dealer");
  await expect(visitor.getByRole("heading", { level: 1 })).not.toHaveText("Dealer home");
  await expect(visitor.getByText("Become a Certified Dealer").first()).toBeVisible();
  await visitor.context().close();
});
