import type { Page } from "@playwright/test";
import sharp from "sharp";
import { header, linkToken, outboxMails } from "../../support/outbox.ts";
import { expect, login } from "../fixtures.ts";

export const dataDir = () => process.env.E2E_DATA_DIR as string;

export type Account = { fullName: string; username: string; email: string; password: string };

export function newAccount(name: string): Account {
  const stamp = `${name}${Date.now().toString(36)}`;
  return { fullName: `Test ${name}`, username: stamp, email: `${stamp}@example.com`, password: "msasa-leaves-26" };
}

/** Opens the link of the account's verification e-mail; the browser is left signed out. */
export async function confirmEmail(page: Page, account: Account) {
  let mail: string | undefined;
  await expect
    .poll(async () => {
      mail = (await outboxMails(dataDir())).findLast((m) => header(m, "To").includes(account.email));
      return Boolean(mail);
    })
    .toBe(true);
  await page.goto(`/verification?token=${linkToken(mail as string, "/verification")}`);
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
  await page.context().clearCookies();
}

/** Opens the link of the account's verification e-mail and signs in. */
export async function verifyAndSignIn(page: Page, account: Account) {
  await confirmEmail(page, account);
  await login(page, account);
  await expect(page).toHaveURL(/:\d+\/$/);
}

/** A fresh account made through the API, its e-mail address confirmed through the link in its verification mail. */
export async function verifiedAccount(page: Page, baseURL: string, name: string): Promise<Account> {
  const account = newAccount(name);
  const res = await page.request.post("/api/auth/register", { data: account, headers: { origin: baseURL } });
  expect(res.status()).toBe(201);
  await verifyAndSignIn(page, account);
  return account;
}

export async function image(format: "png" | "jpeg", colour: string) {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    [format]()
    .toBuffer();
}

/**
 * Fills in the three sections of /dealer/register (company, three documents with their progress bars, three
 * installations) and waits for the application to be Pending.
 */
export async function applyAsDealer(page: Page, company: { name: string; trading: string; regNumber?: string }) {
  await page.goto("/dealer/register");
  const companySection = page.getByRole("region", { name: /^Company Details/ });
  await companySection.getByLabel("Registered Company Name").fill(company.name);
  await companySection.getByLabel("Trading Name").fill(company.trading);
  await companySection.getByLabel("Company Registration Number").fill(company.regNumber ?? "4321/2024");
  await companySection.getByRole("button", { name: "Save Company Details" }).click();
  await expect(page.getByText("1 of 3 completed")).toBeVisible();
  await companySection.getByRole("button", { name: "Continue to Required Documents" }).click();

  const docs = page.getByRole("region", { name: /^Required Documents/ });
  await docs
    .getByLabel("Tax Clearance", { exact: true })
    .setInputFiles({ name: "tax.png", mimeType: "image/png", buffer: await image("png", "#ffcc00") });
  await docs
    .getByLabel("Certificate of Incorporation", { exact: true })
    .setInputFiles({ name: "certificate.jpg", mimeType: "image/jpeg", buffer: await image("jpeg", "#3366ff") });
  await docs
    .getByLabel(/National ID Copies of Directors/)
    .setInputFiles([{ name: "director-1.png", mimeType: "image/png", buffer: await image("png", "#00aa55") }]);
  await docs.getByRole("button", { name: "Upload Documents" }).click();
  for (const name of ["tax.png", "certificate.jpg", "director-1.png"]) {
    await expect(docs.getByRole("progressbar", { name: `Upload of ${name}` })).toHaveAttribute("value", "100");
  }
  await expect(page.getByText("2 of 3 completed")).toBeVisible();
  await docs.getByRole("button", { name: "Continue to Dealer Installations" }).click();

  const installs = page.getByRole("region", { name: /^Dealer Installations/ });
  await installs.getByRole("button", { name: "Add Installation" }).click();
  await installs.getByRole("button", { name: "Add Installation" }).click();
  for (let i = 0; i < 3; i++) {
    const item = installs.getByRole("group", { name: `Installation ${i + 1}` });
    await item.getByLabel("System Description").fill(`Hybrid system ${i + 1}`);
    await item.getByLabel("Size of System").fill(`${5 + i}kW`);
    await item.getByLabel("Customer Email").fill(`client${i}@example.com`);
    await item.getByLabel("Customer Phone Number").fill(`+263 77 100 000${i}`);
  }
  await installs.getByRole("button", { name: "Save Installations" }).click();
  await expect(page.getByText("3 of 3 completed")).toBeVisible();
  await expect(page.getByTestId("reg-status")).toHaveText("Pending");
}
