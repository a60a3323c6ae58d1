import type { Page } from "@playwright/test";
import { convertAmount } from "#shared/quotation-totals.ts";
import { attachments, decoded, header, outboxMails } from "../support/outbox.ts";
import { pdfText } from "../support/pdf-text.ts";
import { DEMO, expect, login, test, twoSessions } from "./fixtures.ts";
import { axeFindings } from "./support/axe.ts";
import { helpButtonFindings } from "./support/help-button.ts";

/** Quotation management — approve with prices (the PDF goes by e-mail), reject with a reason, reapprove. */

const DEALER_EMAIL = "dealer@solar-demo.example";
const dataDir = () => process.env.E2E_DATA_DIR as string;

/** A quote request by the signed-in demo dealer with two products; answers its id and the products' names. */
async function requestQuote(page: Page, baseURL: string, notes: string): Promise<{ id: number; names: string[] }> {
  const listed = await page.request.get("/api/products/get-all-products?page=1&pageSize=2");
  const rows = ((await listed.json()) as { rows: { product_id: number; product_name: string }[] }).rows.slice(0, 2);
  const res = await page.request.post("/api/quotations", {
    headers: { origin: baseURL },
    data: {
      customer_name: DEMO.dealer.fullName,
      customer_address: "45 Lytton Road, Workington, Harare",
      customer_email: DEALER_EMAIL,
      customer_phone: "+263 77 100 1000",
      notes,
      products: rows.map((r, i) => ({ product_id: r.product_id, quantity: i + 1 })),
    },
  });
  expect(res.status()).toBe(201);
  return { id: (await res.json()).id, names: rows.map((r) => r.product_name) };
}

/** The admin's rows of one quotation, found with the search box, its details opened (a table row). */
async function findCard(admin: Page, id: number) {
  await admin.goto("/admin/quotations");
  await expect(admin.getByRole("heading", { level: 1, name: "Quotation Management" })).toBeVisible();
  await admin.getByRole("searchbox", { name: "Search" }).fill(`#${id}`);
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(/q=%23\d+/);
  const card = admin
    .locator('[data-tour="quotation-card"]')
    .filter({ has: admin.getByRole("button", { name: `Quotation #${id}`, exact: true }) });
  await expect(card).toHaveCount(1);
  const disclosure = card.getByRole("button", { name: `Quotation #${id}`, exact: true });
  await disclosure.click();
  await expect(disclosure).toHaveAttribute("aria-expanded", "true");
  return card;
}

/**
 * The newest mail to `address` whose subject starts with `subject` and, given `containing`, whose text holds it: the
 * request's confirmation and the decision share their subject, and the decision's may come a moment later.
 */
async function mailTo(address: string, subject: string, containing = ""): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      found = (await outboxMails(dataDir())).findLast(
        (m) => header(m, "To") === address && header(m, "Subject").startsWith(subject) && decoded(m).includes(containing),
      );
      return Boolean(found);
    })
    .toBe(true);
  return found as string;
}

const dealerCard = (dealer: Page, id: number) =>
  dealer
    .getByRole("list", { name: "Your quotations" })
    .getByRole("article")
    .filter({ has: dealer.getByRole("heading", { name: `Quotation #${id}`, exact: true }) });

test("an admin approves a quote request with prices: the requester gets the PDF by e-mail and sees prices and validity", async ({
  browser,
  baseURL,
}) => {
  const { dealer, admin } = await twoSessions(browser, baseURL as string);
  const quote = await requestQuote(dealer, baseURL as string, "E2E: approve me.");

  const card = await findCard(admin, quote.id);
  await expect(card.locator('[data-status="pending"]')).toHaveText(/Pending/);
  await expect(card).toContainText("45 Lytton Road, Workington, Harare");
  await expect(card).toContainText("E2E: approve me.");
  await expect(card).toContainText(quote.names[0] as string);
  const approve = card.locator('[data-tour="quotation-approve"]');
  await expect(approve).toBeEnabled();
  await approve.click();

  const dialog = admin.getByRole("dialog", { name: `Approve quotation #${quote.id}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Currency")).toHaveValue("USD");
  const validUntil = await dialog.getByLabel("Valid until").inputValue();
  expect(validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // An empty price is refused in the browser, under its field.
  const firstPrice = dialog.getByRole("textbox", { name: `Unit price, USD: ${quote.names[0]}` });
  await firstPrice.fill("");
  await dialog.getByRole("button", { name: "Approve and e-mail" }).click();
  await expect(dialog.getByText("Enter a price.")).toBeVisible();
  await expect(firstPrice).toHaveAttribute("aria-invalid", "true");
  await firstPrice.fill("1250.50");
  await dialog.getByRole("textbox", { name: `Unit price, USD: ${quote.names[1]}` }).fill("99");
  // A date in the past is the server's to refuse: its message lands under the field, nothing is approved.
  await dialog.getByLabel("Valid until").fill("2020-01-01");
  await dialog.getByRole("button", { name: "Approve and e-mail" }).click();
  await expect(dialog.getByText("The validity date cannot be in the past.")).toBeVisible();
  await expect(dialog.getByLabel("Valid until")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByRole("alert").filter({ hasText: "Please correct the fields marked below." })).toBeVisible();
  await dialog.getByLabel("Valid until").fill(validUntil);
  // 1 × 1,250.50 + 2 × 99
  await expect(dialog.getByTestId("approval-totals")).toContainText("Total excl. VAT (USD)");
  await expect(dialog.getByTestId("approval-totals")).toContainText("1,448.50");
  await expect(dialog.getByTestId("approval-totals")).toContainText("Total incl. VAT (USD)");
  await dialog.getByRole("button", { name: "Approve and e-mail" }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText(`Quotation #${quote.id} approved.`)).toBeVisible();
  await expect(card.locator('[data-status="approved"]')).toHaveText(/Approved/);
  await expect(card.getByRole("link", { name: /Download PDF/ })).toBeVisible();
  await expect(card.locator('[data-tour="quotation-reject"]')).toBeVisible();

  // The requester's e-mail, with the quotation as a PDF.
  const mail = await mailTo(DEALER_EMAIL, `Your quotation #${quote.id} `);
  const [pdf] = attachments(mail);
  expect(pdf?.filename).toBe(`quotation-${quote.id}.pdf`);
  expect(pdf?.contentType).toBe("application/pdf");
  expect(pdf?.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // The dealer's page: prices per line, the total and the validity date.
  await dealer.goto("/dealer/quotations");
  const mine = dealerCard(dealer, quote.id);
  await expect(mine.locator('[data-status="approved"]')).toHaveText(/Approved/);
  await expect(mine.getByRole("cell", { name: "1,250.50" }).first()).toBeVisible();
  await expect(mine.getByRole("cell", { name: "198.00" })).toBeVisible();
  await expect(mine.getByRole("rowheader", { name: "Total incl. VAT (USD)" })).toBeVisible();
  await expect(mine.getByRole("cell", { name: "1,448.50" })).toBeVisible();
  const [y, m, d] = validUntil.split("-").map(Number) as [number, number, number];
  const shown = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
  await expect(mine.getByText(`Valid until ${shown}`)).toBeVisible();
  await expect(mine.getByRole("link", { name: /Download PDF/ })).toBeVisible();
});

test("an admin rejects a quote request with a reason the requester sees, then reapproves it in the secondary currency", async ({
  browser,
  baseURL,
}) => {
  const { dealer, admin } = await twoSessions(browser, baseURL as string);
  const quote = await requestQuote(dealer, baseURL as string, "E2E: reject me.");

  const card = await findCard(admin, quote.id);
  await card.locator('[data-tour="quotation-reject"]').click();
  const dialog = admin.getByRole("dialog", { name: `Reject quotation #${quote.id}` });
  await dialog.getByRole("button", { name: "Reject and e-mail" }).click();
  await expect(dialog.getByText("Give a reason for the rejection.")).toBeVisible();
  await dialog.getByLabel("Reason").fill("We cannot deliver to this area before March.");
  await dialog.getByRole("button", { name: "Reject and e-mail" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.locator('[data-status="rejected"]')).toHaveText(/Rejected/);
  await expect(card).toContainText("We cannot deliver to this area before March.");

  const mail = await mailTo(DEALER_EMAIL, `Your quote request #${quote.id} `, "We cannot deliver to this area before March.");
  expect(mail).toContain("We cannot deliver to this area before March.");

  await dealer.goto("/dealer/quotations");
  const mine = dealerCard(dealer, quote.id);
  await expect(mine.locator('[data-status="rejected"]')).toHaveText(/Rejected/);
  await expect(mine.getByTestId("rejection-reason")).toHaveText("We cannot deliver to this area before March.");

  // Reapprove, in the secondary currency (the demo settings' ZWG).
  await card.locator('[data-tour="quotation-reapprove"]').click();
  const again = admin.getByRole("dialog", { name: `Reapprove quotation #${quote.id}` });
  await again.getByLabel("Currency").selectOption("ZWG");
  await again.getByRole("textbox", { name: `Unit price, ZWG: ${quote.names[0]}` }).fill("1,500,000");
  await again.getByRole("textbox", { name: `Unit price, ZWG: ${quote.names[1]}` }).fill("250000.5");
  await again.getByRole("button", { name: "Reapprove and e-mail" }).click();
  await expect(again).toBeHidden();
  await expect(card.locator('[data-status="approved"]')).toHaveText(/Approved/);
  await expect(card).not.toContainText("We cannot deliver");

  await dealer.reload();
  await expect(mine.locator('[data-status="approved"]')).toHaveText(/Approved/);
  await expect(mine.getByRole("rowheader", { name: "Total incl. VAT (ZWG)" })).toBeVisible();
  await expect(mine.getByRole("cell", { name: "2,000,001.00" })).toBeVisible();
});

test("approving in ZWG offers each product's ZWG price, switching the currency re-fills the prices left as offered, and the PDF quotes ZWG", async ({
  browser,
  baseURL,
}) => {
  const { dealer, admin } = await twoSessions(browser, baseURL as string);
  const quote = await requestQuote(dealer, baseURL as string, "E2E: quote me in ZWG.");
  // The list prices as the back office sees them (the same two products, in the same order).
  const listed = await admin.request.get("/api/products/get-all-products?page=1&pageSize=2");
  const [first] = ((await listed.json()) as { rows: { price_usd: string }[] }).rows as [{ price_usd: string }];
  const shown = (price: string) => Number(price).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // The dealer's request is priced at their own (tier) price, with each product's RRP and list price
  // beside it; a line's ZWG price is its own price at the day's rate.
  const asked = await admin.request.get(`/api/quotations/?q=${quote.id}`);
  type Line = { price: string; price_zwl: string | null; retail_price_usd: string };
  const lines = ((await asked.json()) as { rows: { id: number; products: Line[] }[] }).rows.find((q) => q.id === quote.id)?.products;
  const [requested, other] = lines ?? [];
  if (!requested || !other) throw new Error("the quotation's lines are listed");
  const zwg = [requested.price_zwl, other.price_zwl] as [string, string];
  expect(zwg[0] && zwg[1], "the demo has a ZWG rate in force").toBeTruthy();

  const card = await findCard(admin, quote.id);
  await card.locator('[data-tour="quotation-approve"]').click();
  const dialog = admin.getByRole("dialog", { name: `Approve quotation #${quote.id}` });
  const price = (currency: string, i: number) => dialog.getByRole("textbox", { name: `Unit price, ${currency}: ${quote.names[i]}` });
  await expect(price("USD", 0)).toHaveValue(requested.price);
  await expect(dialog).toContainText(`requested at USD ${shown(requested.price)}`);
  await expect(dialog).toContainText(`RRP ${shown(requested.retail_price_usd)} · list ${shown(first.price_usd)}`);

  await dialog.getByLabel("Currency").selectOption("ZWG");
  await expect(price("ZWG", 0)).toHaveValue(zwg[0]);
  await expect(price("ZWG", 1)).toHaveValue(zwg[1]);
  await expect(dialog).toContainText(`price ZWG ${shown(zwg[0])}`);
  await expect(dialog).not.toContainText("requested at USD");
  // 1 × the first + 2 × the second, in ZWG.
  const total = (Math.round(Number(zwg[0]) * 100) + 2 * Math.round(Number(zwg[1]) * 100)) / 100;
  await expect(dialog.getByTestId("approval-totals")).toContainText(`Total excl. VAT (ZWG)${shown(String(total))}`);

  // A price the admin typed is converted at the rate in force when the currency changes; the offered ones follow it.
  const { rate } = (await (await admin.request.get("/api/exchange-rates/current")).json()) as { rate: string };
  await price("ZWG", 1).fill("17000");
  await dialog.getByLabel("Currency").selectOption("USD");
  await expect(price("USD", 0)).toHaveValue(requested.price);
  await expect(price("USD", 1)).toHaveValue(convertAmount("17000", "ZWG", "USD", rate));
  await dialog.getByLabel("Currency").selectOption("ZWG");
  await expect(price("ZWG", 0)).toHaveValue(zwg[0]);
  await price("ZWG", 1).fill(zwg[1]);
  await dialog.getByRole("button", { name: "Approve and e-mail" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.locator('[data-status="approved"]')).toHaveText(/Approved/);

  const mail = await mailTo(DEALER_EMAIL, `Your quotation #${quote.id} `);
  const drawn = pdfText(attachments(mail)[0]?.content as Buffer);
  expect(drawn).toContain("Unit price (ZWG)");
  expect(drawn).toContain(shown(zwg[0]));
  expect(drawn).toContain(shown(String(total)));
});

test("the overview cards count quotations per status and filter the list in the URL; search and the empty state", async ({ page }) => {
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/quotations");
  const overview = page.locator('[data-tour="quotation-overview"]');
  // All, pending, approved, rejected, expired, and accepted.
  await expect(overview.getByRole("link")).toHaveCount(6);
  const pendingCard = overview.getByRole("link", { name: /^Pending \d+$/ });
  const pendingCount = Number((await pendingCard.textContent())?.replace(/\D/g, ""));
  expect(pendingCount).toBeGreaterThan(0);

  await pendingCard.click();
  await expect(page).toHaveURL(/[?&]status=pending/);
  await expect(pendingCard).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("pending");
  const cards = page.locator('[data-tour="quotation-card"]');
  await expect(cards.first()).toBeVisible();
  const badges = await cards.locator("[data-status]").evaluateAll((els) => els.map((e) => e.getAttribute("data-status")));
  expect(new Set(badges)).toEqual(new Set(["pending"]));

  // The seed's stored expired quotation is under Expired.
  await overview.getByRole("link", { name: /^Expired \d+$/ }).click();
  await expect(page).toHaveURL(/[?&]status=expired/);
  await expect(cards.locator('[data-status="expired"]').first()).toBeVisible();
  await expect(
    cards.locator('[data-tour="quotation-approve"], [data-tour="quotation-reject"], [data-tour="quotation-reapprove"]'),
  ).toHaveCount(0);

  // The export follows the filter.
  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toHaveAttribute("href", "/api/quotations/export.csv?status=expired");
  const csv = await page.request.get("/api/quotations/export.csv?status=expired");
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split("\r\n")[0]).toContain("Id,Status,Date,Name,Email");

  await page.goto("/admin/quotations?q=no-such-requester-anywhere");
  await expect(page.getByText("No quotations found")).toBeVisible();
  await expect(overview.getByRole("link", { name: /^All quotations 0$/ })).toBeVisible();
});

test("@phone quotation management fits a phone and its approve dialog too", async ({ page }, testInfo) => {
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/quotations?status=pending");
  const card = page.locator('[data-tour="quotation-card"]').first();
  await expect(card).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath("admin-quotations-phone.png"), fullPage: true });
  const approve = card.locator('[data-tour="quotation-approve"]');
  await expect(approve).toBeEnabled();
  await approve.click();
  const dialog = page.getByRole("dialog", { name: /^Approve quotation #\d+$/ });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  await page.screenshot({ path: testInfo.outputPath("admin-quotations-phone-dialog.png") });
  // Escape closes it and nothing changed.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Focus goes back to the button that opened it.
  await expect(approve).toBeFocused();
});

test("quotation management at desktop width", async ({ page }, testInfo) => {
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/quotations");
  await expect(page.locator('[data-tour="quotation-card"]').first()).toBeVisible();
  for (const tour of ["quotation-overview", "quotation-filter", "quotation-card"]) {
    await expect(page.locator(`[data-tour="${tour}"]`).first()).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath("admin-quotations-desktop.png"), fullPage: true });
  expect(await axeFindings(page)).toEqual([]);
  // The approve dialog too.
  await page.goto("/admin/quotations?status=pending");
  const approve = page.locator('[data-tour="quotation-approve"]').first();
  await expect(approve).toBeEnabled();
  await approve.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
});

/**
 * Decision 012's lane at 1280 px: the floating Help button covers none of the quotation list's row actions (Reject
 * included) at any scroll position, with the rows' details open, the longest the page gets.
 */
test("the Help button covers no quotation's actions at 1280 px, at any scroll position", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, DEMO.admin, "/admin/quotations");
  await expect(page.getByRole("heading", { level: 1, name: "Quotation Management" })).toBeVisible();
  // Each row's details opened, one at a time (an opened row leaves the list of closed ones).
  const closed = page.getByRole("button", { expanded: false, name: /^Quotation #\d+$/ });
  for (let n = await closed.count(); n > 0; n--) await closed.first().click();
  await expect(closed).toHaveCount(0);
  expect(await helpButtonFindings(page, "/admin/quotations", { expected: true })).toEqual([]);
});
