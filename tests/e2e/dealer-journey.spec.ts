import { DEMO, expect, login, test } from "./fixtures.ts";
import { applyAsDealer, newAccount, verifyAndSignIn } from "./support/dealer-application.ts";

/**
 * A dealer's whole journey: sign up → verify → apply → Pending; an admin approves the documents and the application
 * → the dealer sees prices, checks out by bank transfer and sees the order; the admin confirms the payment → the
 * dealer sees it paid.
 */
test("from sign-up to a paid order", async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const account = newAccount("journey");
  const company = { name: `Journey Solar ${account.username} (Private) Limited`, trading: `Journey Solar ${account.username}` };

  // Sign up and confirm the address.
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill(account.fullName);
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm Password").fill(account.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/verification$/);
  await verifyAndSignIn(page, account);

  // Apply: company, three documents, three installations → Pending.
  await applyAsDealer(page, company);

  // An admin reviews every document, then approves the application.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await login(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto(`/admin/dealers?reg_status=Pending&q=${encodeURIComponent(company.trading)}`);
  const card = admin.getByTestId("dealer-card").filter({ hasText: company.name });
  await expect(card).toHaveCount(1);
  await admin.getByRole("link", { name: `Review ${company.name}` }).click();
  await expect(admin.getByRole("heading", { level: 1, name: company.name })).toBeVisible();
  await expect(admin.getByTestId("admin-reg-status")).toHaveText("Pending");
  const documents = admin.getByRole("region", { name: "Documents" });
  for (const name of ["Tax clearance", "Certificate of incorporation", "Director ID 1"]) {
    await documents.getByRole("button", { name: `Approve ${name}` }).click();
    await expect(documents.getByRole("button", { name: `Approve ${name}` })).toHaveCount(0);
  }
  await expect(documents.getByText("Approved", { exact: true })).toHaveCount(3);
  const status = admin.getByRole("region", { name: "Registration status" });
  await status.getByLabel("New status").selectOption("Approved");
  await status.getByRole("button", { name: "Save status" }).click();
  await expect(status.getByText("The application is now Approved.", { exact: false })).toBeVisible();
  await expect(admin.getByTestId("admin-reg-status")).toHaveText("Approved");

  // The dealer's session has dealer rights at once: prices, checkout by bank transfer, the order.
  const listed = await page.request.get("/api/products/get-all-products?page=1&pageSize=1");
  const product = ((await listed.json()) as { rows: { product_id: number; product_name: string }[] }).rows[0] as {
    product_id: number;
    product_name: string;
  };
  await page.goto(`/product/${product.product_id}`);
  await expect(page.getByText(/USD\s*[\d,]+\.\d{2}/).first()).toBeVisible();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.goto("/cart");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel("I will collect from a branch").check();
  await page.getByLabel("Contact name").fill(account.fullName);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/dealer\/orders\?placed=\d+/);
  const order = page.getByRole("article").first();
  const reference = (await order.getByRole("heading", { level: 2 }).textContent())?.trim() as string;
  expect(reference).toMatch(/^ORD-\d{4}-\d{6}$/);
  await expect(order).toContainText("Placed – awaiting payment");
  await expect(order).toContainText("Pay by bank transfer or ZIPIT");

  // The admin finds the order and confirms the bank transfer.
  await admin.goto(`/admin/orders?q=${reference}`);
  await admin.getByRole("link", { name: reference, exact: true }).click();
  await expect(admin.getByRole("heading", { level: 1, name: `Order ${reference}` })).toBeVisible();
  await admin.getByLabel("Bank or ZIPIT reference (optional)").fill("ZIPIT 20261121");
  await admin.getByRole("button", { name: "Confirm payment" }).click();
  await expect(admin.getByText("Payment confirmed. The dealer has been told by e-mail.")).toBeVisible();
  await adminContext.close();

  // The dealer sees it paid.
  await page.goto("/dealer/orders");
  const paid = page.getByRole("article").filter({ hasText: reference });
  await expect(paid.locator("[data-status]").first()).toHaveAttribute("data-status", "paid");
  await expect(paid).toContainText("ZIPIT 20261121");
});
