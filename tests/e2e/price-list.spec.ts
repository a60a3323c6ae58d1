import { readFile } from "node:fs/promises";
import { pdfText } from "../support/pdf-text.ts";
import { DEMO, expect, login, test } from "./fixtures.ts";

// The Silver demo dealer's price list, on the page and downloaded as CSV and PDF.

const PANEL = "SunVolt 410W Mono PERC";

test("the Silver dealer opens the price list, sees a panel's breaks, filters it and downloads the CSV and the PDF", async ({
  page,
}, testInfo) => {
  // The demo company (its name heads the list), read only.
  await login(page, DEMO.dealer, "/login", { demoCompany: true });
  await expect(page).toHaveURL(/\/dealer$/);
  await page.getByRole("navigation", { name: "Dealer" }).getByRole("link", { name: "Price list" }).click();
  await expect(page).toHaveURL(/\/dealer\/price-list$/);
  await expect(page.getByRole("heading", { level: 1, name: "Price list" })).toBeVisible();
  await expect(page).toHaveTitle(/^Price list – Dealer Registration \| /);
  await expect(page.getByText(/Your prices at the Silver tier for Sunrise Solar, on \d{1,2} [A-Z][a-z]+ \d{4}\./)).toBeVisible();
  await expect(page.getByText(/ZWG at [\d.]+ per USD, rate of/)).toBeVisible();

  // The panel's row: its price for one and its breaks.
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(PANEL) }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("112.10");
  const breaks = row.getByRole("list", { name: `Quantity breaks of ${PANEL}, USD per unit` });
  await expect(breaks.getByRole("listitem")).toHaveText([/10\+ units\s*108\.74/, /40\+ units\s*105\.37/]);

  // The search and the category narrow the list, in the address.
  const form = page.getByRole("search", { name: "Search the price list" });
  const status = page.getByRole("status").filter({ hasText: "products" });
  await form.getByRole("searchbox", { name: "Search", exact: true }).fill("SunVolt 410");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?.*q=SunVolt\+410/);
  await expect(status).toContainText(/^1 of \d+ products matching “SunVolt 410”/);
  await expect(page.getByRole("rowheader")).toHaveCount(1);
  await form.getByRole("link", { name: "Clear" }).click();
  const batteries = await page
    .getByLabel("Category")
    .locator("option", { hasText: /^Energy Storage/ })
    .getAttribute("value");
  await form.getByLabel("Category").selectOption(batteries as string);
  await expect(page).toHaveURL(/category=\d+/);
  await expect(status).toContainText(/ of \d+ products in Energy Storage/);
  await form.getByRole("searchbox", { name: "Search", exact: true }).fill("no such product xyz");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No products match your search.")).toBeVisible();
  await page.getByRole("link", { name: "see every product" }).click();
  await expect(page.getByRole("rowheader", { name: new RegExp(PANEL) })).toBeVisible();

  // The CSV: dated, the panel at the dealer's price with its breaks.
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^price-list-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile(await csv.path())).toString("utf8");
  const lines = text.replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe("SKU,Product,Category,Price USD (1+),Price ZWG (1+),Breaks,Availability");
  const panelLine = lines.find((l) => l.includes(`,${PANEL},`));
  expect(panelLine).toMatch(/,112\.10,[\d.]+,10\+: 108\.74; 40\+: 105\.37,/);

  // The PDF: dated, for Sunrise Solar at Silver, with the panel's price.
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^price-list-\d{4}-\d{2}-\d{2}\.pdf$/);
  const body = await readFile(await pdf.path());
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const drawn = pdfText(body);
  expect(drawn).toMatch(/Price list for Sunrise Solar \u0097 Silver tier \u0097 \d{1,2} [A-Z][a-z]+ \d{4}/);
  expect(drawn).toContain(PANEL);
  expect(drawn).toContain("112.10");
  expect(drawn).toContain("10+: 108.74");
  expect(drawn).toContain("Prices exclude VAT.");
  await testInfo.attach("price-list.pdf", { body, contentType: "application/pdf" });
});

test("on a phone the price list is cards, with no sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await login(page, DEMO.dealer);
  await page.goto("/dealer/price-list");
  const cards = page.getByRole("list", { name: "Prices" });
  await expect(cards).toBeVisible();
  await expect(page.getByRole("table")).toBeHidden();
  const card = cards.getByRole("listitem").filter({ hasText: PANEL }).first();
  await expect(card).toContainText("112.10");
  await expect(card.getByRole("list", { name: `Quantity breaks of ${PANEL}, USD per unit` })).toContainText("108.74");
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide).toBeLessThanOrEqual(0);
});

test("the price list is for approved dealers: a user goes to the dealer home, a visitor to the login page", async ({ page }) => {
  await page.goto("/dealer/price-list");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdealer%2Fprice-list$/);
  await login(page, DEMO.user);
  await page.goto("/dealer/price-list");
  await expect(page).toHaveURL(/\/dealer$/);
  await expect(page.getByRole("navigation", { name: "Dealer" }).getByRole("link", { name: "Price list" })).toHaveCount(0);
});
