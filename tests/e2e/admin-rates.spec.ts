import { formatDate, harareDate } from "#shared/dates.ts";
import { RATE_DATE_TAKEN } from "#shared/schemas/rates.ts";
import { FROZEN_RATES_NOTE } from "#web/features/admin/rates/rates-tabs.ts";
import { DEMO, expect, freshCode, login, test } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";

/** A day `days` after today on the company's calendar (Africa/Harare), as YYYY-MM-DD. */
const harareDay = (days: number) => harareDate(new Date(Date.now() + days * 86_400_000));

/** The back office's rates: the rate in force, its chart and history, a scheduled rate, a correction, VAT. */
test("the owner reads the rate in force and its chart, schedules tomorrow's rate with a fresh code, corrects it, and adds a VAT rate", async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  // A retry enters its rates a day later: the first try's are still there (one rate per day).
  const tomorrow = harareDay(1 + info.retry);
  // Changing the rates is the Owner's (rates.edit, decision 035), confirmed with a fresh code.
  const owner = await login(page, DEMO.super);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Rates" }).click();
  await expect(page).toHaveURL(/\/admin\/rates$/);
  await expect(page.getByRole("heading", { level: 1, name: "Rates" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Exchange rates" })).toHaveAttribute("aria-current", "page");

  const current = page.getByRole("region", { name: /Rate in force today/ });
  await expect(current).toContainText(/\d+\.\d{4} ZWG per 1 USD/);
  await expect(current).toContainText(/From \d{1,2} \w+ \d{4}/);
  const chart = page.getByRole("img", { name: /^ZWG per US dollar, \d+ rates from / });
  await expect(chart).toBeVisible();
  await expect(chart.locator("path")).not.toHaveCount(0);
  const history = page.getByRole("table", { name: "Exchange rate history" });
  await expect(history.getByText("In force", { exact: true })).toHaveCount(1);

  // Tomorrow's rate: scheduled, at the top of the history, dashed on the chart.
  await hydrated(page);
  const add = page.getByRole("form", { name: "Add an exchange rate" });
  await expect(add.getByLabel("Effective date")).toHaveValue(harareDay(0));
  await expect(add.getByLabel("Source")).toHaveValue("RBZ interbank mid-rate");
  await add.getByLabel("Rate (ZWG per 1 USD)").fill("27.4321");
  await add.getByLabel("Effective date").fill(tomorrow);
  // The first change gives the code; the next ones, within the step-up window, leave it empty.
  await add.getByLabel("Code from your authenticator app").fill(freshCode(owner));
  await add.getByRole("button", { name: "Add rate" }).click();
  await expect(add.getByRole("status")).toHaveText(`Rate 27.4321 scheduled: it takes effect on ${formatDate(tomorrow)}.`);
  const scheduled = history.getByRole("row").nth(1);
  await expect(scheduled).toContainText(`From ${formatDate(tomorrow)}`);
  await expect(scheduled).toContainText("Scheduled");
  await expect(scheduled).toContainText("27.4321");
  await expect(page.getByText(/^Scheduled rates, from a later day/)).toBeVisible();
  await expect(page.getByRole("img", { name: /1 scheduled for a later day/ })).toBeVisible();

  // The same day again: the API's 409 under the date.
  await add.getByLabel("Rate (ZWG per 1 USD)").fill("27.5");
  await add.getByLabel("Effective date").fill(tomorrow);
  await add.getByRole("button", { name: "Add rate" }).click();
  await expect(add.getByLabel("Effective date")).toHaveAttribute("aria-invalid", "true");
  await expect(add.getByText(RATE_DATE_TAKEN)).toBeVisible();

  // A mistyped rate corrected, with its reason; the form says what a correction does not change.
  await scheduled.getByRole("link", { name: `Correct the rate from ${formatDate(tomorrow)}` }).click();
  await expect(page).toHaveURL(/\?correct=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Correct an exchange rate" })).toBeVisible();
  await hydrated(page);
  const correct = page.getByRole("form", { name: `Correct the rate from ${formatDate(tomorrow)}` });
  await expect(correct.getByText(FROZEN_RATES_NOTE)).toBeVisible();
  await expect(correct.getByLabel("Rate (ZWG per 1 USD)")).toHaveValue("27.4321");
  await correct.getByLabel("Rate (ZWG per 1 USD)").fill("27.4312");
  await correct.getByRole("button", { name: "Save correction" }).click();
  await expect(correct.getByText("Say why the rate is corrected.")).toBeVisible();
  await correct.getByLabel("Reason for the correction").fill("Two figures swapped when typing");
  await correct.getByRole("button", { name: "Save correction" }).click();
  await expect(page).toHaveURL(/\/admin\/rates$/);
  await expect(page.getByRole("status").filter({ hasText: `The rate from ${formatDate(tomorrow)} is now 27.4312.` })).toBeVisible();
  await expect(history.getByRole("row").nth(1)).toContainText("27.4312");

  // VAT: the rate in force marked; a rate from a later day added.
  await page.getByRole("link", { name: "VAT", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/rates\/vat$/);
  const vat = page.getByRole("table", { name: "VAT rates" });
  await expect(vat.getByRole("row").filter({ hasText: "In force today" })).toHaveCount(1);
  await hydrated(page);
  const addVat = page.getByRole("form", { name: "Add a VAT rate" });
  // A VAT rate starts tomorrow at the earliest (decision 024).
  await expect(addVat.getByLabel("Valid from")).toHaveValue(harareDay(1));
  const from = `${2090 + info.retry}-01-01`;
  await addVat.getByLabel("VAT rate (%)").fill("16.5");
  await addVat.getByLabel("Valid from").fill(from);
  await addVat.getByRole("button", { name: "Add VAT rate" }).click();
  await expect(addVat.getByRole("status")).toHaveText(`VAT 16.50 % added from ${formatDate(from)}.`);
  const added = vat.getByRole("row").nth(1);
  await expect(added).toContainText(formatDate(from));
  await expect(added).toContainText("16.50 %");
  await expect(added).toContainText("Scheduled");

  // A scheduled VAT rate is corrected with its reason; the rate in force offers no correction.
  await expect(
    vat
      .getByRole("row")
      .filter({ hasText: "In force today" })
      .getByRole("link", { name: /^Correct/ }),
  ).toHaveCount(0);
  await added.getByRole("link", { name: `Correct the VAT rate from ${formatDate(from)}` }).click();
  await expect(page).toHaveURL(/\/admin\/rates\/vat\?correct=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Correct a VAT rate" })).toBeVisible();
  await hydrated(page);
  const correctVat = page.getByRole("form", { name: `Correct the VAT rate from ${formatDate(from)}` });
  await correctVat.getByLabel("VAT rate (%)").fill("16.25");
  await correctVat.getByLabel("Reason for the correction").fill("The budget says 16.25 %");
  await correctVat.getByRole("button", { name: "Save correction" }).click();
  await expect(page).toHaveURL(/\/admin\/rates\/vat$/);
  await expect(page.getByRole("status").filter({ hasText: `VAT is now 16.25 % from ${formatDate(from)}.` })).toBeVisible();
  await expect(vat.getByRole("row").nth(1)).toContainText("16.25 %");
});

test("the correction form opens from the history without JavaScript", async ({ browser, page, baseURL }) => {
  await login(page, DEMO.super);
  const plain = await browser.newContext({ baseURL: baseURL as string, javaScriptEnabled: false });
  try {
    await plain.addCookies(await page.context().cookies());
    const noScript = await plain.newPage();
    await noScript.goto("/admin/rates");
    await expect(noScript.getByRole("img", { name: /^ZWG per US dollar, / })).toBeVisible();
    await noScript
      .getByRole("table", { name: "Exchange rate history" })
      .getByRole("link", { name: /^Correct the rate from / })
      .last()
      .click();
    await expect(noScript.getByRole("heading", { level: 1, name: "Correct an exchange rate" })).toBeVisible();
    await expect(noScript.getByLabel("Reason for the correction")).toBeVisible();
  } finally {
    await plain.close();
  }
});
