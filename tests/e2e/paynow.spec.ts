import { DEMO, expect, login, test } from "./fixtures.ts";
import { placeOrder } from "./support/orders.ts";

/**
 * A dealer pays an order with Paynow. The server of the browser suite talks to a local Paynow stand-in
 * (tests/support/paynow-stand-in.ts, started by global-setup.ts), which serves the payment page and posts the
 * signed result back to the server.
 */

test("a dealer pays an order by card on Paynow's page and comes back to see it paid", async ({ page, baseURL }) => {
  await login(page, DEMO.dealer);
  await expect(page).toHaveURL(/\/dealer$/);
  const order = await placeOrder(page, baseURL as string, undefined, { fulfilment: "collection" });

  await page.goto(`/dealer/orders#order-${order.id}`);
  const card = page.getByRole("article", { name: order.reference });
  const paynow = card.getByRole("region", { name: "Pay with Paynow" });
  await expect(paynow).toBeVisible();
  // Bank transfer stays on offer beside it.
  await expect(card).toContainText("Pay by bank transfer or ZIPIT");
  await expect(paynow.getByLabel(/^Card/)).toBeChecked();
  await paynow.getByRole("button", { name: "Continue to Paynow" }).click();

  // Paynow's page (the stand-in's), then back to the orders page.
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_PAYNOW_URL}/Payment/ConfirmPayment/`), { timeout: 15_000 });
  await expect(page.getByText(`Order ${order.reference}`)).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(new RegExp(`/dealer/orders\\?paynow=${order.id}`), { timeout: 15_000 });
  await expect(
    page.getByRole("status").filter({ hasText: `we have received your Paynow payment for order ${order.reference}` }),
  ).toBeVisible();
  await expect(card.locator("[data-status]")).toHaveText(/Paid/);
  await expect(card.locator("ol")).toContainText("Paid"); // the timeline (the tax documents are a list too)
  await expect(card).not.toContainText("Pay by bank transfer or ZIPIT");
  await expect(card.getByRole("region", { name: "Paid with Paynow" })).toContainText("Paynow reference");
});

test("a dealer pays with EcoCash: the number is checked, then the page follows the payment until it is paid", async ({ page, baseURL }) => {
  await login(page, DEMO.dealer);
  await expect(page).toHaveURL(/\/dealer$/);
  const order = await placeOrder(page, baseURL as string, undefined, { fulfilment: "collection" });

  await page.goto(`/dealer/orders#order-${order.id}`);
  const card = page.getByRole("article", { name: order.reference });
  const paynow = card.getByRole("region", { name: "Pay with Paynow" });
  await expect(paynow.getByRole("button", { name: "Continue to Paynow" })).toBeVisible();
  await paynow.getByLabel("EcoCash", { exact: true }).check();
  const phone = paynow.getByLabel("EcoCash number");
  await expect(phone).toBeVisible();
  await paynow.getByRole("button", { name: "Send the request to my EcoCash phone" }).click();
  await expect(phone).toHaveAccessibleDescription(/Enter the mobile number that will approve the payment\./);

  await phone.fill("077 111 1111");
  await paynow.getByRole("button", { name: "Send the request to my EcoCash phone" }).click();
  const status = paynow.getByRole("status");
  await expect(status).toContainText("Waiting for you to approve the payment on your phone", { timeout: 15_000 });
  await expect(status).toContainText("0771111111");

  // The dealer approves on the phone: Paynow tells the server, and the page finds out by itself.
  const state = (await (await page.request.get(`/api/orders/${order.id}/paynow`)).json()) as { payment: { reference: string } };
  const settled = await page.request.post(`${process.env.E2E_PAYNOW_URL}/__stand-in/settle`, {
    form: { reference: state.payment.reference, status: "Paid" },
  });
  expect(settled.status()).toBe(200);
  await expect(card.locator("[data-status]")).toHaveText(/Paid/, { timeout: 15_000 });
  await expect(card.getByRole("region", { name: "Paid with Paynow" })).toContainText("Paid with EcoCash");
});
