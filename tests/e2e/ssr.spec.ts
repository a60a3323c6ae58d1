import { DEMO, expect, login, test } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";

test("the home page's text is in the first response, before any script runs", async ({ request }) => {
  const res = await request.get("/");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/html");
  const html = await res.text();
  expect(html).toMatch(/<title>Home \| [^<]+<\/title>/);
  expect(html).toContain('id="main"');
  expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  expect(res.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the home page renders its heading and navigation", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "About Us" }).first()).toBeVisible();
  });
});

test("an unknown path redirects to the home page", async ({ page }) => {
  await page.goto("/this/does/not/exist");
  await expect(page).toHaveURL(/\/$/);
});

test("hashed assets are cached for a year and public files live under /media", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const res = await request.get(asset as string);
  expect(res.headers()["cache-control"]).toContain("immutable");
  const product = (await (await request.get("/api/products/get-product-by-category/1?page=1&pageSize=1")).json()).rows[0];
  const image = await request.get(`/media/products/${product.images.split(",")[0]}`);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["cache-control"]).toContain("max-age=31536000");
});

test("pages hydrate without errors in the browser console", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  for (const path of ["/", "/products", "/login", "/dealer"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  // A client-side navigation proves the app hydrated and took over the links.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page).toHaveTitle("About Us | Solar Demo");
  expect(errors).toEqual([]);
});

test("robots.txt keeps the back office, the dealer area and the API out, lets the dealer landing page in, and names the sitemap", async ({
  request,
}) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/plain");
  const text = await res.text();
  for (const path of ["/admin", "/dealer/", "/api"]) expect(text).toContain(`Disallow: ${path}\n`);
  // The programme's landing page is public and belongs in search results (Lighthouse SEO: is-crawlable).
  expect(text).not.toMatch(/^Disallow: \/dealer$/m);
  expect(text).toMatch(/^Sitemap: http:\/\/[^/]+\/sitemap\.xml$/m);
});

test("pages carry a canonical URL and link-preview tags in the first response", async ({ request }) => {
  const html = await (await request.get("/about?utm_source=whatsapp")).text();
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/about"\/>/);
  expect(html).toMatch(/<meta property="og:url" content="http:\/\/[^"]+\/about"\/>/);
  expect(html).toContain('<meta property="og:title" content="About Us | Solar Demo"/>');
  expect(html).toMatch(/<meta name="twitter:card" content="summary(_large_image)?"\/>/);
  expect(html).toMatch(/<meta name="description" content="[^"]{20,}"\/>/);
  const paged = await (await request.get("/category/solar-panels?page=2&pageSize=6&ref=x")).text();
  expect(paged).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/category\/solar-panels\?page=2&amp;pageSize=6"\/>/);
});

test("sitemap.xml lists the public pages, every category, product, blog and case study", async ({ request }) => {
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/xml");
  const xml = await res.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  for (const path of [
    "/",
    "/about",
    "/products",
    "/insights",
    "/blogs",
    "/case-studies",
    "/faqs",
    "/contact",
    "/dealer",
    "/solar-calculator",
    "/compare",
    "/category/solar-panels",
    "/category/switch-gear",
  ]) {
    expect(locs).toContain(path);
  }
  const count = async (url: string) => (await (await request.get(url)).json()) as unknown;
  const products = (await count("/api/products/get-all-products?page=1&pageSize=100")) as { count: number };
  expect(locs.filter((p) => p.startsWith("/product/"))).toHaveLength(products.count);
  expect(locs.filter((p) => p.startsWith("/blog/"))).toHaveLength(((await count("/api/blogs/")) as unknown[]).length);
  expect(locs.filter((p) => p.startsWith("/case-study/"))).toHaveLength(((await count("/api/case-study")) as unknown[]).length);
  expect(locs.some((p) => p.startsWith("/admin") || p.startsWith("/dealer/"))).toBe(false);
});

test("a shared product link previews its name, description and image", async ({ request }) => {
  const product = (await (await request.get("/api/products/get-product-by-category/1?page=1&pageSize=1")).json()).rows[0];
  const html = await (await request.get(`/product/${product.product_id}`)).text();
  expect(html).toContain(`<meta property="og:title" content="${product.product_name} | Solar Demo"/>`);
  expect(html).toContain('<meta property="og:type" content="product"/>');
  const image = html.match(/<meta property="og:image" content="([^"]+)"\/>/)?.[1];
  // JPEG, which every messaging app reads, at the largest stored width.
  expect(image).toMatch(/^http:\/\/[^/]+\/media\/products\/.+-w1200\.jpg$/);
  const res = await request.get(image as string);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/jpeg");
});

/** The JSON-LD blocks of a page's HTML, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1] as string));
}

test("the home page describes the company, blogs and case studies are articles, in JSON-LD", async ({ request }) => {
  const [org] = jsonLd(await (await request.get("/")).text());
  expect(org).toMatchObject({ "@type": "Organization", name: "Solar Demo", telephone: expect.any(String) });
  expect(org?.url).toMatch(/^http:\/\/[^/]+\/$/);
  const blog = (await (await request.get("/api/blogs/")).json())[0];
  const [article] = jsonLd(await (await request.get(`/blog/${blog.id}`)).text());
  expect(article).toMatchObject({ "@type": "Article", headline: blog.title, author: { name: blog.author } });
  expect(article?.image).toEqual([expect.stringMatching(/\/media\/blogs\/.+-w1200\.jpg$/)]);
  const study = (await (await request.get("/api/case-study")).json())[0];
  const [studyLd] = jsonLd(await (await request.get(`/case-study/${study.id}`)).text());
  expect(studyLd).toMatchObject({ "@type": "Article", headline: study.projectName });
});

test("a product's JSON-LD carries no price for visitors and the dealer price for a dealer", async ({ page, request }) => {
  const product = (await (await request.get("/api/products/get-product-by-category/1?page=1&pageSize=1")).json()).rows[0];
  const [visitorLd] = jsonLd(await (await request.get(`/product/${product.product_id}`)).text());
  expect(visitorLd).toMatchObject({ "@type": "Product", name: product.product_name, sku: product.sku });
  expect(visitorLd).not.toHaveProperty("offers");
  expect(JSON.stringify(visitorLd)).not.toMatch(/price/i);

  await login(page, DEMO.dealer);
  await expect(page).toHaveURL(/\/dealer/);
  const dealerHtml = await (await page.request.get(`/product/${product.product_id}`)).text();
  const [dealerLd] = jsonLd(dealerHtml);
  expect(dealerLd?.offers).toMatchObject({ "@type": "Offer", priceCurrency: "USD", price: expect.stringMatching(/^\d+(\.\d+)?$/) });
});

test("images come as AVIF or WebP at every width, sized, lazy below the fold, the largest preloaded", async ({ page, request }) => {
  const product = (await (await request.get("/api/products/get-product-by-category/1?page=1&pageSize=1")).json()).rows[0];
  const html = await (await request.get(`/product/${product.product_id}`)).text();
  const main = product.images.split(",")[0].replace(/\.webp$/, "");
  // Phones preload and take at most the 800 px variant; larger screens every width.
  expect(html).toContain(
    `<link rel="preload" as="image" type="image/avif" media="(max-width: 767px)" imageSrcSet="/media/products/${main}-w400.avif 400w, /media/products/${main}-w800.avif 800w"`,
  );
  expect(html).toContain(
    `<link rel="preload" as="image" type="image/avif" media="(min-width: 768px)" imageSrcSet="/media/products/${main}-w400.avif 400w`,
  );
  expect(html).toMatch(
    new RegExp(
      `<source media="\\(max-width: 767px\\)" type="image/avif" srcSet="/media/products/${main}-w400\\.avif 400w, [^"]+-w800\\.avif 800w"`,
    ),
  );
  expect(html).toMatch(
    new RegExp(
      `<source type="image/avif" srcSet="/media/products/${main}-w400\\.avif 400w, [^"]+-w800\\.avif 800w, [^"]+-w1200\\.avif 1200w"`,
    ),
  );

  await page.goto("/category/solar-panels");
  const first = page.locator("main article img").first();
  await expect(first).toHaveAttribute("loading", "eager");
  await expect(first).toHaveAttribute("width", /\d+/);
  await expect(first).toHaveAttribute("height", /\d+/);
  await expect(page.locator("main article img").nth(5)).toHaveAttribute("loading", "lazy");
  // Chromium takes the AVIF source, at a width fitting the card rather than the largest.
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/-w(400|800)\.avif$/);
});

test("thumbnails come at the 288 px width: the gallery's and the cart's lines @phone", async ({ page }) => {
  await page.goto("/product/1");
  const thumbs = page.locator("[data-gallery-show] img");
  await expect(thumbs.first()).toBeVisible();
  await thumbs.last().scrollIntoViewIfNeeded();
  for (const thumb of await thumbs.all()) {
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/-w288\.avif$/);
  }
  await hydrated(page);
  await page.getByRole("main").getByRole("button", { name: "Add to Cart" }).first().click();
  await expect(page.getByText("Product added to cart!")).toBeVisible();
  await page.goto("/cart");
  const line = page.locator("[data-line] picture img").first();
  await expect.poll(() => line.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/-w288\.avif$/);
});

test("pages, JSON and the built assets are sent compressed", async ({ request }) => {
  const page = await request.get("/products", { headers: { "accept-encoding": "br, gzip" } });
  expect(page.headers()["content-encoding"]).toBe("br");
  const api = await request.get("/api/products/get-all-products?page=1&pageSize=24", { headers: { "accept-encoding": "gzip" } });
  expect(api.headers()["content-encoding"]).toBe("gzip");
  const asset = (await page.text()).match(/\/assets\/[^"]+\.js/)?.[0] as string;
  const script = await request.get(asset, { headers: { "accept-encoding": "br" } });
  expect(script.headers()["content-encoding"]).toBe("br");
  expect(script.headers()["cache-control"]).toContain("immutable");
});

test("visitors get a kept copy of a shared page, each with a nonce of its own; signed-in users never do", async ({
  request,
  playwright,
  baseURL,
}) => {
  const nonces = async (res: import("@playwright/test").APIResponse) => {
    const html = await res.text();
    const inBody = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
    const inHeader = res.headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
    return { html, inBody, inHeader };
  };
  await request.get("/product/1");
  // Another worker's write empties the kept copies (any successful change does): ask again until one is kept.
  let second = await request.get("/product/1");
  for (let tries = 0; tries < 5 && second.headers()["x-cache"] !== "hit"; tries++) second = await request.get("/product/1");
  const third = await request.get("/product/1");
  expect(second.headers()["x-cache"]).toBe("hit");
  const a = await nonces(second);
  const b = await nonces(third);
  // The page is the same, its scripts' nonce is new each time and is the one the policy allows.
  expect([...a.inBody]).toEqual([a.inHeader]);
  expect([...b.inBody]).toEqual([b.inHeader]);
  expect(a.inHeader).not.toBe(b.inHeader);
  expect(a.html.replaceAll(a.inHeader as string, "")).toBe(b.html.replaceAll(b.inHeader as string, ""));

  // The page carries a validator of its content (not of its nonce); a browser that holds it gets 304 and no
  // policy, so it keeps the copy it has with the policy stored beside it.
  const etag = second.headers().etag as string;
  expect(etag).toMatch(/^W\/"/);
  expect(third.headers().etag).toBe(etag);
  const revalidated = await request.get("/product/1", { headers: { "if-none-match": etag } });
  expect(revalidated.status()).toBe(304);
  expect(revalidated.headers()["content-security-policy"]).toBeUndefined();
  expect(await revalidated.body()).toHaveLength(0);

  // A dealer's page (prices, their name) is rendered for them every time.
  const dealer = await playwright.request.newContext({ baseURL });
  const login = await dealer.post("/api/auth/login", {
    data: { user: "dealer", password: "demo-dealer-2026" },
    headers: { origin: baseURL as string },
  });
  expect(login.status()).toBe(200);
  const asDealer = await dealer.get("/product/1");
  expect(asDealer.headers()["x-cache"]).toBeUndefined();
  // Their prices (a visitor's copy has none): the page is theirs.
  // The demo dealer's own price (Silver) in the JSON-LD offer; a visitor's kept copy carries none.
  expect(await asDealer.text()).toContain('"price":"112.10"');
  expect(a.html).not.toContain('"price":"112.10"');
  expect(a.html).not.toContain('"price":"118.00"');
  await dealer.dispose();
});
