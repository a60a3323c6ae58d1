import type { Locator, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { DEMO, expect, login, test } from "./fixtures.ts";

/** The catalogue in the back office, seen from the public site and a dealer's account. */

async function png(colour: string) {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
async function pdf(title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.addPage([300, 300]);
  return Buffer.from(await doc.save());
}

/** Waits until React has taken over the element (its props are attached), so typed values and chosen files count. */
async function hydrated(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  await expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps"))), { timeout: 15_000 })
    .toBe(true);
  await page.waitForLoadState("networkidle");
}

async function searchProducts(page: Page, name: string) {
  const search = page.getByRole("search", { name: "Search products" });
  await search.getByLabel("Search").fill(name);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=/);
}

test("an admin adds a product with two images and a datasheet, changes its price and deletes it", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const name = `E2E Hybrid Inverter ${Date.now().toString(36)}`;
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);

  // Create.
  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { level: 1, name: "Manage Products" })).toBeVisible();
  await page.getByRole("link", { name: "Add product" }).click();
  const form = page.getByRole("form", { name: "Add a product" });
  await hydrated(page, form);
  // Nothing filled in: the spec's required fields are marked, nothing is sent.
  await form.getByRole("button", { name: "Add product" }).click();
  await expect(form.getByText("Product name is required")).toBeVisible();
  await expect(form.getByText("At least one product image is required")).toBeVisible();
  await expect(form.getByText("A datasheet PDF is required")).toBeVisible();
  await expect(form.getByLabel("Product name")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Product name").fill(name);
  // Leaving with unsaved changes asks first.
  await page.getByRole("link", { name: "All products" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay" }).click();
  await expect(leave).toBeHidden();
  await expect(form.getByLabel("Product name")).toHaveValue(name);
  await form.getByLabel("Category", { exact: true }).selectOption({ label: "Hybrid Inverters" });
  await form.getByLabel("Dealer list price (USD, excl. VAT)").fill("1234.50");
  // The demo seller is VAT-registered: the HS code is required (decision 016).
  await form.getByLabel(/^HS code/).fill("8504.40.00");
  await expect(form.getByLabel("Price (ZWG)")).toBeVisible();
  await form.getByLabel("Description").fill("A hybrid inverter added by the browser test.");
  await form.getByLabel("Warranty (optional)").fill("5 years");
  await form.getByLabel("Add images to Images").setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: await png("#de7a37") },
    { name: "back.png", mimeType: "image/png", buffer: await png("#2a6fb0") },
  ]);
  await expect(form.getByText("Main image · not yet uploaded")).toBeVisible();
  // The second image becomes the main one.
  await form.getByRole("button", { name: "Move back.png up" }).click();
  await expect(form.getByRole("listitem").first()).toContainText("back.png");
  await form.getByLabel("Datasheet (PDF)").setInputFiles({ name: "datasheet.pdf", mimeType: "application/pdf", buffer: await pdf(name) });
  await form.getByRole("button", { name: "Add product" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Product added." })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/admin\/products$/);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toBeVisible();
  const href = await row.getByRole("link", { name, exact: true }).getAttribute("href");
  const productId = Number(/\/product\/(\d+)/.exec(href ?? "")?.[1]);
  expect(productId).toBeGreaterThan(0);

  // The public site has it: on its category page and its own page, with a working datasheet download.
  await page.goto("/category/hybrid-inverters?pageSize=48");
  await expect(page.getByRole("link", { name: new RegExp(name) }).first()).toBeVisible();
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const download = page.getByRole("link", { name: /Download the datasheet/ });
  const sheet = await page.request.get((await download.getAttribute("href")) as string);
  expect(sheet.status()).toBe(200);
  expect(sheet.headers()["content-type"]).toContain("application/pdf");
  expect((await sheet.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // The main image is the one moved first: two images in the gallery.
  const listed = (await (await page.request.get(`/api/products/get-product-by-id/${productId}`)).json()) as { images: string }[];
  expect(listed[0]?.images.split(",")).toHaveLength(2);

  // Edit the price.
  await page.goto("/admin/products");
  await searchProducts(page, name);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("form", { name: `Edit ${name}` });
  await hydrated(page, edit);
  await expect(edit.getByLabel("Dealer list price (USD, excl. VAT)")).toHaveValue("1234.50");
  await edit.getByLabel("Dealer list price (USD, excl. VAT)").fill("999.99");
  // A third image, made the main one, goes up with the change.
  await edit.getByLabel("Add images to Images").setInputFiles({ name: "top.png", mimeType: "image/png", buffer: await png("#118844") });
  await edit.getByRole("button", { name: "Move top.png up" }).click();
  await edit.getByRole("button", { name: "Move top.png up" }).click();
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product updated." })).toBeVisible({ timeout: 20_000 });
  const edited = (await (await page.request.get(`/api/products/get-product-by-id/${productId}`)).json()) as { images: string }[];
  const names = edited[0]?.images.split(",") ?? [];
  expect(names).toHaveLength(3);
  expect(names.slice(1)).toEqual(listed[0]?.images.split(","));
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("999.99");

  // A dealer sees the new price on the product page, at their tier: the demo dealer is Silver, 5 % off 999.99.
  const dealerContext = await browser.newContext({ baseURL });
  const dealerPage = await dealerContext.newPage();
  await login(dealerPage, DEMO.dealer);
  await expect(dealerPage).toHaveURL(/\/dealer$/);
  await dealerPage.goto(`/product/${productId}`);
  await expect(dealerPage.getByText("USD 949.99")).toBeVisible();
  await dealerContext.close();

  // Delete it, after the confirmation.
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  const toDelete = page.getByRole("button", { name: `Delete ${name}` });
  await hydrated(page, toDelete);
  await toDelete.click();
  const dialog = page.getByRole("dialog", { name: `Delete ${name}?` });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  await page.goto(`/product/${productId}`);
  await expect(page.getByText("Product not found.")).toBeVisible();
});

test("an admin adds a brand with a logo, renames it and deletes it", async ({ page }) => {
  const brand = `E2E Brand ${Date.now().toString(36)}`;
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Brands" }).click();
  await expect(page.getByRole("table", { name: "Brands" })).toBeVisible();
  await page.getByRole("link", { name: "Add brand" }).click();
  const form = page.getByRole("form", { name: "Add a brand" });
  await hydrated(page, form);
  await form.getByLabel("Website (optional)").fill("not a website");
  await form.getByRole("button", { name: "Add brand" }).click();
  await expect(form.getByText("Brand name is required")).toBeVisible();
  await expect(form.getByLabel("Website (optional)")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Brand name").fill(brand);
  await form.getByLabel("Website (optional)").fill("https://e2e-brand.example");
  await form
    .getByLabel("Add image to Logo (optional)")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await png("#00805a") });
  await form.getByRole("button", { name: "Add brand" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Brand added." })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/admin\/products\/brands$/);
  const row = page.getByRole("row", { name: new RegExp(brand) });
  // Its logo is stored and served.
  const logo = row.locator("img");
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  await row.getByRole("link", { name: `Edit ${brand}` }).click();
  const edit = page.getByRole("form", { name: `Edit brand ${brand}` });
  await hydrated(page, edit);
  await edit.getByLabel("Brand name").fill(`${brand} Renamed`);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Brand updated." })).toBeVisible({ timeout: 20_000 });

  const renamed = page.getByRole("button", { name: `Delete ${brand} Renamed` });
  await hydrated(page, renamed);
  await renamed.click();
  await page
    .getByRole("dialog", { name: `Delete ${brand} Renamed?` })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByRole("row", { name: new RegExp(brand) })).toHaveCount(0);
});

test("an admin features a product with its own artwork, moves it up and stops featuring it", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const name = `E2E Featured Panel ${Date.now().toString(36)}`;
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  // A product of its own, made through the API with the admin's session.
  const made = await page.request.post("/api/products/add-product", {
    headers: { origin: baseURL as string },
    multipart: {
      product_name: name,
      product_description: "Made for the featured products test.",
      category: "1",
      price_usd: "10",
      hs_code: "85414300",
      images: { name: "p.png", mimeType: "image/png", buffer: await png("#aa3300") },
      datasheet: { name: "d.pdf", mimeType: "application/pdf", buffer: await pdf(name) },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const productId = ((await made.json()) as { product: { product_id: number } }).product.product_id;

  // The old address of the featured products (`?tab=featured`) leads to their own.
  await page.goto("/admin/products?tab=featured&q=");
  await expect(page).toHaveURL(/\/admin\/products\/featured\?q=$/);
  await page.getByRole("link", { name: "Feature a product" }).click();
  const form = page.getByRole("form", { name: "Feature a product" });
  await hydrated(page, form);
  await form.getByRole("button", { name: "Feature product" }).click();
  await expect(form.getByText("Choose a product from the catalogue.")).toBeVisible();
  await form.getByLabel("Product").selectOption({ label: name });
  await form.getByLabel("Name on the card (optional)").fill(`${name} Special`);
  await form
    .getByLabel("Add image to Artwork (optional)")
    .setInputFiles({ name: "art.png", mimeType: "image/png", buffer: await png("#0055aa") });
  await form.getByRole("button", { name: "Feature product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Featured product added." })).toBeVisible({ timeout: 20_000 });

  // Last in the order; moved up it comes before the one above it.
  const rows = page.getByRole("table", { name: "Featured products" }).getByRole("row");
  await expect(rows.last()).toContainText(`${name} Special`);
  const count = await rows.count();
  const up = page.getByRole("button", { name: `Move ${name} Special up` });
  await hydrated(page, up);
  await up.click();
  await expect(rows.nth(count - 2)).toContainText(`${name} Special`);
  await page.goto("/products");
  await expect(page.getByRole("link", { name: `${name} Special` })).toBeVisible();

  await page.goto("/admin/products?tab=featured");
  const remove = page.getByRole("button", { name: `Remove ${name} Special` });
  await hydrated(page, remove);
  await remove.click();
  await page
    .getByRole("dialog", { name: `Stop featuring ${name} Special?` })
    .getByRole("button", { name: "Remove" })
    .click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  await page.goto("/products");
  await expect(page.getByRole("link", { name: `${name} Special` })).toHaveCount(0);

  const gone = await page.request.delete(`/api/products/delete-product/${productId}`, { headers: { origin: baseURL as string } });
  expect(gone.status()).toBe(200);
});

test("admin code stays in admin route chunks: public pages load none of it", async ({ page }) => {
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/products");
  await expect(page.getByRole("table", { name: "Products" })).toBeVisible();

  // The back office's route modules, as the client manifest names them.
  type Manifest = { routes: Record<string, { module: string }> };
  const manifest = (await page.evaluate(() => (window as unknown as { __reactRouterManifest: unknown }).__reactRouterManifest)) as Manifest;
  const adminModules = new Set(
    Object.entries(manifest.routes)
      .filter(([id]) => id.startsWith("routes/admin/"))
      .map(([, r]) => r.module),
  );
  expect(adminModules.has(manifest.routes["routes/admin/products"]?.module ?? "")).toBe(true);
  // Texts only the back office's code carries: the catalogue admin's contracts and API paths, the admin kit.
  const ADMIN_ONLY = ["At least one product image is required", "/api/products/add-product", "You have unsaved changes. Leave this page"];

  // The markers are real: the back office's own scripts carry them.
  const adminScripts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.endsWith(".js")),
  );
  const adminText = (await Promise.all(adminScripts.map(async (s) => (await page.request.get(s)).text()))).join("\n");
  for (const marker of ADMIN_ONLY) expect(adminText, marker).toContain(marker);

  // Public pages, opened afresh (a visitor) and by client-side navigation from the back office.
  const loadedScripts = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith(".js")),
    );
  for (const path of ["/", "/products", "/category/solar-panels", "/product/1"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const scripts = await loadedScripts();
    expect(scripts.length, `${path} loads scripts`).toBeGreaterThan(0);
    expect(
      scripts.filter((s) => adminModules.has(s)),
      `${path} loads admin route modules`,
    ).toEqual([]);
    for (const script of scripts) {
      const text = await (await page.request.get(script)).text();
      for (const marker of ADMIN_ONLY) expect(text.includes(marker), `${script} carries "${marker}"`).toBe(false);
    }
  }
});

test("the products screen at phone and desktop widths", async ({ page }) => {
  // Eight pages and their screenshots: more than the default 30 s when the other worker loads the machine.
  test.setTimeout(90_000);
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    await page.goto("/admin/products");
    await expect(page.getByRole("table", { name: "Products" })).toBeVisible();
    await page.screenshot({ path: `/tmp/hcat-shots/admin-products-list-${width}.png`, fullPage: false });
    await page.goto("/admin/products?product=1");
    await expect(page.getByRole("form", { name: /^Edit / })).toBeVisible();
    await page.screenshot({ path: `/tmp/hcat-shots/admin-products-form-${width}.png`, fullPage: true });
    await page.goto("/admin/products?tab=featured");
    await expect(page.getByRole("table", { name: "Featured products" })).toBeVisible();
    await page.screenshot({ path: `/tmp/hcat-shots/admin-products-featured-${width}.png`, fullPage: false });
    await page.goto("/admin/products?tab=brands");
    await expect(page.getByRole("table", { name: "Brands" })).toBeVisible();
    await page.screenshot({ path: `/tmp/hcat-shots/admin-products-brands-${width}.png`, fullPage: false });
  }
  // Nothing scrolls sideways on a phone but the table itself.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/products?product=1");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
