import type { Page } from "@playwright/test";
import { DEMO, expect, login, type SignedIn, test } from "./fixtures.ts";
import { requestQuote } from "./support/orders.ts";

/** A new quote request by the signed-in dealer, so the list has a pending quotation of this run at its top. */
async function quoteFirstProduct(page: Page, baseURL: string, me: SignedIn): Promise<number> {
  const product = await page.request.get("/api/products/get-all-products?page=1&pageSize=1");
  expect(product.ok()).toBe(true);
  const first = ((await product.json()) as { rows: { product_id: number }[] }).rows[0] as { product_id: number };
  return requestQuote(page, baseURL, me, [{ product_id: first.product_id, quantity: 2 }], "E2E: quotations page.");
}

test("the dealer sees their quotations, newest first, with status styles and an approved one's PDF", async ({ page, browser, baseURL }) => {
  // A company of the test's own asks for two quotes; the office approves the first at its list prices.
  const me = await login(page, DEMO.dealer);
  await expect(page).toHaveURL(/\/dealer$/);
  const approvedId = await quoteFirstProduct(page, baseURL as string, me);
  const office = await browser.newContext({ baseURL });
  const admin = await office.newPage();
  await login(admin, DEMO.admin);
  const approval = await admin.request.put(`/api/quotations/${approvedId}`, {
    headers: { origin: baseURL as string },
    data: { status: "approved" },
  });
  expect(approval.status(), await approval.text()).toBe(200);
  await office.close();
  const newId = await quoteFirstProduct(page, baseURL as string, me);

  await page.getByRole("navigation", { name: "Dealer" }).getByRole("link", { name: "Quotations" }).click();
  await expect(page).toHaveURL(/\/dealer\/quotations$/);
  await expect(page.getByRole("heading", { level: 1, name: "Quotations" })).toBeVisible();
  await expect(page).toHaveTitle(/^Quotations – Dealer Registration \| /);

  const cards = page.getByRole("list", { name: "Your quotations" }).getByRole("article");
  // Newest first: nothing older than the request just made comes before it (other tests may add newer ones).
  const firstHeading = await cards.first().getByRole("heading", { level: 2 }).textContent();
  expect(Number(firstHeading?.replace(/\D/g, ""))).toBeGreaterThanOrEqual(newId);
  // The request just made: pending, with its details and products, and no prices or PDF yet.
  const newest = cards.filter({ has: page.getByRole("heading", { name: `Quotation #${newId}`, exact: true }) });
  await expect(newest).toHaveCount(1);
  await expect(newest.locator("[data-status]")).toHaveText(/Pending/);
  await expect(newest.locator('[data-status="pending"]')).toHaveClass(/amber/);
  await expect(newest.getByText("45 Lytton Road, Workington, Harare")).toBeVisible();
  await expect(newest.getByText("E2E: quotations page.")).toBeVisible();
  await expect(newest.getByText("Qty 2")).toBeVisible();
  // Who asked for it follows the day.
  await expect(newest.getByText(new RegExp(`^Requested on \\d{1,2} [A-Z][a-z]+ \\d{4} by ${me.fullName}$`))).toBeVisible();
  await expect(newest.getByRole("link", { name: /Download PDF/ })).toHaveCount(0);

  // The approved quotation: prices, total, validity and the PDF.
  const approved = cards.filter({ has: page.locator('[data-status="approved"]') }).first();
  await expect(approved.locator('[data-status="approved"]')).toHaveText(/Approved/);
  await expect(approved.locator('[data-status="approved"]')).toHaveClass(/green/);
  await expect(approved.getByRole("table")).toBeVisible();
  // Totals labelled, excl. and incl. VAT, as the PDF has them.
  await expect(approved.getByRole("rowheader", { name: /^Total excl\. VAT \(USD\)$/ })).toBeVisible();
  await expect(approved.getByRole("rowheader", { name: /^Total incl\. VAT \(USD\)$/ })).toBeVisible();
  await expect(approved.getByText(/^Valid until/)).toBeVisible();
  const link = approved.getByRole("link", { name: /Download PDF/ });
  await expect(link).toBeVisible();

  const href = (await link.getAttribute("href")) as string;
  expect(href).toMatch(/^\/api\/quotations\/\d+\/pdf$/);
  const id = href.split("/")[3];
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toBe(`attachment; filename="quotation-${id}.pdf"`);
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Clicking it downloads the file.
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`quotation-${id}.pdf`);
});

test("a signed-in user without the dealer role is sent to the dealer home, a visitor to the login page", async ({ page }) => {
  await page.goto("/dealer/quotations");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdealer%2Fquotations$/);

  await login(page, DEMO.user);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/dealer/quotations");
  await expect(page).toHaveURL(/\/dealer$/);
  // The sidebar offers Quotations to dealers only.
  await expect(page.getByRole("navigation", { name: "Dealer" }).getByRole("link", { name: "Become a Dealer" })).toBeAttached();
  await expect(page.getByRole("navigation", { name: "Dealer" }).getByRole("link", { name: "Quotations" })).toHaveCount(0);
  // A quotation's PDF answers no one but its owner and admins (the seed's first quotation is the demo dealer's).
  const pdf = await page.request.get("/api/quotations/1/pdf");
  expect(pdf.status()).toBe(404);
});

test("@phone the quotation cards stack and fit a phone's width", async ({ page }) => {
  // The demo company's quotations, read only.
  await login(page, DEMO.dealer, "/login", { demoCompany: true });
  await expect(page).toHaveURL(/\/dealer$/);
  await page.goto("/dealer/quotations");
  await expect(page.getByRole("article").first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const boxes = await page.getByRole("article").evaluateAll((els) => els.slice(0, 2).map((e) => e.getBoundingClientRect().toJSON()));
  if (boxes.length === 2) expect(boxes[1].top).toBeGreaterThanOrEqual(boxes[0].bottom);
  await expect(page.getByRole("link", { name: /Download PDF/ }).first()).toBeVisible();
});
