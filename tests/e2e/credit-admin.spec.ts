import { readFile } from "node:fs/promises";
import type { Locator } from "@playwright/test";
import { decimalUnits } from "#shared/money.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import { dispatchBodyOf } from "../support/dispatch.ts";
import { orderRequest } from "../support/orders.ts";
import { DEMO, expect, login, stepUpThroughApi, test, testCompany } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";

/** A figure of the credit section ("Balance") as cents: "USD 1,234.50" → 123450n. */
async function figure(section: Locator, label: string): Promise<bigint> {
  const text = (await section.locator(`[data-credit-figure="${label}"] dd [data-token]`).textContent()) ?? "";
  const cents = decimalUnits(text.replace(/[^\d.]/g, ""), 2);
  expect(cents, `${label}: ${text}`).not.toBeNull();
  return cents as bigint;
}

/**
 * Dealers on account in the back office (decision 034): a company of the test's own on net 30 with an invoice on
 * account; the admin records a part payment on its page and sees the balance fall by exactly that and the ledger show
 * it, finds the company in the ageing and downloads its CSV; the super administrator changes the terms through the form.
 */
test("an admin records a dealer's part payment, sees its ledger and the ageing; a super administrator changes its terms", async ({
  page,
  browser,
  baseURL,
}) => {
  // Three sign-ins (argon2, one at a time on the server) are most of it; room for a busy machine.
  test.setTimeout(60_000);
  const origin = { origin: baseURL as string };
  const company = testCompany();
  // Three sign-ins at once, each landing on a light page: the dealer, the admin and the super administrator.
  const [office, superContext] = await Promise.all([browser.newContext({ baseURL }), browser.newContext({ baseURL })]);
  const [admin, superPage] = await Promise.all([office.newPage(), superContext.newPage()]);
  await Promise.all([
    login(page, DEMO.dealer, "/favicon.svg"),
    login(admin, DEMO.admin, "/favicon.svg"),
    login(superPage, DEMO.super, "/favicon.svg"),
  ]);
  const me = (await (await page.request.get("/api/auth/me")).json()) as { id: number };

  // The super administrator puts the company on net 30 with a USD 5,000 limit.
  // Terms are a sensitive change (decision 035): a fresh code first, which holds for ten minutes.
  await stepUpThroughApi(superPage);
  const set = await superPage.request.put(`/api/dealers/${me.id}/credit`, { headers: origin, data: { terms: "net30", limit: "5000.00" } });
  expect(set.status(), await set.text()).toBe(200);

  // The dealer orders on account; the admin hands it over, which invoices it.
  const listed = await page.request.get("/api/products/get-all-products?page=1&pageSize=1");
  const product = ((await listed.json()) as { rows: { product_id: number }[] }).rows[0] as { product_id: number };
  const placed = await page.request.post("/api/orders", {
    headers: origin,
    data: { ...orderRequest([{ product_id: product.product_id, quantity: 1 }], { fulfilment: "collection" }), paymentTerms: "account" },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as OrderView;
  expect(order).toMatchObject({ status: "processing", payment_terms: "account" });

  const sent = await admin.request.post(`/api/orders/${order.id}/dispatch`, {
    headers: origin,
    data: dispatchBodyOf(order, "ready_for_collection"),
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // The order's page says it is on account, and offers no payment to confirm.
  await admin.goto(`/admin/orders/${order.id}`);
  await expect(admin.locator('[data-payment-terms="account"]')).toContainText(/On account, due \d{1,2} \w+ \d{4}/);
  await expect(admin.getByRole("button", { name: "Confirm payment" })).toHaveCount(0);

  // The dealer's page: record a part payment of USD 100.
  await admin.goto(`/admin/dealers/${me.id}`);
  await hydrated(admin);
  const section = admin.getByRole("region", { name: "Credit account" });
  await expect(section.locator('[data-credit-figure="Terms"]')).toContainText("Net 30 days");
  // The Manager's role includes dealers' terms (decision 035): the form is there for the admin too.
  await expect(section.getByRole("form", { name: "Payment terms" })).toBeVisible();
  const before = await figure(section, "Balance");
  expect(before).toBeGreaterThan(10000n);
  const reference = `FT-E2E-${order.id}`;
  const form = section.getByRole("form", { name: "Record a payment" });
  await form.getByLabel("Amount", { exact: true }).fill("100.00");
  await form.getByLabel("Method").selectOption({ label: "ZIPIT" });
  await form.getByLabel("Reference").fill(reference);
  await form.getByRole("button", { name: "Record payment" }).click();
  await expect(section.getByRole("status")).toContainText("Payment of USD 100.00 recorded.");
  // The page's data is loaded again after the answer: the balance then.
  await expect.poll(async () => before - (await figure(section, "Balance"))).toBe(10000n);
  await expect(section.locator('[data-ledger-entry="payment"]')).toContainText(`ZIPIT: ${reference}`);
  await expect(section.locator('[data-ledger-entry="invoice"]')).toContainText(order.reference);

  // The ageing: the company's row, and its CSV for the same day.
  await admin.goto("/admin/ageing");
  // Its row, named by its trading name (and nothing longer: "Company pool-1" is not "Company pool-12").
  const row = admin.getByRole("row", { name: new RegExp(`^${company.tradingName} `) });
  await expect(row).toContainText("Net 30 days");
  const csvLink = admin.getByRole("link", { name: "Download CSV" });
  await expect(csvLink).toHaveAttribute("href", /^\/api\/credit\/ageing\.csv\?on=\d{4}-\d{2}-\d{2}$/);
  const [download] = await Promise.all([admin.waitForEvent("download"), csvLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^ageing-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, "utf8");
  expect(csv.split(/\r?\n/)[0]).toContain("Company");
  expect(csv).toMatch(new RegExp(`^"?${company.tradingName}"?,Net 30 days,5000\\.00,`, "m"));
  await office.close();

  // The super administrator changes the terms through the form.
  await superPage.goto(`/admin/dealers/${me.id}`);
  await hydrated(superPage);
  const terms = superPage.getByRole("form", { name: "Payment terms" });
  await terms.getByLabel("Payment terms").selectOption({ label: "Net 14 days" });
  await terms.getByLabel("Credit limit (USD)").fill("2500");
  // A sensitive change (decision 035): the session gave its code above, within the step-up window, so the field may
  // stay empty (each code is accepted once).
  await expect(terms.getByLabel("Code from your authenticator app")).toBeVisible();
  await terms.getByRole("button", { name: "Save terms" }).click();
  await expect(terms.getByRole("status")).toHaveText("Terms saved: Net 14 days, credit limit USD 2,500.00.");
  const superSection = superPage.getByRole("region", { name: "Credit account" });
  await expect(superSection.locator('[data-credit-figure="Terms"]')).toContainText("Net 14 days");
  await expect(superSection.locator('[data-credit-figure="Credit limit"]')).toContainText("USD\u00a02,500.00");
  await superContext.close();
});
