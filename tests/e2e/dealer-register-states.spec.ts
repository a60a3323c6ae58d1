import { UNCHANGED_RESUBMISSION } from "#shared/schemas/dealers.ts";
import { header, outboxMails } from "../support/outbox.ts";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { axeFindings } from "./support/axe.ts";
import { applyAsDealer, dataDir, image, newAccount, verifiedAccount } from "./support/dealer-application.ts";
import { hydrated } from "./support/hydration.ts";

const NOTICE = "Please confirm your e-mail address before you apply.";
const shots = process.env.E2E_SCREENSHOTS;

test("before the address is confirmed the whole portal shows, with the notice, a new link, and saving refused", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const account = newAccount("unconfirmed");
  const res = await page.request.post("/api/auth/register", { data: account, headers: { origin: baseURL as string } });
  expect(res.status()).toBe(201);
  await login(page, account);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/dealer/register");
  await hydrated(page);

  // The portal as it will be: status, progress, the three sections.
  await expect(page.getByTestId("confirm-email-notice")).toContainText(NOTICE);
  await expect(page.getByTestId("reg-status")).toHaveText("Not Started");
  await expect(page.getByText("0 of 3 completed")).toBeVisible();
  for (const title of ["Company Details", "Required Documents", "Dealer Installations"]) {
    await expect(page.getByRole("button", { name: new RegExp(`^${title}`) })).toBeVisible();
  }
  // Every section opens to show its fields.
  await page.getByRole("button", { name: /^Dealer Installations/ }).click();
  await expect(page.getByRole("region", { name: /^Dealer Installations/ }).getByLabel("System Description")).toBeVisible();
  await page.getByRole("button", { name: /^Required Documents/ }).click();
  const docs = page.getByRole("region", { name: /^Required Documents/ });
  await expect(docs.getByLabel("Tax Clearance", { exact: true })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/unconfirmed-${testInfo.project.name}.png`, fullPage: true });
  expect(await axeFindings(page, "unconfirmed /dealer/register")).toEqual([]);

  // Uploading is refused with the notice, nothing sent.
  await docs
    .getByLabel("Tax Clearance", { exact: true })
    .setInputFiles({ name: "tax.png", mimeType: "image/png", buffer: await image("png", "#ffcc00") });
  await docs.getByRole("button", { name: "Upload Documents" }).click();
  await expect(docs.getByRole("alert")).toHaveText(NOTICE);

  // Saving is refused by the server with the same notice.
  await page.getByRole("button", { name: /^Company Details/ }).click();
  const company = page.getByRole("region", { name: /^Company Details/ });
  await company.getByLabel("Registered Company Name").fill("Unconfirmed Solar (Private) Limited");
  await company.getByLabel("Trading Name").fill("Unconfirmed Solar");
  await company.getByLabel("Company Registration Number").fill("999/2026");
  await company.getByRole("button", { name: "Save Company Details" }).click();
  await expect(company.getByRole("alert")).toHaveText(NOTICE);
  await expect(page.getByText("0 of 3 completed")).toBeVisible();

  // A new link, through the resend of /verification (its limits too).
  const before = (await outboxMails(dataDir())).filter((m) => header(m, "To").includes(account.email)).length;
  await page.getByRole("button", { name: "Send a new link" }).click();
  await expect(page.getByText(`A new link is on its way to ${account.email}.`, { exact: false })).toBeVisible();
  await expect
    .poll(async () => (await outboxMails(dataDir())).filter((m) => header(m, "To").includes(account.email)).length)
    .toBeGreaterThan(before);
});

test("a rejected document: one 'Action needed' state for the dealer; the admin sees duplicates of an approved dealer", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const account = await verifiedAccount(page, baseURL as string, "twin");
  // The demo dealer, Sunrise Solar, is approved with registration number 1234/2019.
  const company = { name: `Twin Solar ${account.username} (Private) Limited`, trading: "Sunrise Solar", regNumber: "1234/2019" };
  await applyAsDealer(page, company);

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await login(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  const me = await page.request.get("/api/auth/me");
  const userId = (await me.json()).id as number;
  await admin.goto(`/admin/dealers/${userId}`);
  await hydrated(admin);

  // The duplicate, named and linked.
  const warning = admin.getByTestId("duplicate-warning");
  await expect(warning).toContainText("has the same registration number and trading name (1234/2019)");
  const sunrise = warning.getByRole("link", { name: "Sunrise Solar Installations (Private) Limited" });
  await expect(sunrise).toHaveAttribute("href", /\/admin\/dealers\/\d+$/);
  const status = admin.getByRole("region", { name: "Registration status" });
  await status.getByLabel("New status").selectOption("Approved");
  await expect(status.getByLabel(/I have checked: this is not the same company as Sunrise Solar Installations/)).toBeVisible();

  // The admin rejects the tax clearance.
  const documents = admin.getByRole("region", { name: "Documents" });
  await documents.getByRole("button", { name: /^Reject Tax clearance/ }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Reason").fill("The scan is unreadable.");
  await dialog.getByRole("button", { name: "Reject document" }).click();
  await expect(documents.getByText("Rejected", { exact: true })).toBeVisible();
  if (shots) await admin.screenshot({ path: `${shots}/admin-duplicate-${testInfo.project.name}.png`, fullPage: true });
  expect(await axeFindings(admin, "admin application with a duplicate")).toEqual([]);

  // The dealer: one clear state, no contradiction.
  await page.goto("/dealer/register");
  await hydrated(page);
  await expect(page.getByTestId("reg-status")).toHaveText("Pending");
  await expect(page.getByTestId("reg-note")).toContainText("Action needed: 1 document rejected");
  await expect(page.getByText("Your application is complete and has been submitted", { exact: false })).toHaveCount(0);
  await expect(page.getByTestId("reg-documents-attention")).toHaveText("Action needed: 1 document rejected");
  await expect(page.getByText("Complete the Required Documents first.")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Dealer Installations/ })).toContainText("Completed");
  const docs = page.getByRole("region", { name: /^Required Documents/ });
  await expect(docs.getByText("The scan is unreadable.", { exact: false })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/action-needed-${testInfo.project.name}.png`, fullPage: true });
  expect(await axeFindings(page, "dealer /dealer/register with a rejected document")).toEqual([]);

  // The admin then rejects the application: the dealer sees the reason and what is marked, and an unchanged
  // re-save does not submit it again.
  await status.getByLabel("New status").selectOption("Rejected");
  await status.getByLabel(/^Reason/).fill("Send a readable tax clearance, and installations we can check.");
  await status.getByRole("checkbox", { name: "Dealer Installations" }).check();
  await status.getByRole("button", { name: "Save status" }).click();
  await expect(admin.getByTestId("admin-reg-status")).toHaveText("Rejected");
  await adminContext.close();

  await page.goto("/dealer/register");
  await hydrated(page);
  await expect(page.getByTestId("reg-status")).toHaveText("Rejected");
  const note = page.getByTestId("reg-note");
  await expect(note).toContainText("Send a readable tax clearance, and installations we can check.");
  await expect(note).toContainText("Correct what is marked below (Dealer Installations; 1 document rejected in Required Documents)");
  await expect(page.getByTestId("reg-documents-attention")).toHaveText("Action needed: 1 document rejected");
  await expect(page.getByTestId("reg-installations-attention")).toHaveText("Action needed: marked by our team");
  await expect(page.getByTestId("reg-company-attention")).toHaveCount(0);
  // The marked section is the one opened.
  await expect(page.getByRole("button", { name: /^Dealer Installations/ })).toHaveAttribute("aria-expanded", "true");
  const installations = page.getByRole("region", { name: /^Dealer Installations/ });
  await installations.getByRole("button", { name: "Save Installations" }).click();
  await expect(installations.getByRole("alert")).toHaveText(UNCHANGED_RESUBMISSION);
  await expect(page.getByTestId("reg-status")).toHaveText("Rejected");
});
