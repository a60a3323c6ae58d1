import { writeFile } from "node:fs/promises";
import { pdfText } from "../support/pdf-text.ts";
import { DEMO, expect, login, test, testCompany } from "./fixtures.ts";

/**
 * VAT and tax invoices as a dealer meets them: the checkout shows the order excluding VAT, the VAT at 15.5 % and the total in
 * USD and in ZWG with the rate's day; once the payment is confirmed the dealer downloads the tax invoice.
 */
test("a dealer's checkout shows excl. VAT, VAT 15.5 % and the total in USD and ZWG; after payment the invoice downloads", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await login(page, DEMO.dealer);
  const listed = await page.request.get("/api/products/get-all-products?page=1&pageSize=1");
  const first = ((await listed.json()) as { rows: { product_id: number; product_name: string }[] }).rows[0] as {
    product_id: number;
    product_name: string;
  };
  await page.goto(`/product/${first.product_id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.goto("/cart");
  await expect(page.getByText("Subtotal excl. VAT")).toBeVisible();
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  const summary = page.getByRole("table", { name: /Your order at dealer prices in USD/ });
  await expect(summary).toContainText(first.product_name);
  await expect(summary.getByRole("row", { name: /Total excl\. VAT/ })).toContainText(/USD\u00a0[\d,]+\.\d{2}/);
  await expect(summary.getByRole("row", { name: /VAT 15\.5 %/ })).toContainText(/USD\u00a0[\d,]+\.\d{2}/);
  await expect(summary.getByRole("row", { name: /Order total incl\. VAT/ })).toContainText(/USD\u00a0[\d,]+\.\d{2}/);
  // The same total in ZWG, with the rate and its day.
  const other = summary.getByTestId("checkout-other-currency");
  await expect(other).toContainText(/ZWG\u00a0[\d,]+\.\d{2} incl\. VAT/);
  await expect(other).toContainText("ZWG at 26.8015 per USD, rate of 24 November 2026.");
  // The figures add up: excl. VAT + VAT = total, to the cent.
  const cents = async (id: string) => Number(((await page.getByTestId(id).textContent()) ?? "").replace(/[^\d]/g, ""));
  expect((await cents("checkout-subtotal")) + (await cents("checkout-vat"))).toBe(await cents("checkout-total"));
  await page.screenshot({ path: testInfo.outputPath("checkout-vat.png"), fullPage: true });

  await page.getByLabel("I will collect from a branch").check();
  await page.getByLabel("Contact name").fill("Farai Dealer");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/dealer\/orders\?placed=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get("placed"));
  const card = page.locator(`#order-${orderId}`);
  await expect(card).toContainText("VAT 15.5 %");
  await expect(card.locator("[data-tax-document]")).toHaveCount(0);

  // An admin confirms the bank transfer.
  const office = await browser.newContext({ baseURL });
  const admin = await office.newPage();
  await login(admin, DEMO.admin);
  const confirmed = await admin.request.put(`/api/orders/${orderId}/confirm-payment`, {
    data: { paymentReference: "ZIPIT 55443322" },
    headers: { origin: baseURL as string },
  });
  expect(confirmed.status()).toBe(200);
  await office.close();

  await page.reload();
  const link = card.getByRole("link", { name: /Tax invoice INV-\d{4}-\d{6}/ });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const { readFile } = await import("node:fs/promises");
  const body = await readFile(file);
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = pdfText(body);
  expect(text).toContain("TAX INVOICE");
  expect(text).toContain(first.product_name);
  expect(text).toContain("15.5 %");
  expect(text).toContain(testCompany().registeredCompany);
  await writeFile(testInfo.outputPath("invoice-text.txt"), text);
});
