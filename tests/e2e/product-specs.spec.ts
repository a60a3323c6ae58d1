import { DEMO, expect, login, test } from "./fixtures.ts";

// Structured specifications and SKUs on the product page, the cards and the admin form.

const PANEL = "SunVolt 410W Mono PERC";

async function panelId(request: import("@playwright/test").APIRequestContext): Promise<number> {
  const res = await request.get("/api/products/get-all-products?category=solar-panels&pageSize=100");
  expect(res.ok()).toBe(true);
  const { rows } = (await res.json()) as { rows: { product_id: number; product_name: string }[] };
  const found = rows.find((p) => p.product_name === PANEL);
  expect(found, PANEL).toBeDefined();
  return found?.product_id ?? 0;
}

test("the product page shows the SKU and a Specifications table with units, and its JSON-LD carries them", async ({ page, request }) => {
  const id = await panelId(request);
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: PANEL })).toBeVisible();
  await expect(page.getByText("SKU: SV-410M-PERC")).toBeVisible();
  const section = page.getByRole("region", { name: "Specifications" });
  await expect(section.getByRole("heading", { level: 2, name: "Specifications" })).toBeVisible();
  const table = section.getByRole("table");
  await expect(table.getByRole("row", { name: /Maximum power\s+410 W/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /Open-circuit voltage \(Voc\)\s+37\.5 V/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /Cell type\s+mono PERC/ })).toBeVisible();
  // In CATEGORY_SPECS order: power first, weight last.
  const headers = await table.getByRole("rowheader").allTextContents();
  expect(headers[0]).toBe("Maximum power");
  expect(headers.at(-1)).toBe("Weight");

  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = ld.map((text) => JSON.parse(text)).find((d) => d["@type"] === "Product");
  expect(product).toMatchObject({ sku: "SV-410M-PERC" });
  expect(product.additionalProperty).toContainEqual({
    "@type": "PropertyValue",
    name: "Open-circuit voltage (Voc)",
    value: 37.5,
    unitText: "V",
  });
});

test("a card's key line comes from the product's specifications", async ({ page }) => {
  await page.goto("/category/solar-panels");
  const card = page
    .locator("article, li")
    .filter({ has: page.getByRole("link", { name: PANEL }) })
    .first();
  await expect(card.getByText("410 W · 21.0 %")).toBeVisible();
  await page.goto("/category/energy-storage");
  await expect(page.getByText("5.12 kWh · LiFePO4").first()).toBeVisible();
});

test("the admin form draws the chosen category's specifications and checks them in the browser", async ({ page }) => {
  test.setTimeout(60_000);
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Add product" }).click();
  const form = page.getByRole("form", { name: "Add a product" });
  await expect(form).toBeVisible();
  // React has taken over the form (its props are attached), so choices and typed values count.
  await expect.poll(() => form.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps"))), { timeout: 15_000 }).toBe(true);
  await page.waitForLoadState("networkidle");
  await expect(form.getByLabel("SKU (optional)")).toBeVisible();
  await form.getByLabel("Category", { exact: true }).selectOption({ label: "Hybrid Inverters" });
  const specs = form.getByRole("group", { name: "Specifications (optional)" });
  await expect(specs.getByLabel("Rated output (kW)")).toBeVisible();
  await expect(specs.getByLabel("Battery voltage").locator("option")).toHaveText(["Not set", "12 V", "24 V", "48 V"]);
  await specs.getByLabel("Rated output (kW)").fill("-5");
  await form.getByRole("button", { name: "Add product" }).click();
  await expect(specs.getByText("Rated output must be at least 0 kW.")).toBeVisible();
  await expect(specs.getByLabel("Rated output (kW)")).toHaveAttribute("aria-invalid", "true");
  // Another category, other fields.
  await form.getByLabel("Category", { exact: true }).selectOption({ label: "Energy Storage" });
  await expect(specs.getByLabel("Chemistry").locator("option")).toHaveText(["Not set", "LiFePO4", "lead-acid gel", "AGM"]);
});
