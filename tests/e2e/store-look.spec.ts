import type { Page } from "@playwright/test";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { axeFindings } from "./support/axe.ts";

// One layout grid, a slim sticky phone header, category chips in one row, product cards that sell and
// a dealer cart with prices.

/** The public pages with a page heading of their own (sign-in forms and status pages are centred cards). */
const PUBLIC_PAGES = [
  "/",
  "/about",
  "/products",
  "/category/solar-panels",
  "/product/1",
  "/blogs",
  "/blog/1",
  "/case-studies",
  "/case-study/1",
  "/insights",
  "/faqs",
  "/contact",
  "/cart",
];

/** Where the page's h1 and the header's logo start, in CSS pixels from the left. */
async function starts(page: Page) {
  return page.evaluate(() => {
    const h1 = document.querySelector("h1")?.getBoundingClientRect();
    const logo = document.querySelector("header a[href='/']")?.getBoundingClientRect();
    const footer = document.querySelector("footer a, footer p")?.getBoundingClientRect();
    return {
      h1: h1 ? Math.round(h1.left) : null,
      logo: logo ? Math.round(logo.left) : null,
      footer: footer ? Math.round(footer.left) : null,
    };
  });
}

test("at 1280 px every public page's heading starts where the header's logo and the footer do", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const seen: Record<string, { h1: number | null; logo: number | null; footer: number | null }> = {};
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    seen[path] = await starts(page);
  }
  const expected = Object.fromEntries(PUBLIC_PAGES.map((p) => [p, { h1: 32, logo: 32, footer: 32 }]));
  expect(seen).toEqual(expected);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the slim header with the logo, Cart and Menu stays in view as the page scrolls; the top bar scrolls away", async ({ page }) => {
    for (const path of ["/", "/category/solar-panels", "/blog/1"]) {
      await page.goto(path);
      await page.evaluate(() => window.scrollTo(0, 1500));
      await page.waitForFunction(() => window.scrollY > 1000);
      const header = page.locator("header").first();
      const cart = header.getByRole("link", { name: /Cart/ }).last();
      const menu = header.getByRole("button", { name: "Menu" });
      await expect(cart, path).toBeInViewport();
      await expect(menu, path).toBeInViewport();
      const row = await header.evaluate((h) => {
        const box = h.getBoundingClientRect();
        return { top: Math.round(box.top), bottom: Math.round(box.bottom) };
      });
      // Sticky at −40 px: the 40 px top bar is above the screen, the 64 px row at its top.
      expect(row, path).toEqual({ top: -40, bottom: 64 });
    }
  });

  test("the category chips are one row that scrolls sideways, and the products are two to a row", async ({ page }) => {
    await page.goto("/category/solar-panels");
    const chips = page.getByRole("navigation", { name: "Product categories" }).getByRole("link");
    await expect(chips).toHaveCount(7);
    const tops = await chips.evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    // The first chip starts where the heading does, the last is reached by scrolling the row.
    const h1 = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(Math.round((await chips.first().boundingBox())?.x ?? -1)).toBe(Math.round(h1?.x ?? 0));
    await chips.last().scrollIntoViewIfNeeded();
    await expect(chips.last()).toBeInViewport();
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    const cards = page.getByRole("list", { name: "Products" }).getByRole("listitem");
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
    expect(a?.y).toBe(b?.y);
    expect((c?.y ?? 0) > (a?.y ?? 0)).toBe(true);
    expect((a?.width ?? 0) > 150).toBe(true);
  });
});

test("a visitor's product card: brand, name, key figure, the price cue, Add to Cart and Request a Quote", async ({ page }) => {
  await page.goto("/category/solar-panels");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "SunVolt 550W Bifacial" }) });
  await expect(card.getByText("SunVolt", { exact: true })).toBeVisible();
  await expect(card.getByText("550 W · 21.3 %")).toBeVisible();
  await expect(card.getByText("Dealer price after sign-in")).toBeVisible();
  await expect(card.getByText(/USD/)).toHaveCount(0);
  // No stars on any card: nobody has rated these products.
  await expect(page.getByText(/Rated \d out of 5/)).toHaveCount(0);

  await card.getByRole("button", { name: "Add to Cart SunVolt 550W Bifacial" }).click();
  await expect(page.locator("header [data-cart-link]").first()).toHaveAttribute("aria-label", "Cart, 1 item");

  await card.getByRole("link", { name: "Request a Quote for SunVolt 550W Bifacial" }).click();
  await expect(page).toHaveURL(/\/product\/\d+\?quote=1$/);
  const dialog = page.getByRole("dialog", { name: "Request a Quote" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("For SunVolt 550W Bifacial.")).toBeVisible();
  await expect(page.getByText("Dealer price after sign-in")).toBeVisible();
  // The quote form's own address is the plain product page: the canonical link leaves ?quote out.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/product\/\d+$/);
});

test("featured products are on the same cards, without stars", async ({ page }) => {
  await page.goto("/products");
  const featured = page.getByRole("region", { name: "Featured Products" });
  const first = featured.getByRole("listitem").first();
  await expect(first.getByText("Dealer price after sign-in")).toBeVisible();
  await expect(first.getByRole("button", { name: /^Add to Cart/ })).toBeVisible();
  await expect(featured.getByText(/Rated/)).toHaveCount(0);
});

test("a dealer's cards show their prices, unbroken; the cart shows unit prices, line totals and the subtotal in the chosen currency", async ({
  page,
}) => {
  await login(page, DEMO.dealer);
  // The ZWG price is the USD price at the rate in force, and the product page says which rate.
  await page.goto("/product/1");
  await expect(page.locator("[data-rate-note]")).toHaveText("ZWG at 26.8015 per USD, rate of 24 November 2026.");
  // Catalogue prices exclude VAT, and say so.
  await expect(page.locator("[data-vat-note]")).toHaveText("Prices exclude VAT: VAT is added at checkout at the rate in force.");
  await page.goto("/category/solar-panels");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "SunVolt 410W Mono PERC" }) });
  const price = card.locator("[data-card-price]");
  // The demo dealer's own price: Silver, 5 % off the list price of 118.00.
  await expect(price).toContainText("USD 112.10");
  await expect(price).toContainText("excl. VAT");
  await expect(card.getByText("Dealer price after sign-in")).toHaveCount(0);
  // An amount never breaks between its currency and its figure.
  for (const amount of await price.locator("span.tabular-nums").all()) {
    expect(await amount.evaluate((el) => el.getClientRects().length)).toBe(1);
  }
  await page.evaluate(() => localStorage.clear());
  await card.getByRole("button", { name: /^Add to Cart/ }).click();
  await card.getByRole("button", { name: /^Add to Cart/ }).click();
  await page.goto("/category/hybrid-inverters");
  const inverter = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "SunVolt Hybrid 3kW 24V" }) });
  await inverter.getByRole("button", { name: /^Add to Cart/ }).click();

  await page.goto("/cart");
  const panelLine = page.locator("[data-line]").filter({ hasText: "SunVolt 410W Mono PERC" });
  await expect(panelLine.locator("[data-line-unit]")).toHaveText("USD 112.10 each");
  await expect(panelLine.locator("[data-line-total]")).toHaveText("USD 224.20");
  const subtotal = page.locator("[data-summary-subtotal]");
  await expect(subtotal).toHaveText("USD 623.20");

  // A quantity changed: the line and the subtotal follow at once.
  await panelLine.getByRole("button", { name: /^Increase quantity/ }).click();
  await expect(panelLine.locator("[data-line-total]")).toHaveText("USD 336.30");
  await expect(subtotal).toHaveText("USD 735.30");

  // ZWG: the stored ZWG prices, remembered on the next visit and carried to checkout.
  await page.getByText("ZWG", { exact: true }).click();
  await expect(panelLine.locator("[data-line-unit]")).toHaveText(/^ZWG\s[\d,]+\.\d\d each$/);
  await expect(subtotal).toHaveText(/^ZWG\s[\d,]+\.\d\d$/);
  for (const amount of await page.locator("[data-line-total], [data-summary-subtotal], [data-line-unit]").all()) {
    expect(await amount.evaluate((el) => el.getClientRects().length)).toBe(1);
  }
  expect(await axeFindings(page, "dealer cart")).toEqual([]);
  await page.reload();
  await expect(page.getByRole("radio", { name: "ZWG" })).toBeChecked();
  await expect(subtotal).toHaveText(/^ZWG\s/);
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\?currency=ZWG$/);
  await expect(page.getByRole("radio", { name: "ZWG" })).toBeChecked();
});

test("the category page with its cards and the products page have no axe violations, for visitors and dealers", async ({ page }) => {
  const found: string[] = [];
  for (const path of ["/category/solar-panels", "/products"]) {
    await page.goto(path);
    found.push(...(await axeFindings(page, `visitor ${path}`)));
  }
  await login(page, DEMO.dealer);
  await page.goto("/category/energy-storage");
  found.push(...(await axeFindings(page, "dealer /category/energy-storage")));
  expect(found).toEqual([]);
});
