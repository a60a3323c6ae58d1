import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, login, test } from "./fixtures.ts";

/** The solar calculator sizes a kit from the catalogue; the kit goes to the cart or into a quote request. */

type KitLine = { name: string; quantity: number };

/** The kit the result shows: each line's product name and quantity. */
async function kitLines(page: Page): Promise<KitLine[]> {
  const lines = page.locator("[data-kit-line]");
  await expect(lines.first()).toBeVisible();
  const out: KitLine[] = [];
  for (const line of await lines.all()) {
    const name = (await line.getByRole("link").textContent())?.trim() ?? "";
    const quantity = Number((await line.getByText(/×\s*\d+/).textContent())?.replace(/\D/g, ""));
    out.push({ name, quantity });
  }
  return out;
}

/** The quotation requested from `email`, as an admin reads it through the API. */
async function quotationFrom(browser: Browser, baseURL: string, email: string) {
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await login(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  const res = await admin.request.get(`/api/quotations/?q=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  const { rows } = (await res.json()) as { rows: { notes: string; products: { product_name: string; quantity: number }[] }[] };
  await admin.context().close();
  expect(rows).toHaveLength(1);
  return rows[0] as NonNullable<(typeof rows)[0]>;
}

async function fillQuote(page: Page, email: string) {
  const dialog = page.getByRole("dialog", { name: "Request a Quote" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/Notes/)).toHaveValue(/^Sized with the website's solar calculator\./);
  await dialog.getByLabel("Name").fill("Rufaro Ncube");
  await dialog.getByLabel("Address").fill("7 Hillside Road, Bulawayo");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Phone").fill("+263 77 222 3333");
  await dialog.getByRole("button", { name: "Submit" }).click();
  return dialog;
}

test("a small home (fridge, lights, TV, 8 h backup): the kit goes to the cart and into a quote request with the sizing in its notes", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/");
  // In the header's Products menu.
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Products menu" }).click();
  await nav.getByRole("link", { name: "Solar Calculator" }).click();
  await expect(page).toHaveURL(/\/solar-calculator$/);
  await expect(page.getByRole("heading", { level: 1, name: "Solar calculator" })).toBeVisible();
  // It starts with a small home's fridge, lights and TV.
  await expect(page.locator("#appliance-0-name")).toHaveValue("Fridge");
  await expect(page.locator("#appliance-1-name")).toHaveValue("LED light");
  await expect(page.locator("#appliance-2-name")).toHaveValue("TV");
  await page.getByLabel("Hours of backup").fill("8");
  await page.getByRole("button", { name: "Size my system" }).click();

  // The result is a link: the appliances and the backup are in the address.
  await expect(page).toHaveURL(/name=Fridge&watts=150&hours=10&qty=1.*backup=8/);
  const result = page.getByRole("region", { name: "Your system" });
  // By hand: 150 × 10 + 6 × 10 × 5 + 80 × 5 = 2200 Wh; 150 + 60 + 80 = 290 W; the fridge starts at 3×: 590 W.
  await expect(result.getByText("2.2 kWh", { exact: true })).toBeVisible();
  await expect(result.getByText("0.29 kW", { exact: true })).toBeVisible();
  await expect(result.getByText("0.59 kW", { exact: true })).toBeVisible();
  const kit = await kitLines(page);
  expect(kit.map((l) => l.name)).toHaveLength(3);
  expect(kit[0]?.name).toBe("Highveld Hybrid 1.5kW 12V");
  await expect(page.locator('[data-check="passed"]')).toHaveCount(3);
  await expect(page.getByRole("region", { name: "How we worked it out" }).getByRole("listitem").first()).toHaveText(
    "Your appliances use 2.2 kWh a day (each one's watts × hours a day × quantity, added up).",
  );

  await page.getByRole("button", { name: "Add this kit to the cart" }).click();
  await expect(page.getByText("Kit added to cart!")).toBeVisible();
  const calculatorUrl = page.url();
  await page.goto("/cart");
  for (const line of kit) {
    await expect(page.getByRole("spinbutton", { name: `Quantity of ${line.name}`, exact: true })).toHaveValue(String(line.quantity));
  }

  await page.goto(calculatorUrl);
  await page.getByRole("button", { name: "Request a quote for this kit" }).click();
  const email = `kit.${Date.now()}@example.com`;
  const dialog = await fillQuote(page, email);
  await expect(page.getByText("Your quote request has been submitted successfully!")).toBeVisible();
  await expect(dialog).toBeHidden();

  const quotation = await quotationFrom(browser, baseURL as string, email);
  expect(quotation.products.map((p) => ({ name: p.product_name, quantity: p.quantity }))).toEqual(kit);
  expect(quotation.notes).toContain(
    "Appliances: 1 × Fridge (150 W, 10 h a day); 6 × LED light (10 W, 5 h a day); 1 × TV (80 W, 5 h a day).",
  );
  expect(quotation.notes).toContain("Daily energy 2.2 kWh, peak load 0.29 kW, surge 0.59 kW; 8 h of backup");
  expect(quotation.notes).toContain(`Kit: 1 × ${kit[0]?.name} (inverter)`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adds a borehole pump, sizes the system and requests a quote for the kit, all by the server", async ({ page, browser, baseURL }) => {
    await page.goto("/solar-calculator");
    await page.locator("#appliance-0-name").fill("Kitchen fridge");
    await page.getByLabel("Add an appliance").selectOption("Borehole pump");
    await page.getByRole("button", { name: "Add appliance" }).click();
    // The new row, and nothing typed lost.
    await expect(page.locator("#appliance-3-name")).toHaveValue("Borehole pump");
    await expect(page.locator("#appliance-3-watts")).toHaveValue("750");
    await expect(page.locator("#appliance-0-name")).toHaveValue("Kitchen fridge");
    await page.getByRole("button", { name: "Remove appliance 3" }).click();
    await expect(page.locator("#appliance-2-name")).toHaveValue("Borehole pump");

    // A wrong figure is refused next to its field.
    await page.locator("#appliance-1-watts").fill("-10");
    await page.getByRole("button", { name: "Size my system" }).click();
    await expect(page.locator("#appliance-1-watts")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("The power of an appliance must be more than zero.")).toBeVisible();
    await page.locator("#appliance-1-watts").fill("10");
    await page.getByRole("button", { name: "Size my system" }).click();

    const result = page.getByRole("region", { name: "Your system" });
    await expect(result).toBeVisible();
    // By hand: 1500 + 300 + 750 × 3 = 4050 Wh a day; the fridge and the pump start at 3×: 450 + 60 + 2250 = 2760 W.
    await expect(result.getByText("4.05 kWh", { exact: true })).toBeVisible();
    await expect(result.getByText("2.76 kW", { exact: true })).toBeVisible();
    const kit = await kitLines(page);
    // The cart lives in the browser's script: without it the button is not offered, the quote is.
    await expect(page.getByRole("button", { name: "Add this kit to the cart" })).toBeHidden();

    await page.getByRole("button", { name: "Request a quote for this kit" }).click();
    const email = `kit.noscript.${Date.now()}@example.com`;
    await fillQuote(page, email);
    await expect(page.getByText("Your quote request has been submitted successfully!")).toBeVisible();
    const quotation = await quotationFrom(browser, baseURL as string, email);
    expect(quotation.products.map((p) => ({ name: p.product_name, quantity: p.quantity }))).toEqual(kit);
    expect(quotation.notes).toContain("1 × Borehole pump (750 W, 3 h a day)");
  });
});
