import type { Page } from "@playwright/test";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { enhanced, holdEnhanceScript } from "./support/hydration.ts";

type ApiProduct = { product_id: number; product_name: string; images: string };

async function solarPanels(page: Page, query = "page=1&pageSize=12"): Promise<{ rows: ApiProduct[]; count: number }> {
  const res = await page.request.get(`/api/products/get-product-by-category/solar-panels?${query}`);
  expect(res.ok()).toBe(true);
  return res.json();
}

/** Product names in the grid, in order. */
function gridNames(page: Page) {
  return page.getByRole("list", { name: "Products" }).getByRole("heading", { level: 2 }).allTextContents();
}

test("category → product → Add to Cart → the cart changes quantities and empties", async ({ page }) => {
  await page.goto("/category/solar-panels");
  const first = page.getByRole("list", { name: "Products" }).getByRole("link").first();
  const name = ((await first.textContent()) ?? "").trim();
  await first.click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Product added to cart!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 item" }).first()).toBeVisible();

  await page.goto("/cart");
  await expect(page.getByRole("link", { name })).toBeVisible();
  const quantity = page.getByLabel(`Quantity of ${name}`, { exact: true });
  await expect(quantity).toHaveValue("1");
  await page.getByRole("button", { name: `Increase quantity of ${name}` }).click();
  await expect(quantity).toHaveValue("2");
  await expect(page.getByRole("region", { name: "Order Summary" }).getByText("2", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Decrease quantity of ${name}` }).click();
  await expect(quantity).toHaveValue("1");
  await expect(page.getByRole("button", { name: `Decrease quantity of ${name}` })).toBeDisabled();
  await quantity.fill("5");
  await expect(page.getByRole("link", { name: "Cart, 5 items" }).first()).toBeVisible();
  await page.getByRole("button", { name: `Remove ${name}` }).click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

test("a visitor's Checkout opens WhatsApp with the numbered list", async ({ page }) => {
  const { rows } = await solarPanels(page);
  const product = rows[1];
  if (!product) throw new Error("no demo product");
  await page.goto(`/product/${product.product_id}`);
  const add = page.getByRole("button", { name: "Add to Cart" });
  await add.click();
  await expect(page.getByText("Product added to cart!")).toBeVisible();
  await add.click();
  await expect(page.getByRole("link", { name: "Cart, 2 items" }).first()).toBeVisible();

  await page.goto("/cart");
  const checkout = page.getByRole("link", { name: /^Checkout/ });
  const href = (await checkout.getAttribute("href")) ?? "";
  const url = new URL(href);
  expect(url.origin).toBe("https://wa.me");
  expect(url.pathname).toMatch(/^\/\d{8,15}$/);
  const text = url.searchParams.get("text") ?? "";
  expect(text.split("\n")[0]).toMatch(/^Hello/);
  expect(text).toContain(`1. ${product.product_name} x 2`);
});

test("the demo dealer's Checkout goes to /checkout, which lists the cart at dealer prices", async ({ page }) => {
  const { rows } = await solarPanels(page);
  const product = rows[0];
  if (!product) throw new Error("no demo product");
  await login(page, DEMO.dealer);
  await expect(page).toHaveURL(/\/dealer$/);
  await page.goto(`/product/${product.product_id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Product added to cart!")).toBeVisible();
  await page.goto("/cart");
  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(product.product_name).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Place Order" })).toBeVisible();
});

test("a category pages through its products with page and page size in the address", async ({ page }) => {
  const { count } = await solarPanels(page);
  expect(count).toBeGreaterThan(12);
  expect(count).toBeLessThanOrEqual(18);

  await page.goto("/category/solar-panels");
  const pager = page.getByRole("navigation", { name: "Product pages" });
  await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  const pageOne = await gridNames(page);
  expect(pageOne).toHaveLength(12);
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/category\/solar-panels\?page=2$/);
  await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  const pageTwo = await gridNames(page);
  expect(pageTwo.length).toBe(count - 12);
  expect(pageTwo.some((n) => pageOne.includes(n))).toBe(false);

  await page.goto("/category/solar-panels?page=2&pageSize=6");
  await expect(pager.getByRole("link", { name: /^Page \d+$/ })).toHaveCount(3);
  await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  expect(await gridNames(page)).toHaveLength(6);

  // A new page size starts again at page 1 (spec §4). The Show button is only for browsers without scripts at all
  // (a <noscript>): the change sends the form (decision 013).
  await expect(page.getByRole("button", { name: "Show" })).toHaveCount(0);
  await page.getByLabel("Items per page").selectOption("12");
  await expect(page).toHaveURL(/\/category\/solar-panels\?pageSize=12$/);
  await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  expect(await gridNames(page)).toEqual(pageOne);

  await page.goto("/category/1?pageSize=48");
  expect(await gridNames(page)).toHaveLength(count);
  await expect(pager).toHaveCount(0);
});

test("an unknown category answers 404 with the spec's empty state", async ({ page }) => {
  const res = await page.goto("/category/not-a-category");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("No products found for this category.")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the items-per-page form and the page links still work", async ({ page }) => {
    await page.goto("/category/solar-panels?page=2");
    await page.getByLabel("Items per page").selectOption("6");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\/category\/solar-panels\?pageSize=6$/);
    await page.getByRole("navigation", { name: "Product pages" }).getByRole("link", { name: "Page 3" }).click();
    await expect(page).toHaveURL(/\?page=3&pageSize=6$/);
    expect(await gridNames(page)).not.toHaveLength(0);
  });
});

test("prices are hidden from a visitor and shown to the demo dealer", async ({ page }) => {
  const { rows } = await solarPanels(page);
  const product = rows[0];
  if (!product) throw new Error("no demo product");
  await page.goto(`/product/${product.product_id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.product_name })).toBeVisible();
  await expect(page.getByText("Price (USD)")).toHaveCount(0);
  // The currency and the figure are joined by a no-break space (\s matches it).
  await expect(page.getByText(/^USD\s[\d,]+\.\d\d$/)).toHaveCount(0);

  await login(page, DEMO.dealer);
  await expect(page).toHaveURL(/\/dealer$/);
  await page.goto(`/product/${product.product_id}`);
  await expect(page.getByText("Price (USD)")).toBeVisible();
  // The price box's figures (the break table below it repeats them per quantity).
  const box = page.getByRole("definition");
  await expect(box.getByText(/^USD\s[\d,]+\.\d\d$/)).toBeVisible();
  await expect(box.getByText(/^ZW[LG]\s[\d,]+\.\d\d$/)).toBeVisible();
});

test("category and product pages are rendered on the server", async ({ page, request }) => {
  const { rows } = await solarPanels(page);
  const html = await (await request.get("/category/solar-panels")).text();
  for (const p of rows) expect(html).toContain(p.product_name.replace(/&/g, "&amp;"));
  const product = rows[0];
  if (!product) throw new Error("no demo product");
  const res = await request.get(`/product/${product.product_id}`);
  expect(res.status()).toBe(200);
  const productHtml = await res.text();
  expect(productHtml).toContain(product.product_name);
  expect(productHtml).toMatch(/<ul[^>]*>\s*<li[^>]*>/);
  expect(productHtml).toContain("/media/datasheets/");
  expect(productHtml).toMatch(/srcSet="[^"]+ 400w, [^"]+ 800w, [^"]+ 1200w"/i);
});

test("an unknown product says 'Product not found.'", async ({ page }) => {
  const res = await page.goto("/product/999999");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Product not found.")).toBeVisible();
});

test("the gallery's thumbnails switch the main image", async ({ page }) => {
  // A demo panel with a gallery: the demo data has some, and a demo without one fails here rather than skipping.
  const { rows } = await solarPanels(page, "page=1&pageSize=48");
  const withGallery = rows.find((p) => p.images.split(",").length >= 2);
  expect(withGallery, "a demo solar panel with two images or more").toBeDefined();
  await page.goto(`/product/${withGallery?.product_id}`);
  const thumbs = page.getByRole("list", { name: "Product images" }).getByRole("button");
  await expect(thumbs).toHaveCount(withGallery?.images.split(",").length ?? 0);
  await expect(thumbs.first()).toHaveAttribute("aria-pressed", "true");
  // The thumbnails work once the page's script has taken over (disabled until then).
  await expect(thumbs.nth(1)).toBeEnabled();
  await thumbs.nth(1).focus();
  await page.keyboard.press("Enter");
  await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("img", { name: /image 2 of/ })).toBeVisible();
});

test("a thumbnail tapped before the page's script has come is shown once it comes, with that image's own sources", async ({ page }) => {
  const { rows } = await solarPanels(page, "page=1&pageSize=48");
  const withGallery = rows.find((p) => p.images.split(",").length >= 2);
  const second =
    withGallery?.images
      .split(",")[1]
      ?.trim()
      .replace(/\.webp$/i, "") ?? "";
  expect(second).not.toBe("");
  const release = await holdEnhanceScript(page);
  await page.goto(`/product/${withGallery?.product_id}`, { waitUntil: "domcontentloaded" });
  const thumbs = page.getByRole("list", { name: "Product images" }).getByRole("button");
  await thumbs.nth(1).click();
  expect(await enhanced(page)).toBe(false);
  await expect(thumbs.first()).toHaveAttribute("aria-pressed", "true");
  await release();
  await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(thumbs.first()).toHaveAttribute("aria-pressed", "false");
  const main = page.getByRole("img", { name: /image 2 of/ });
  await expect(main).toBeVisible();
  const name = encodeURIComponent(second);
  await expect(main).toHaveAttribute("src", `/media/products/${name}-w800.webp`);
  await expect(main).toHaveAttribute("srcset", new RegExp(`${name}-w1200\\.webp 1200w`));
  // Phones' sources (at most 800 px) and larger screens' AVIF, each of that image.
  const sources = page.locator("picture", { has: main }).locator("source");
  await expect(sources.first()).toHaveAttribute("srcset", new RegExp(`${name}-w400\\.avif 400w, [^"]*${name}-w800\\.avif 800w$`));
  await expect(sources.last()).toHaveAttribute("srcset", new RegExp(`${name}-w400\\.avif 400w.*${name}-w1200\\.avif 1200w`));
  // The browser loads the image it chose for it.
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc.includes(name))).toBe(true);
});

test("the quote modal closes with Cancel and Escape, checks the form, and submits a quote request", async ({ page }) => {
  const { rows } = await solarPanels(page);
  await page.goto(`/product/${rows[0]?.product_id}`);
  const open = page.getByRole("button", { name: "Request a Quote" });
  const dialog = page.getByRole("dialog", { name: "Request a Quote" });

  await open.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await expect(dialog.getByLabel("Name")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await open.click();
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.getByText("Name is required.")).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(dialog.getByLabel("Phone")).toHaveAttribute("type", "tel");
  await expect(dialog.getByLabel("Quantity")).toHaveValue("1");

  await dialog.getByLabel("Name").fill("Tariro Moyo");
  await dialog.getByLabel("Address").fill("4 Borrowdale Road, Harare");
  await dialog.getByLabel("Email").fill("tariro@example.com");
  await dialog.getByLabel("Phone").fill("+263 77 123 4567");
  await dialog.getByLabel("Quantity").fill("3");
  await dialog.getByLabel(/Notes/).fill("Roof faces north.");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Your quote request has been submitted successfully!")).toBeVisible();
  await expect(dialog).toBeHidden();
});

test("the cart says so when the browser refuses to store it", async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem(
      "cart",
      JSON.stringify({ items: [{ productId: 1, productName: "A", image: "", quantity: 2 }], expires: Date.now() + 86_400_000 }),
    );
    Storage.prototype.setItem = () => {
      throw new DOMException("quota", "QuotaExceededError");
    };
  });
  await page.goto("/cart");
  await page.getByRole("button", { name: "Increase quantity of A" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to update quantity." })).toBeVisible();
  await page.getByRole("button", { name: "Remove A" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to delete product." })).toBeVisible();
});

test("the cart page says 'Failed to load cart items.' when storage cannot be read", async ({ page }) => {
  await page.addInitScript(() => {
    Storage.prototype.getItem = () => {
      throw new DOMException("denied", "SecurityError");
    };
  });
  await page.goto("/cart");
  await expect(page.getByText("Failed to load cart items.")).toBeVisible();
});
