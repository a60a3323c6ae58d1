import type { Page } from "@playwright/test";
import { DEMO, expect, login, test } from "./fixtures.ts";

// Decision 009: visitors' catalogue and content pages load their scripts on first use.

/** Counts the scripts the page fetches. */
function countScripts(page: Page): { readonly count: number } {
  const seen = { count: 0 };
  page.on("request", (r) => {
    if (r.resourceType() === "script") seen.count++;
  });
  return seen;
}

const isHydrated = (page: Page) => page.evaluate(() => (window as Window & { __hydrated?: boolean }).__hydrated === true);

test("a visitor's product page loads no script until it is used, and is hydrated once the pointer moves over it", async ({ page }) => {
  const scripts = countScripts(page);
  await page.goto("/product/1", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(scripts.count).toBe(0);
  expect(await isHydrated(page)).toBe(false);
  // Links work as links meanwhile.
  await page.mouse.move(100, 200);
  await expect.poll(() => isHydrated(page)).toBe(true);
  expect(scripts.count).toBeGreaterThan(0);
});

test("a tap on Add to Cart before the page is hydrated is not lost", async ({ page }) => {
  await page.goto("/product/1", { waitUntil: "networkidle" });
  expect(await isHydrated(page)).toBe(false);
  // The click itself is the first use: it is held while the scripts load, then carried out.
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Product added to cart!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
});

test("a key press is a first use too: the keyboard reaches the page's handlers", async ({ page }) => {
  await page.goto("/product/1", { waitUntil: "networkidle" });
  await page.keyboard.press("Tab");
  await expect.poll(() => isHydrated(page)).toBe(true);
});

test("the cart page draws itself from its inline script, and signed-in people's pages start their scripts at once", async ({ page }) => {
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  expect(await isHydrated(page)).toBe(false);
  await login(page, DEMO.dealer);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.goto("/product/1");
  await expect.poll(() => isHydrated(page)).toBe(true);
});

test("when the scripts never come, a form sent before hydration still posts, and nothing typed is lost", async ({ page }) => {
  test.setTimeout(45_000);
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Get in Touch" });
  await form.getByLabel("Full Name").fill("Nyasha Moyo");
  await form.getByLabel("Email").fill("nyasha@example.com");
  await form.getByLabel("Notes (optional)").fill("A 10 kVA system for a rural clinic near Masvingo.");
  const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/contact", { timeout: 20_000 });
  await form.getByRole("button", { name: "Send Message" }).click();
  expect((await posted).postData()).toContain("Nyasha+Moyo");
  await expect(page.getByText("Thank you! Your message has been sent. We will get back to you soon.")).toBeVisible();
  expect(await isHydrated(page)).toBe(false);
});

test("a returning visitor's cart count is in the header before the page's scripts run", async ({ page }) => {
  await page.goto("/faqs", { waitUntil: "networkidle" });
  await page.evaluate(() => {
    const items = [
      { productId: 1, productName: "A", image: "", quantity: 2 },
      { productId: 2, productName: "B", image: "", quantity: 1 },
    ];
    localStorage.setItem("cart", JSON.stringify({ items, expires: Date.now() + 86_400_000 }));
  });
  const scripts = countScripts(page);
  await page.goto("/products", { waitUntil: "networkidle" });
  expect(scripts.count).toBe(0);
  const cart = page.getByRole("banner").getByRole("link", { name: "Cart, 3 items" });
  await expect(cart).toBeVisible();
  await expect(cart.locator("[data-count='3']")).toBeVisible();
  // React takes over with the same count.
  await page.mouse.move(1, 1);
  await expect.poll(() => isHydrated(page)).toBe(true);
  await expect(cart).toBeVisible();
  await expect(cart.locator("[data-count='3']")).toBeVisible();
});
