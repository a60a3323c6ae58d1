import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { header, linkToken, outboxMails } from "../support/outbox.ts";
import { DEMO, expect, login, test } from "./fixtures.ts";

/** A fresh account made through the API and signed in (each test its own). */
async function freshAccount(page: Page, baseURL: string, name: string) {
  const stamp = `${name}${Date.now().toString(36)}`;
  const account = { fullName: `Test ${name}`, username: stamp, email: `${stamp}@example.com`, password: "msasa-leaves-26" };
  const res = await page.request.post("/api/auth/register", { data: account, headers: { origin: baseURL } });
  expect(res.status()).toBe(201);
  await login(page, { user: account.username, password: account.password });
  await expect(page).toHaveURL(/:\d+\/$/);
  return account;
}

/** Confirms the account's e-mail address through the link the server wrote to the outbox (uploads need it). */
async function confirmEmail(page: Page, email: string) {
  let mail: string | undefined;
  await expect
    .poll(async () => {
      mail = (await outboxMails(process.env.E2E_DATA_DIR as string)).findLast((m) => header(m, "To").includes(email));
      return Boolean(mail);
    })
    .toBe(true);
  await page.goto(`/verification?token=${linkToken(mail as string, "/verification")}`);
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
}

/** The thumbnail has been fetched and decoded (it is lazy, so it is scrolled to first). */
async function expectLoaded(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("the demo dealer sees company details, documents with review badges and thumbnails, and numbered installations", async ({ page }) => {
  // The demo company's own records, read only.
  await login(page, DEMO.dealer, "/login", { demoCompany: true });
  await expect(page).toHaveURL(/\/dealer$/);
  await page.goto("/dealer/profile");
  await expect(page.getByRole("heading", { level: 1, name: DEMO.dealer.fullName })).toBeVisible();

  // Spec order: Personal Details, Company Details, Documents, Installations, Change Password.
  const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
  expect(headings.slice(0, 5)).toEqual(["Personal Details", "Company Details", "Documents", "Installations", "Change Password"]);

  const company = section(page, "Company Details");
  await expect(company).toContainText("Sunrise Solar Installations (Private) Limited");
  await expect(company).toContainText("Sunrise Solar");
  await expect(company).toContainText("1234/2019");
  await expect(company).toContainText("100456789");
  await expect(company).toContainText("2001234567");
  await expect(company.getByText("Not provided")).toHaveCount(0);

  const documents = section(page, "Documents");
  for (const heading of ["Tax Clearance", "Certificate of Incorporation", "National ID Copies of the Directors"]) {
    await expect(documents.getByRole("heading", { level: 3, name: heading })).toBeVisible();
  }
  await expect(documents.getByText("Not uploaded")).toHaveCount(0);
  const names = [
    "Tax clearance (approved)",
    "Certificate of incorporation (approved)",
    "Director ID 1 (approved)",
    "Director ID 2 (approved)",
  ];
  for (const name of names) {
    const img = documents.getByRole("img", { name, exact: true });
    await expect(img).toHaveAttribute("loading", "lazy");
    await expect(img).toHaveAttribute("width", /\d+/);
    await expect(img).toHaveAttribute("height", /\d+/);
    await expectLoaded(img);
    // The thumbnail links to the full (private) file.
    const link = documents.getByRole("link", { name: new RegExp(name.replace(/[()]/g, "\\$&")) });
    await expect(link).toHaveAttribute("href", /^\/api\/dealer\/documents\/\d+\/file$/);
  }
  await expect(documents.getByText("Approved", { exact: true })).toHaveCount(5); // with the ZERA licence (issue 26)

  const installations = section(page, "Installations");
  const cards = installations.getByRole("listitem");
  await expect(cards).toHaveCount(3);
  for (const [i, text] of [
    "Hybrid backup for a family home in Greendale",
    "Off-grid borehole pump",
    "Rooftop system for a Msasa workshop",
  ].entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole("heading", { level: 3, name: `Installation ${i + 1}`, exact: true })).toBeVisible();
    await expect(card).toContainText(text);
    for (const label of ["System Description", "Size of System", "Email", "Phone Number"]) await expect(card).toContainText(label);
  }
  await expect(cards.first()).toContainText("5kW");
  await expect(cards.first().getByRole("link", { name: "moyo.family@example.com" })).toHaveAttribute(
    "href",
    "mailto:moyo.family@example.com",
  );
  await expect(installations.getByText("No installations added")).toHaveCount(0);
});

// One sign-up only: the suite shares the per-address sign-up limit (10 an hour).
test("a new account sees 'Not provided', 'Not uploaded' and 'No installations added', saving keeps the page, documents show their review", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // The page's clock, so that "no reload 2 s after saving" is run on it rather than waited for.
  await page.clock.install();
  const account = await freshAccount(page, baseURL as string, "tafara");
  await page.goto("/dealer/profile");

  const company = section(page, "Company Details");
  await expect(company.getByText("Not provided", { exact: true })).toHaveCount(6);
  await expect(company).toContainText("Not Started");
  await expect(company.getByRole("link", { name: "Update in the registration portal" })).toHaveAttribute("href", "/dealer/register");
  // The three the application needs, and the optional ZERA licence.
  await expect(section(page, "Documents").getByText("Not uploaded", { exact: true })).toHaveCount(4);
  await expect(section(page, "Documents").getByRole("img")).toHaveCount(0);
  await expect(section(page, "Installations").getByText("No installations added", { exact: true })).toBeVisible();

  // No reload 2 s after saving; the data is refreshed in place and the success message stays.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  await section(page, "Personal Details").getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("Full name").fill(`${account.fullName} Moyo`);
  await page.getByRole("button", { name: "Save Changes" }).click();
  const saved = page.getByText("Your profile details have been successfully updated.");
  await expect(saved).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `${account.fullName} Moyo` })).toBeVisible();
  await page.clock.runFor(2_500);
  await expect(saved).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // Uploaded documents show as pending; a rejected one shows its reason. Uploads need a confirmed address.
  await confirmEmail(page, account.email);
  const me = (await (await page.request.get("/api/auth/me")).json()) as { id: number };
  const image = (color: string) =>
    sharp({ create: { width: 120, height: 90, channels: 3, background: color } })
      .png()
      .toBuffer();
  const res = await page.request.post(`/api/dealer/upload-documents/${me.id}`, {
    headers: { origin: baseURL as string },
    multipart: {
      taxClearance: { name: "tax.png", mimeType: "image/png", buffer: await image("#de7a37") },
      certificate: { name: "certificate.png", mimeType: "image/png", buffer: await image("#2563eb") },
    },
  });
  expect(res.status()).toBe(200);
  const uploaded = ((await res.json()) as { uploaded: { id: number; kind: string }[] }).uploaded;
  const certificate = uploaded.find((d) => d.kind === "certificate_of_incorporation") as { id: number };

  // An admin rejects the certificate with a reason.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await login(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin/);
  const review = await admin.request.put(`/api/dealer/documents/${certificate.id}/review`, {
    headers: { origin: baseURL as string },
    data: { status: "rejected", reason: "The scan is unreadable." },
  });
  expect(review.ok()).toBe(true);
  await adminContext.close();

  await page.goto("/dealer/profile");
  const documents = section(page, "Documents");
  await expectLoaded(documents.getByRole("img", { name: "Tax clearance (pending review)", exact: true }));
  await expect(documents.getByText("Pending review", { exact: true })).toBeVisible();
  await expectLoaded(documents.getByRole("img", { name: "Certificate of incorporation (rejected)", exact: true }));
  await expect(documents.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(documents.getByText("Reason: The scan is unreadable.")).toBeVisible();
  await expect(documents.getByText("Not uploaded", { exact: true })).toHaveCount(2); // the directors' IDs and the optional ZERA licence
});

test("the dealer sidebar shows Orders for the dealer, not for a member", async ({ page, browser, baseURL }) => {
  await login(page, DEMO.dealer);
  await expect(page).toHaveURL(/\/dealer$/);
  const nav = page.getByRole("navigation", { name: "Dealer" });
  await expect(nav.getByRole("link")).toHaveText([
    "Home",
    "Profile",
    "Help Manual",
    "Quotations",
    "Orders",
    "Statement",
    "Price list",
    "Quick order",
    "Kits",
    "Leads",
    "Team",
  ]);
  await nav.getByRole("link", { name: "Orders" }).click();
  await expect(page).toHaveURL(/\/dealer\/orders$/);
  await expect(nav.getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");

  const memberContext = await browser.newContext({ baseURL });
  const member = await memberContext.newPage();
  await login(member, DEMO.user);
  await expect(member).toHaveURL(/:\d+\/$/);
  await member.goto("/dealer/profile");
  const memberNav = member.getByRole("navigation", { name: "Dealer" });
  await expect(memberNav.getByRole("link")).toHaveText(["Home", "Profile", "Help Manual", "Become a Dealer"]);
  await expect(member.getByRole("complementary", { name: "Dealer area" })).toContainText("Member");
  await memberContext.close();
});

test("the profile fits a phone screen @phone", async ({ page }) => {
  // The demo company's documents and installations, read only.
  await login(page, DEMO.dealer, "/login", { demoCompany: true });
  await expect(page).toHaveURL(/\/dealer$/);
  await page.goto("/dealer/profile");
  await expect(page.getByRole("heading", { level: 2, name: "Installations" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The thumbnails sit two to a row and still load.
  await expectLoaded(page.getByRole("img", { name: "Director ID 2 (approved)" }));
});
