import type { Page } from "@playwright/test";
import { DEMO, expect, login, test } from "./fixtures.ts";

/**
 * A visitor asks for a quote with a certified installer in Harare; the demo dealer (Sunrise Solar, whose
 * profile serves Harare) sees the enquiry on /dealer/leads without the customer's contact, accepts it, and then sees
 * the contact with its phone, WhatsApp and e-mail links.
 */

async function firstProductId(page: Page): Promise<number> {
  const res = await page.request.get("/api/products/get-product-by-category/solar-panels?page=1&pageSize=1");
  expect(res.ok()).toBe(true);
  return (await res.json()).rows[0].product_id;
}

test("a visitor requests a quote with an installer; the dealer accepts the lead and then sees the contact", async ({ browser, page }) => {
  const run = Date.now().toString(36);
  const email = `nyasha.${run}@example.com`;
  const notes = `Installer wanted ${run}: a three-bedroom house in Avondale.`;

  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  await v.goto(`/product/${await firstProductId(v)}`);
  await v.getByRole("button", { name: "Request a Quote" }).click();
  const dialog = v.getByRole("dialog", { name: "Request a Quote" });
  await dialog.getByLabel("Name").fill("Nyasha Gumbo");
  await dialog.getByLabel("Address").fill("9 King George Road, Avondale, Harare");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Phone").fill("+263 77 321 6540");
  await dialog.getByLabel(/Notes/).fill(notes);
  await dialog.getByLabel("I also want a certified installer").check();
  // The province is required with an installer.
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.getByText("Choose your province.")).toBeVisible();
  await dialog.getByLabel("Province of the installation").selectOption({ label: "Harare" });
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(v.getByText("Your quote request has been submitted successfully!")).toBeVisible();
  await visitor.close();

  // The lead is routed to the demo company (Harare, by its public profile); the test's own lead.
  await login(page, DEMO.dealer, "/login", { demoCompany: true });
  await page.goto("/dealer/leads");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: notes });
  await expect(card).toBeVisible();
  await expect(card.getByText(/Answer within (47|48) hours/)).toBeVisible();
  await expect(card).not.toContainText(email);
  await expect(card).not.toContainText("Nyasha Gumbo");
  await expect(page.locator("main")).not.toContainText(email);

  await card.getByRole("button", { name: /^Accept enquiry/ }).click();
  await expect(page.getByText("You accepted the enquiry")).toBeVisible();
  const accepted = page.getByRole("listitem").filter({ hasText: notes });
  await expect(accepted).toContainText("Nyasha Gumbo");
  await expect(accepted.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await expect(accepted.getByRole("link", { name: "+263 77 321 6540" })).toHaveAttribute("href", "tel:+263773216540");
  await expect(accepted.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", "https://wa.me/263773216540");
});

test("the back office sees every lead's history and the unassigned one to assign", async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto("/admin/leads?status=unassigned");
  await expect(page.getByRole("heading", { level: 1, name: "Installer leads" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: "Matabeleland North" }).first();
  await expect(card).toContainText("Not offered to anyone");
  await expect(card.getByLabel("Assign to")).toBeVisible();

  // The quotation queue says which requests also want an installer, and where, and leads to the enquiries.
  await page.goto("/admin/quotations?q=Sibusiso+Ndlovu");
  const wanted = page.getByRole("link", { name: "Installer wanted (Matabeleland North)" });
  await expect(wanted).toBeVisible();
  await wanted.click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(page.getByRole("heading", { level: 1, name: "Installer leads" })).toBeVisible();
});
