import { randomUUID } from "node:crypto";
import { formatAmount } from "#shared/money.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import { DEMO, expect, login, stepUpThroughApi, test } from "./fixtures.ts";
import { putInCart } from "./support/cart.ts";
import { hydrated } from "./support/hydration.ts";

/**
 * A dealer company of the test's own buys on account (decision 034): a super administrator gives it net 30 and a
 * limit through the API, the dealer chooses "On account" at checkout, the order says when it falls due, the statement
 * counts it in the balance before it is invoiced and lists the invoice once it is dispatched, its PDF downloads, and
 * with the limit lowered the checkout closes "On account" saying by how much the order is over.
 */
test("a dealer on account: checkout on account, the order's due day, the statement and its PDF, the over-limit note", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const origin = { origin: baseURL as string };
  const me = await login(page, DEMO.dealer);
  const who = await (await page.request.get("/api/auth/me")).json();
  const ownerId = Number(who.id ?? who.user?.id);
  const listed = await page.request.get("/api/products/get-all-products?page=1&pageSize=1");
  const product = ((await listed.json()) as { rows: { product_id: number; product_name: string }[] }).rows[0] as {
    product_id: number;
    product_name: string;
  };

  const office = await browser.newContext({ baseURL });
  const back = await office.newPage();
  await login(back, DEMO.super);
  // Terms are a sensitive change (decision 035): the owner gives a fresh code once, for both changes below.
  await stepUpThroughApi(back);
  const setTerms = async (limit: string) => {
    const res = await back.request.put(`/api/dealers/${ownerId}/credit`, { data: { terms: "net30", limit }, headers: origin });
    expect(res.status(), await res.text()).toBe(200);
  };
  await setTerms("50000.00");

  // Checkout: "On account" with its due day, chosen; the summary says the order goes on the account.
  const cart = [{ productId: product.product_id, productName: product.product_name, quantity: 1 }];
  await putInCart(page, cart);
  await page.goto("/checkout");
  await hydrated(page);
  const howYouPay = page.getByRole("group", { name: "How you pay" });
  const onAccount = howYouPay.getByRole("radio", { name: /^On account \(due \d{1,2} \w+ \d{4}\)$/ });
  await expect(page.getByTestId("checkout-total")).toBeVisible();
  await expect(onAccount).toBeEnabled();
  await onAccount.check();
  await expect(page.locator("[data-checkout-on-account]")).toContainText("This order goes on your company's account, due on");
  await page.getByLabel("I will collect from a branch").check();
  await page.getByLabel("Contact name").fill(me.fullName);
  await page.getByRole("button", { name: "Place Order" }).click();

  // The orders page: on account and due, no bank transfer to make.
  await expect(page).toHaveURL(/\/dealer\/orders\?placed=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get("placed"));
  const card = page.locator(`#order-${orderId}`);
  await expect(card.locator("[data-order-on-account]")).toContainText(/On account, due \d{1,2} \w+ \d{4}/);
  await expect(card.getByRole("heading", { name: "Pay by bank transfer or ZIPIT" })).toHaveCount(0);
  await expect(page.getByText(/It is on your company's account, due on/)).toBeVisible();
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as OrderView;
  expect(order).toMatchObject({ payment_terms: "account", status: "processing" });

  // The statement: the order is in the balance before it is invoiced; the period has no entry yet.
  await page.getByRole("navigation", { name: "Dealer" }).getByRole("link", { name: "Statement" }).click();
  await expect(page).toHaveURL(/\/dealer\/statement$/);
  await expect(page.locator('[data-account-figure="balance"]')).toContainText(formatAmount("USD", order.total_usd));
  await expect(page.locator('[data-account-figure="balance"]')).toContainText("Includes orders on account not invoiced yet.");
  await expect(page.locator("[data-statement-entries]").getByText("Nothing was invoiced, credited or paid in this period.")).toBeVisible();

  // Dispatched (ready for collection): invoiced, so the statement lists the invoice with the order's reference.
  const dispatched = await back.request.post(`/api/orders/${orderId}/dispatch`, {
    headers: origin,
    data: {
      status: "ready_for_collection",
      reference: `COL-${randomUUID().slice(0, 8)}`,
      note: "",
      lines: order.products
        .filter((l) => l.serialised && l.product_id !== null)
        .map((l) => ({
          product_id: l.product_id,
          serials: Array.from({ length: l.quantity }, () => `SN-${randomUUID().slice(0, 13).toUpperCase()}`),
        })),
    },
  });
  expect(dispatched.status(), await dispatched.text()).toBe(200);
  await page.reload();
  const invoiceRow = page.locator('[data-statement-row="invoice"]');
  await expect(invoiceRow).toContainText(new RegExp(`Tax invoice INV-\\d{4}-\\d{6} \\(${order.reference}\\), due`));
  await expect(invoiceRow).toContainText(formatAmount("USD", order.total_usd));
  await expect(page.locator('[data-statement-row="closing"]')).toContainText(formatAmount("USD", order.total_usd));
  await expect(page.locator("[data-open-invoices]")).toContainText("Not due yet");
  await page.screenshot({ path: testInfo.outputPath("statement.png"), fullPage: true });

  // The PDF of the same period.
  const pdfLink = page.getByRole("link", { name: "Download PDF" });
  const href = (await pdfLink.getAttribute("href")) as string;
  expect(href).toMatch(/^\/api\/dealer\/statement\.pdf\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // The limit lowered under the balance: "On account" is closed, saying by how much the order is over.
  await setTerms("1.00");
  await putInCart(page, cart);
  await page.goto("/checkout");
  await hydrated(page);
  await expect(page.locator("[data-account-refusal]")).toContainText(/This order is USD\u00a0[\d,]+\.\d{2} over your available credit/);
  await expect(howYouPay.getByRole("radio", { name: /^On account/ })).toBeDisabled();
  await expect(howYouPay.getByRole("radio", { name: /^Pay before dispatch/ })).toBeChecked();
  await office.close();
});
