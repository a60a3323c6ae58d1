import sharp from "sharp";
import { ONLY_IMAGE_OR_PDF, PAYMENT_PROOF_SENT } from "#shared/schemas/payment-proofs.ts";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";
import { placeOrder } from "./support/orders.ts";

/**
 * The dealer sends the bank slip of an order awaiting payment from its card (the browser refuses a
 * wrong type under the field first), sees it listed; the admin sees it beside "Confirm payment" with the reference
 * prefilled, opens the file, and confirms.
 */
test("a proof of payment uploaded by the dealer and seen by the admin", async ({ page, browser, baseURL }, testInfo) => {
  const me = await login(page, DEMO.dealer);
  const order = await placeOrder(page, baseURL as string);

  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/dealer/orders#order-${order.id}`);
  await hydrated(page);
  const card = page.locator(`#order-${order.id}`);
  const form = card.getByRole("region", { name: "Send proof of payment" });
  await form.getByLabel("Payment reference").fill("ZIPIT 7781 2290");
  const fileField = form.getByLabel("Bank slip or ZIPIT confirmation");
  // A wrong type is refused in the browser, under the field, before anything is sent.
  await fileField.setInputFiles({ name: "slip.txt", mimeType: "text/plain", buffer: Buffer.from("not a slip") });
  await expect(form.getByText(ONLY_IMAGE_OR_PDF)).toBeVisible();
  await expect(fileField).toHaveAttribute("aria-invalid", "true");

  const slip = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#e2e8f0" } })
    .png()
    .toBuffer();
  await fileField.setInputFiles({ name: "bank-slip.png", mimeType: "image/png", buffer: slip });
  await expect(form.getByText(ONLY_IMAGE_OR_PDF)).toHaveCount(0);
  await form.getByRole("button", { name: "Send proof of payment" }).click();
  await expect(form.getByText(PAYMENT_PROOF_SENT)).toBeVisible();
  const sent = card.locator("[data-payment-proofs]");
  await expect(sent).toContainText("bank-slip.png");
  await expect(sent).toContainText("ZIPIT 7781 2290");
  await expect(sent).toContainText(me.fullName);
  await page.screenshot({ path: testInfo.outputPath("payment-proof-dealer.png"), fullPage: true });

  const office = await browser.newContext({ baseURL });
  const admin = await office.newPage();
  await login(admin, DEMO.admin);
  await admin.goto(`/admin/orders/${order.id}`);
  await hydrated(admin);
  const actions = admin.getByRole("region", { name: "Actions" });
  const proof = actions.locator("[data-payment-proofs]");
  await expect(proof).toContainText("ZIPIT 7781 2290");
  await expect(proof).toContainText(me.fullName);
  await expect(actions.getByLabel("Bank or ZIPIT reference (optional)")).toHaveValue("ZIPIT 7781 2290");
  const link = proof.getByRole("link", { name: /bank-slip\.png/ });
  const href = (await link.getAttribute("href")) as string;
  const file = await admin.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/png");
  await admin.screenshot({ path: testInfo.outputPath("payment-proof-admin.png"), fullPage: true });

  await actions.getByRole("button", { name: "Confirm payment" }).click();
  await expect(actions.getByText("Payment confirmed. The dealer has been told by e-mail.")).toBeVisible();
  await office.close();
});
