import { expect, test } from "./fixtures.ts";
import { image, verifiedAccount } from "./support/dealer-application.ts";

test("a verified account fills in the three sections and its application is submitted (Pending)", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await verifiedAccount(page, baseURL as string, "chiedza");
  await page.goto("/dealer/register");
  await expect(page.getByRole("heading", { name: "Dealer Registration Portal" })).toBeVisible();
  await expect(page.getByTestId("reg-status")).toHaveText("Not Started");
  await expect(page.getByText("0 of 3 completed")).toBeVisible();

  // 1. Company details: the first section is open; a required field is checked in the browser.
  const companyButton = page.getByRole("button", { name: /^Company Details/ });
  await expect(companyButton).toHaveAttribute("aria-expanded", "true");
  const company = page.getByRole("region", { name: /^Company Details/ });
  await company.getByLabel("Registered Company Name").fill("Msasa Solar (Private) Limited");
  await company.getByRole("button", { name: "Save Company Details" }).click();
  await expect(company.getByText("Trading Name is required")).toBeVisible();
  await expect(company.getByLabel("Trading Name")).toHaveAttribute("aria-invalid", "true");
  await company.getByLabel("Trading Name").fill("Msasa Solar");
  await expect(company.getByText("Trading Name is required")).toHaveCount(0);
  await company.getByLabel("Company Registration Number").fill("1234/2020");
  await company.getByRole("button", { name: "Save Company Details" }).click();
  await expect(page.getByText("1 of 3 completed")).toBeVisible();
  await expect(company.getByText("Your company details have been successfully saved.")).toBeVisible();
  await expect(companyButton).toContainText("Completed");
  // Clicking an open section closes it; one section is open at a time.
  await companyButton.click();
  await expect(companyButton).toHaveAttribute("aria-expanded", "false");
  await companyButton.click();
  await company.getByRole("button", { name: "Continue to Required Documents" }).click();
  await expect(companyButton).toHaveAttribute("aria-expanded", "false");
  const docsButton = page.getByRole("button", { name: /^Required Documents/ });
  await expect(docsButton).toHaveAttribute("aria-expanded", "true");
  await docsButton.click();
  await expect(docsButton).toHaveAttribute("aria-expanded", "false");
  await docsButton.click();
  await expect(docsButton).toHaveAttribute("aria-expanded", "true");

  // 2. Documents: nothing chosen → the spec's messages; then three uploads with progress bars.
  const docs = page.getByRole("region", { name: /^Required Documents/ });
  await docs.getByRole("button", { name: "Upload Documents" }).click();
  await expect(docs.getByText("Tax Clearance document is required")).toBeVisible();
  await expect(docs.getByText("Certificate of Incorporation is required")).toBeVisible();
  await expect(docs.getByText("National ID Copies of Directors is required")).toBeVisible();

  await docs
    .getByLabel("Tax Clearance", { exact: true })
    .setInputFiles({ name: "tax.png", mimeType: "image/png", buffer: await image("png", "#ffcc00") });
  await docs
    .getByLabel("Certificate of Incorporation", { exact: true })
    .setInputFiles({ name: "certificate.jpg", mimeType: "image/jpeg", buffer: await image("jpeg", "#3366ff") });
  await docs.getByLabel(/National ID Copies of Directors/).setInputFiles([
    { name: "director-1.png", mimeType: "image/png", buffer: await image("png", "#00aa55") },
    { name: "director-2.jpeg", mimeType: "image/jpeg", buffer: await image("jpeg", "#aa0055") },
    { name: "extra.png", mimeType: "image/png", buffer: await image("png", "#555555") },
  ]);
  // Chosen files can be removed before sending.
  await docs.getByRole("button", { name: "Remove extra.png" }).click();
  await expect(docs.getByText("extra.png")).toHaveCount(0);

  await docs.getByRole("button", { name: "Upload Documents" }).click();
  await expect(docs.getByText("Your documents have been uploaded.")).toBeVisible();
  for (const name of ["tax.png", "certificate.jpg", "director-1.png", "director-2.jpeg"]) {
    await expect(docs.getByRole("progressbar", { name: `Upload of ${name}` })).toHaveAttribute("value", "100");
  }
  await expect(docs.getByText("Tax Certificate Uploaded")).toBeVisible();
  await expect(page.getByText("2 of 3 completed")).toBeVisible();
  await expect(docs.getByText("Pending review")).toHaveCount(4);
  // Before the application is submitted, a document on file can be taken off again.
  await docs.getByRole("button", { name: "Remove Director's ID director-2.jpeg" }).click();
  await expect(docs.getByRole("button", { name: "Remove Director's ID director-2.jpeg" })).toHaveCount(0);
  await expect(docs.getByText("Pending review")).toHaveCount(3);
  await expect(page.getByText("2 of 3 completed")).toBeVisible();

  // 3. Installations: three examples, checked with the spec's messages, saved in one go.
  const installButton = page.getByRole("button", { name: /^Dealer Installations/ });
  await docs.getByRole("button", { name: "Continue to Dealer Installations" }).click();
  await expect(installButton).toHaveAttribute("aria-expanded", "true");
  const installs = page.getByRole("region", { name: /^Dealer Installations/ });
  await installs.getByRole("button", { name: "Add Installation" }).click();
  await installs.getByRole("button", { name: "Add Installation" }).click();
  await expect(installs.getByRole("group")).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    const item = installs.getByRole("group", { name: `Installation ${i + 1}` });
    await item.getByLabel("System Description").fill(`Rooftop hybrid system ${i + 1}`);
    await item.getByLabel("Size of System").fill(`${5 + i}kW`);
    await item.getByLabel("Customer Email").fill(i === 2 ? "not-an-email" : `customer${i}@example.com`);
    await item.getByLabel("Customer Phone Number").fill(`+263 77 000 000${i}`);
  }
  await installs.getByRole("button", { name: "Save Installations" }).click();
  const third = installs.getByRole("group", { name: "Installation 3" });
  await expect(third.getByText("Email is invalid")).toBeVisible();
  await third.getByLabel("Customer Email").fill("customer2@example.com");
  await expect(third.getByText("Email is invalid")).toHaveCount(0);
  await installs.getByRole("button", { name: "Save Installations" }).click();
  await expect(installs.getByText("Your installation details have been successfully saved.")).toBeVisible();

  await expect(page.getByText("3 of 3 completed")).toBeVisible();
  await expect(page.getByTestId("reg-status")).toHaveText("Pending");
  await expect(page.getByText(/your application has been submitted/i).first()).toBeVisible();
  for (const name of [/^Company Details/, /^Required Documents/, /^Dealer Installations/]) {
    await expect(page.getByRole("button", { name })).toContainText("Completed");
  }

  // After a reload, the submitted state stays.
  await page.reload();
  await expect(page.getByTestId("reg-status")).toHaveText("Pending");
  await expect(page.getByText("3 of 3 completed")).toBeVisible();
});

test("a file over 3 MB is refused in the browser before any upload", async ({ page, baseURL }) => {
  await verifiedAccount(page, baseURL as string, "tapiwa");
  await page.goto("/dealer/register");
  const uploads: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/upload-")) uploads.push(req.url());
  });
  const company = page.getByRole("region", { name: /^Company Details/ });
  await company.getByLabel("Registered Company Name").fill("Kopje Energy (Private) Limited");
  await company.getByLabel("Trading Name").fill("Kopje Energy");
  await company.getByLabel("Company Registration Number").fill("555/2021");
  await company.getByRole("button", { name: "Save Company Details" }).click();
  await expect(page.getByText("1 of 3 completed")).toBeVisible();
  await company.getByRole("button", { name: "Continue to Required Documents" }).click();

  const docs = page.getByRole("region", { name: /^Required Documents/ });
  const big = Buffer.alloc(4 * 1024 * 1024, 1);
  await docs.getByLabel("Tax Clearance", { exact: true }).setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
  await expect(docs.getByText("Each file must be 3 MB or smaller.")).toBeVisible();
  await expect(docs.getByLabel("Tax Clearance", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(docs.getByText("huge.png")).toHaveCount(0);
  await docs.getByRole("button", { name: "Upload Documents" }).click();
  await expect(docs.getByText("Tax Clearance document is required")).toBeVisible();
  expect(uploads).toEqual([]);
});
