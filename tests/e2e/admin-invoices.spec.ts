import { readFile } from "node:fs/promises";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";

/**
 * The back office's tax invoices and credit notes (the demo's paid order has an invoice, its cancelled
 * one an invoice and a credit note), their CSV and PDFs; §3: a product's HS code set in the product form.
 */
test("an admin lists the invoices and credit notes, filters to credit notes, downloads the CSV and opens a PDF", async ({ page }) => {
  test.setTimeout(60_000);
  await login(page, DEMO.admin);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Invoices" }).click();
  await expect(page).toHaveURL(/\/admin\/invoices$/);
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  // FDMS is off in the demo and its seller is VAT-registered: the money screens say the documents are not fiscal.
  await expect(page.getByRole("note").filter({ hasText: "Not fiscalised" })).toContainText("TAX INVOICE (not fiscalised)");

  const table = page.getByRole("table", { name: "Tax documents" });
  const invoices = table.locator('[data-document-number^="INV-"]');
  const creditNotes = table.locator('[data-document-number^="CN-"]');
  await expect(invoices).not.toHaveCount(0);
  await expect(creditNotes).not.toHaveCount(0);
  // A credit note's amounts are negative; the order reference leads to the admin's order page.
  const creditRow = table
    .getByRole("row")
    .filter({ hasText: /CN-\d{4}-\d{6}/ })
    .first();
  await expect(creditRow).toContainText(/USD\u00a0-[\d,]+\.\d{2}/);
  await expect(creditRow.getByRole("link", { name: /^[A-Z0-9-]+$/ })).toHaveAttribute("href", /^\/admin\/orders\/\d+$/);
  await expect(creditRow.locator("[data-fiscal-status]")).toHaveCount(1);

  // Only the credit notes.
  await hydrated(page);
  await page.getByLabel("Type").selectOption("credit_note");
  await expect(page).toHaveURL(/kind=credit_note/);
  await expect(invoices).toHaveCount(0);
  await expect(creditNotes).not.toHaveCount(0);

  // The accountant's CSV carries the filter.
  const csvLink = page.getByRole("link", { name: "Download CSV" });
  await expect(csvLink).toHaveAttribute("href", /^\/api\/tax-documents\/export\.csv\?.*kind=credit_note/);
  const [download] = await Promise.all([page.waitForEvent("download"), csvLink.click()]);
  const csv = await readFile((await download.path()) as string, "utf8");
  const [header, ...lines] = csv
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter(Boolean);
  expect(header).toMatch(/^Number,Type,Date/);
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toMatch(/^CN-/);

  // The PDF of the first row.
  const pdfHref = await page
    .getByRole("link", { name: /^PDF CN-/ })
    .first()
    .getAttribute("href");
  expect(pdfHref).toMatch(/^\/api\/tax-documents\/\d+\/pdf$/);
  const pdf = await page.request.get(pdfHref as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // A search that matches nothing says so.
  await page.goto("/admin/invoices?q=no-such-buyer-anywhere");
  await expect(page.getByText(/No invoices or notes match/)).toBeVisible();

  // The order page names its documents, with their PDFs, and its amounts with VAT.
  await page.goto("/admin/invoices?kind=credit_note");
  await table
    .getByRole("row")
    .nth(1)
    .getByRole("link", { name: /^[A-Z0-9-]+$/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
  const tax = page.getByRole("region", { name: "VAT and invoices" });
  await expect(tax.getByText(/^INV-\d{4}-\d{6}$/)).toBeVisible();
  await expect(tax.getByText(/^CN-\d{4}-\d{6}$/)).toBeVisible();
  await expect(tax).toContainText("Excl. VAT");
  await expect(tax).toContainText(/VAT \((\d+(\.\d+)? %|Exempt)\)/);
  await expect(tax.getByRole("link", { name: /^PDF INV-/ })).toHaveAttribute("href", /^\/api\/tax-documents\/\d+\/pdf$/);
});

test("an admin sets a product's HS code and VAT category in the product form", async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto("/admin/products?product=2");
  const form = page.getByRole("form", { name: /^Edit / });
  await expect(form).toBeVisible();
  const name = ((await (await page.request.get("/api/products/get-product-by-id/2")).json()) as { product_name: string }[])[0]
    ?.product_name as string;
  await hydrated(page);
  await form.getByLabel(/^HS code/).fill("1234");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("Enter the 8-digit HS tariff code, e.g. 85414300.")).toBeVisible();
  await form.getByLabel(/^HS code/).fill("8541.49.00");
  await expect(form.getByLabel("VAT category")).toHaveValue("standard");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated.")).toBeVisible();

  await page.goto("/admin/products?product=2");
  await expect(page.getByRole("form", { name: /^Edit / }).getByLabel(/^HS code/)).toHaveValue("8541.49.00");
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  const row = page.getByRole("table", { name: "Products" }).getByRole("row").filter({ hasText: name }).first();
  await expect(row.getByText("HS 8541.49.00")).toBeVisible();
});
