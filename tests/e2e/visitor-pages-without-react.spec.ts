import type { Page } from "@playwright/test";
import { DEMO, expect, login, test } from "./fixtures.ts";
import { holdEnhanceScript, tasksDone } from "./support/hydration.ts";

// Decision 013: visitors' pages are sent without React; the platform (CSS, popovers, forms, the inline loader) answers
// before any script file has come, and src/web/enhance/ adds the rest.

const ENHANCE = "**/assets/enhance-*.js";

/** Counts the script files the page fetches. */
function countScripts(page: Page): { readonly count: number; readonly urls: string[] } {
  const seen = { count: 0, urls: [] as string[] };
  page.on("request", (r) => {
    if (r.resourceType() !== "script") return;
    seen.count++;
    seen.urls.push(new URL(r.url()).pathname);
  });
  return seen;
}

const enhanced = (page: Page) => page.evaluate(() => (window as Window & { __enhanced?: boolean }).__enhanced === true);

for (const path of ["/product/1", "/login", "/signup", "/forgot-password"]) {
  test(`a visitor's page loads one small script and no React: ${path}`, async ({ page }) => {
    const scripts = countScripts(page);
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(scripts.urls).toHaveLength(1);
    expect(scripts.urls[0]).toMatch(/^\/assets\/enhance-[\w-]+\.js$/);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await expect.poll(() => enhanced(page)).toBe(true);
  });
}

test.describe("before any script has come", () => {
  test.beforeEach(async ({ page }) => {
    await page.route(ENHANCE, (route) => route.abort());
  });

  test("the Products menu opens on the pointer's first movement onto it, and on keyboard focus", async ({ page }) => {
    await page.goto("/", { waitUntil: "networkidle" });
    const nav = page.getByRole("navigation", { name: "Main" });
    const panels = nav.getByRole("link", { name: "Solar Panels" });
    await expect(panels).toBeHidden();
    const products = nav.getByRole("link", { name: "Products", exact: true });
    const box = await products.boundingBox();
    if (!box) throw new Error("the Products link has no box");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(panels).toBeVisible();
    // It closes once the pointer has left (after the spec's 200 ms).
    await page.mouse.move(box.x, box.y + 400);
    await expect(panels).toBeHidden();
    // The keyboard: focus on the link opens its menu, and Tab goes on into it.
    await products.focus();
    await expect(panels).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(panels).toBeFocused();
  });

  test("the phone menu opens from its button and closes with Escape @phone", async ({ page }) => {
    await page.goto("/products", { waitUntil: "networkidle" });
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Menu", exact: true }).tap();
    await expect(menu.getByRole("link", { name: "Solar Panels" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });

  test("changing items per page applies at once", async ({ page }) => {
    await page.goto("/category/solar-panels", { waitUntil: "networkidle" });
    await page.getByLabel("Items per page").selectOption("24");
    await expect(page).toHaveURL(/[?&]pageSize=24\b/);
    await expect(page.getByLabel("Items per page")).toHaveValue("24");
  });

  test("a contact form sent posts, and nothing typed is lost", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Get in Touch" });
    await form.getByLabel("Full Name").fill("Nyasha Moyo");
    await form.getByLabel("Email").fill("nyasha@example.com");
    await form.getByLabel("Notes (optional)").fill("A 10 kVA system for a rural clinic near Masvingo.");
    const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/contact");
    await form.getByRole("button", { name: "Send Message" }).click();
    expect((await posted).postData()).toContain("Nyasha+Moyo");
    await expect(page.getByText("Thank you! Your message has been sent. We will get back to you soon.")).toBeVisible();
  });

  test("a returning visitor's cart count is in the header", async ({ page }) => {
    await page.goto("/faqs", { waitUntil: "networkidle" });
    await page.evaluate(() => {
      const items = [
        { productId: 1, productName: "A", image: "", quantity: 2 },
        { productId: 2, productName: "B", image: "", quantity: 1 },
      ];
      localStorage.setItem("cart", JSON.stringify({ items, expires: Date.now() + 86_400_000 }));
    });
    await page.goto("/products", { waitUntil: "networkidle" });
    const cart = page.getByRole("banner").getByRole("link", { name: "Cart, 3 items" });
    await expect(cart).toBeVisible();
    await expect(cart.locator("[data-count='3']")).toBeVisible();
  });
});

test("a tap on Add to Cart before the script has come is answered by the page itself, and counted once", async ({ page }) => {
  const release = await holdEnhanceScript(page);
  // The held script holds the load event too: the page is there once its HTML is.
  await page.goto("/product/1", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Decision 028: the inline script in the head adds it and says so, with no script file yet.
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Product added to cart!")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  expect(await enhanced(page)).toBe(false);
  // The script, once come, neither adds it again nor loses it; a second tap is its own.
  await release();
  await expect.poll(() => enhanced(page)).toBe(true);
  await tasksDone(page);
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "null")?.items?.[0]?.quantity)).toBe(2);
});

test("a tap held for the script shows at once that it was taken, and is carried out when it comes", async ({ page }) => {
  const release = await holdEnhanceScript(page);
  await page.goto("/product/1", { waitUntil: "domcontentloaded" });
  const thumbnails = page.locator("[data-gallery-show]");
  test.skip((await thumbnails.count()) < 2, "the demo product has one picture");
  const second = thumbnails.nth(1);
  await second.click();
  await expect(second).toHaveAttribute("aria-busy", "true");
  await expect(second).toHaveCSS("cursor", "progress");
  await release();
  await expect(second).not.toHaveAttribute("aria-busy");
  await expect(second).toHaveAttribute("aria-pressed", "true");
});

test("items per page: the change sends the form before the rest of a long page or any script has come, and without scripts Show does", async ({
  page,
  browser,
}) => {
  const release = await holdEnhanceScript(page);
  await page.goto("/category/solar-panels", { waitUntil: "domcontentloaded" });
  // The loader in the head hides the button kept for browsers without scripts.
  await expect(page.getByRole("button", { name: "Show", exact: true })).toBeHidden();
  await page.getByLabel("Items per page").selectOption("24");
  await expect(page).toHaveURL(/[?&]pageSize=24\b/);
  await release();
  const noScripts = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await noScripts.newPage();
    await plain.goto(new URL("/category/solar-panels", page.url()).toString());
    await plain.getByLabel("Items per page").selectOption("48");
    await plain.getByRole("button", { name: "Show", exact: true }).click();
    await expect(plain).toHaveURL(/[?&]pageSize=48\b/);
  } finally {
    await noScripts.close();
  }
});

test("Add to Cart updates the count and says so; a second add raises the quantity", async ({ page }) => {
  await page.goto("/product/1");
  await expect.poll(() => enhanced(page)).toBe(true);
  const add = page.getByRole("button", { name: "Add to Cart" });
  await add.click();
  await expect(page.getByText("Product added to cart!")).toBeVisible();
  await add.click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
});

test("a dropdown's button toggles it and Escape closes it, back on the button", async ({ page }) => {
  await page.goto("/about");
  await expect.poll(() => enhanced(page)).toBe(true);
  const nav = page.getByRole("navigation", { name: "Main" });
  const toggle = nav.getByRole("button", { name: "Insights & News menu" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Case Studies" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(nav.getByRole("link", { name: "Case Studies" })).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
});

test("React's pages still hydrate: a signed-in dealer's area and checkout", async ({ page }) => {
  const isHydrated = () => page.evaluate(() => (window as Window & { __hydrated?: boolean }).__hydrated === true);
  await login(page, DEMO.dealer);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await expect.poll(isHydrated).toBe(true);
  await page.goto("/checkout");
  await expect.poll(isHydrated).toBe(true);
  // The product page is sent without React to dealers too, with their prices.
  await page.goto("/product/1");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
});
