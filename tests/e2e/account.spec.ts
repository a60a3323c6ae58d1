import type { APIRequestContext, Page } from "@playwright/test";
import { header, linkToken, outboxMails } from "../support/outbox.ts";
import { expect, loginThroughForm as login, test } from "./fixtures.ts";

const dataDir = () => process.env.E2E_DATA_DIR as string;

/** The newest e-mail to `address`, waiting a moment for it to be written. */
async function mailTo(address: string, after = 0, subject = ""): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      // The sign-up's confirmation mail is a job too, and may be written after `after` was counted: match the subject.
      found = (await outboxMails(dataDir()))
        .slice(after)
        .findLast((m) => header(m, "To").includes(address) && header(m, "Subject").includes(subject));
      return Boolean(found);
    })
    .toBe(true);
  return found as string;
}

/** A fresh account made through the API (each test its own). */
async function newAccount(request: APIRequestContext, baseURL: string, name: string) {
  const stamp = `${name}${Date.now().toString(36)}`;
  const account = { fullName: `Test ${name}`, username: stamp, email: `${stamp}@example.com`, password: "msasa-leaves-26" };
  const res = await request.post("/api/auth/register", { data: account, headers: { origin: baseURL } });
  expect(res.status()).toBe(201);
  return account;
}

async function fillSignup(page: Page, username: string) {
  await page.getByLabel("Full Name").fill("Vimbai Test");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("msasa-leaves-26");
  await page.getByLabel("Confirm Password").fill("msasa-leaves-26");
  await page.getByRole("button", { name: "Sign Up" }).click();
}

test("sign-up sends a verification e-mail whose link confirms the address", async ({ page }) => {
  const username = `vimbai${Date.now().toString(36)}`;
  await page.goto("/signup");
  await fillSignup(page, username);
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  const mail = await mailTo(`${username}@example.com`);
  expect(header(mail, "Subject")).toContain("Confirm your e-mail address");
  await page.goto(`/verification?token=${linkToken(mail, "/verification")}`);
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
  // The link works once.
  await page.reload();
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
});

test("forgot password → e-mail → new password: signed in, the old sessions are gone", async ({ page, browser, baseURL }) => {
  const account = await newAccount(page.request, baseURL as string, "rufaro");
  // Signed in elsewhere with the old password.
  const elsewhere = await browser.newContext({ baseURL });
  const oldSession = await elsewhere.newPage();
  await login(oldSession, { user: account.username, password: account.password });
  await expect(oldSession).toHaveURL(/:\d+\/$/);

  const before = (await outboxMails(dataDir())).length;
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Password reset instructions sent. Please check your email.")).toBeVisible();
  // Spec §9: on to the login page after 5 seconds.
  await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });

  const mail = await mailTo(account.email, before);
  await page.goto(`/reset-password?token=${linkToken(mail, "/reset-password")}`);
  await page.getByLabel("New password", { exact: true }).fill("kopje-sunrise-99");
  await page.getByLabel("Confirm new password").fill("kopje-sunrise-99");
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole("link", { name: "Dashboard" }).first()).toBeAttached();

  await oldSession.goto("/dealer/profile");
  await expect(oldSession).toHaveURL(/\/login/);
  await elsewhere.close();

  await page.context().clearCookies();
  await login(page, { user: account.username, password: "kopje-sunrise-99" });
  await expect(page).toHaveURL(/:\d+\/$/);
});

test("the profile page edits the personal details with the spec's messages", async ({ page, baseURL }) => {
  const account = await newAccount(page.request, baseURL as string, "tinashe");
  await login(page, { user: account.username, password: account.password });
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/dealer/profile");
  const details = page.getByRole("region", { name: "Personal Details" });
  await expect(details.getByText(account.email)).toBeVisible();
  await details.getByRole("link", { name: "Edit" }).click();
  await details.getByLabel("Full name").fill("Tinashe Renamed");
  await details.getByRole("button", { name: "Save Changes" }).click();
  await expect(details.getByText("Your profile details have been successfully updated.")).toBeVisible();
  await expect(details.getByText("Tinashe Renamed")).toBeVisible();

  await details.getByRole("link", { name: "Edit" }).click();
  await details.getByLabel("Username").fill("dealer");
  // A new username needs the current password.
  await details.getByRole("button", { name: "Save Changes" }).click();
  await expect(details.getByText("Enter your current password to change your e-mail address or username.")).toBeVisible();
  await details.getByLabel("Current password").fill(account.password);
  await details.getByRole("button", { name: "Save Changes" }).click();
  await expect(details.getByText("Failed to update profile details.")).toBeVisible();
  await expect(details.getByText("This username is not available: please choose another.")).toBeVisible();
  await details.getByRole("link", { name: "Cancel" }).click();
  await expect(details.getByLabel("Username")).toHaveCount(0);
});

test("the profile page changes the password with the spec's messages", async ({ page, baseURL }) => {
  const account = await newAccount(page.request, baseURL as string, "tatenda");
  await login(page, { user: account.username, password: account.password });
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/dealer/profile");
  const section = page.getByRole("region", { name: "Change Password" });
  await section.getByRole("link", { name: "Change" }).click();

  await section.getByLabel("Current password").fill(account.password);
  await section.getByLabel("New password", { exact: true }).fill("granite-view-11");
  await section.getByLabel("Confirm new password").fill("granite-view-12");
  await section.getByRole("button", { name: "Change Password" }).click();
  await expect(section.getByText("New passwords do not match.")).toBeVisible();

  await section.getByLabel("Current password").fill("not-my-password");
  await section.getByLabel("Confirm new password").fill("granite-view-11");
  await section.getByRole("button", { name: "Change Password" }).click();
  await expect(section.getByText("Failed to update password. Please check your credentials and try again")).toBeVisible();

  await section.getByLabel("Current password").fill(account.password);
  await section.getByLabel("New password", { exact: true }).fill("granite-view-11");
  await section.getByLabel("Confirm new password").fill("granite-view-11");
  await section.getByRole("button", { name: "Change Password" }).click();
  await expect(section.getByText("Your password has been successfully changed.")).toBeVisible();
  // Closed and cleared.
  await expect(section.getByLabel("Current password")).toHaveCount(0);

  await page.context().clearCookies();
  await login(page, { user: account.username, password: "granite-view-11" });
  await expect(page).toHaveURL(/:\d+\/$/);
});

test("'Sign out of other devices' ends the other sessions", async ({ page, browser, baseURL }) => {
  const account = await newAccount(page.request, baseURL as string, "kudzai");
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await login(otherPage, account);
  await expect(otherPage).toHaveURL(/:\d+\/$/);
  await login(page, account);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/dealer/profile");
  const sessions = page.getByRole("region", { name: "Where you are signed in" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  // The current password is asked again.
  await sessions.getByLabel("Current password").fill("not-my-password");
  await sessions.getByRole("button", { name: "Sign out of other devices" }).click();
  await expect(sessions.getByText("Failed to update password. Please check your credentials and try again")).toBeVisible();
  await sessions.getByLabel("Current password").fill(account.password);
  await sessions.getByRole("button", { name: "Sign out of other devices" }).click();
  await expect(sessions.getByText("1 other session ended.")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await otherPage.goto("/dealer/profile");
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
});

test("an account whose e-mail is not confirmed is asked to confirm it before applying as a dealer", async ({ page, baseURL }) => {
  const account = await newAccount(page.request, baseURL as string, "unconfirmed");
  await login(page, account);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto("/dealer/register");
  await expect(page.getByText("Please confirm your e-mail address before you apply.")).toBeVisible();
  // The new link is asked for on the portal itself (dealer-register-states.spec.ts); /verification
  // still offers it with the account's address filled in.
  await expect(page.getByRole("button", { name: "Send a new link" })).toBeVisible();
  await page.goto("/verification");
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
});

test("an e-mail change waits for the new address's link, then tells the old address, whose link puts it back and signs out everywhere", async ({
  page,
  baseURL,
}) => {
  const account = await newAccount(page.request, baseURL as string, "chiedza");
  await login(page, account);
  await expect(page).toHaveURL(/:\d+\/$/);
  const before = (await outboxMails(dataDir())).length;
  await page.goto("/dealer/profile?edit=details");
  const details = page.getByRole("region", { name: "Personal Details" });
  const newAddress = `taken-over-${account.username}@example.com`;
  await details.getByLabel("Email").fill(newAddress);
  await details.getByLabel("Current password").fill(account.password);
  await details.getByRole("button", { name: "Save Changes" }).click();
  await expect(details.getByText("Your profile details have been successfully updated.")).toBeVisible();
  await expect(details.getByText(`We have sent a link to ${newAddress}`)).toBeVisible();

  // The address changes when the link mailed to it is opened.
  const confirm = await mailTo(newAddress, before, "Confirm your new e-mail address");
  await page.goto(`/verification?token=${linkToken(confirm, "/verification")}`);

  const notice = await mailTo(account.email, before, "was changed");
  expect(header(notice, "Subject")).toContain("was changed");
  await page.goto(`/undo-email-change?token=${linkToken(notice, "/undo-email-change")}`);
  await page.getByRole("button", { name: "Put my old address back" }).click();
  await expect(page.getByRole("heading", { name: "Your e-mail address is back" })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await page.goto("/dealer/profile");
  await expect(page).toHaveURL(/\/login/);
});
