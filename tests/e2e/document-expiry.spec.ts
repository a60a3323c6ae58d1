import { header, linkToken, outboxMails } from "../support/outbox.ts";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { axeFindings } from "./support/axe.ts";
import { dataDir, image } from "./support/dealer-application.ts";

/**
 * Expired documents in the browser: the demo's Mutare Sun Energy, whose tax clearance expired last month, is on hold. Its
 * owner sees the warning on every dealer page and cannot check out; they upload the renewal, an admin approves it
 * with its expiry date, and prices and checkout come back. The demo's own company (not the shared demo dealer) is
 * used; its owner's password is chosen through the reset link.
 */
const OWNER = { email: "chipo@mutare-sun.example", user: "chipo.mutasa", password: "Mutare-Sun-Renewal-2026" };
const BANNER = /Your tax clearance expired on .* Dealer prices and checkout are suspended until a renewed document is approved\./;

test("an expired tax clearance suspends a dealer's checkout; the approved renewal restores it", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  // The owner's password, by the reset e-mail.
  const asked = await page.request.post("/api/auth/forgetpassword", {
    data: { email: OWNER.email },
    headers: { origin: baseURL as string },
  });
  expect(asked.status()).toBe(200);
  let mail: string | undefined;
  await expect
    .poll(async () => {
      mail = (await outboxMails(dataDir())).findLast(
        (m) => header(m, "To").includes(OWNER.email) && /password/i.test(header(m, "Subject")),
      );
      return Boolean(mail);
    })
    .toBe(true);
  await page.goto(`/reset-password?token=${linkToken(mail as string, "/reset-password")}`);
  await page.getByLabel("New password", { exact: true }).fill(OWNER.password);
  await page.getByLabel("Confirm new password", { exact: true }).fill(OWNER.password);
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page).toHaveURL(/:\d+\/(dealer)?$/);
  await page.context().clearCookies();

  await login(page, { user: OWNER.user, password: OWNER.password });
  // The warning on every dealer page, with the way to the renewal.
  for (const path of ["/dealer", "/dealer/orders", "/dealer/profile"]) {
    await page.goto(path);
    await expect(page.getByRole("alert").filter({ hasText: BANNER })).toBeVisible();
  }
  // The hold's states pass the accessibility check (the a11y spec's pages in a held company's session).
  expect(await axeFindings(page)).toEqual([]);
  await page.goto("/checkout");
  await expect(page.getByRole("alert").filter({ hasText: "Checkout is suspended" })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await expect(page.getByRole("button", { name: /Place order/i })).toHaveCount(0);
  const refused = await page.request.get("/api/dealer/price-list");
  expect(refused.status()).toBe(403);

  // The renewal, uploaded on the profile's documents panel.
  await page.goto("/dealer/profile");
  await page.getByRole("link", { name: "Upload the renewal" }).click();
  const panel = page.locator("#renewal-tax_clearance").locator("xpath=ancestor::form");
  await page
    .locator("#renewal-tax_clearance")
    .setInputFiles({ name: "itf263-renewed.png", mimeType: "image/png", buffer: await image("png", "#3a7d44") });
  await panel.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(panel.getByRole("status")).toContainText("Uploaded");
  await page.context().clearCookies();

  // An admin approves it with its expiry date.
  await login(page, DEMO.admin);
  await page.goto("/admin/dealers?q=Mutare");
  // The dealers list marks the company whose approved document has expired.
  await expect(page.getByTestId("documents-expiry").first()).toHaveText("Expired documents");
  await page
    .getByRole("link", { name: /Mutare Sun Energy/ })
    .first()
    .click();
  const until = page.getByLabel("Tax clearance: valid until");
  await expect(until).toHaveValue(/^\d{4}-12-31$/);
  expect(await axeFindings(page)).toEqual([]);
  await page.getByRole("button", { name: "Approve Tax clearance" }).click();
  await expect(page.getByText(/Expires 31 Dec \d{4}/).first()).toBeVisible();
  await page.context().clearCookies();

  // Restored: no warning, checkout and the price list again.
  await login(page, { user: OWNER.user, password: OWNER.password });
  await page.goto("/dealer");
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await page.goto("/checkout");
  await expect(page.getByText("Checkout is suspended")).toHaveCount(0);
  expect((await page.request.get("/api/dealer/price-list")).status()).toBe(200);
});
