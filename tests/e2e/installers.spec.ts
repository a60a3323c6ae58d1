import { DEMO, expect, login, test, testCompany } from "./fixtures.ts";
import { hydrated } from "./support/hydration.ts";

// The certified installer directory. The map's provinces are submit buttons of the page's GET form:
// a visitor filters by pointer or by keyboard and the page comes back filtered, the province marked pressed.

test("a visitor filters the installers by a province on the map with the pointer", async ({ page }) => {
  await page.goto("/installers");
  const cards = page.getByRole("listitem").filter({ has: page.getByText("Verified dealer") });
  await expect(cards).toHaveCount(8);
  const masvingo = page.getByRole("button", { name: /^Masvingo: 2 installers$/ });
  await expect(masvingo).toHaveAttribute("aria-pressed", "false");
  // A point inside Masvingo's outline (view box 1000 × 917): the outline itself takes the pointer.
  const map = page.locator("[data-province=masvingo]");
  const box = await map.boundingBox();
  if (!box) throw new Error("the map is not drawn");
  await page.mouse.click(box.x + (760 / 1000) * box.width, box.y + (640 / 917) * box.height);
  await page.waitForURL(/province=masvingo/);
  await expect(page.getByRole("heading", { name: "Installers in Masvingo" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Masvingo:/ })).toHaveAttribute("aria-pressed", "true");
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole("heading", { name: "Great Zimbabwe Energy" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Midlands Sun Power" })).toBeVisible();
});

test("a visitor reaches a province with Tab and presses it with Enter; an empty province says so", async ({ page }) => {
  await page.goto("/installers");
  await page.getByText("Press a province to see the installers who work there.").click();
  let name = "";
  for (let i = 0; i < 30 && !name.startsWith("Matabeleland North"); i++) {
    await page.keyboard.press("Tab");
    name = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
  }
  expect(name).toBe("Matabeleland North: 0 installers");
  await page.keyboard.press("Enter");
  await page.waitForURL(/province=matabeleland-north/);
  await expect(page.getByRole("button", { name: /^Matabeleland North:/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("No verified installer serves Matabeleland North yet.")).toBeVisible();
  await page.getByRole("link", { name: "See every installer" }).click();
  await expect(page.getByRole("heading", { name: "All verified installers" })).toBeVisible();
});

test("an installer's profile shows its portfolio, contact and LocalBusiness data", async ({ page }) => {
  await page.goto("/installers/sunrise-solar");
  await expect(page.getByRole("heading", { level: 1, name: "Sunrise Solar" })).toBeVisible();
  await expect(page.getByText("Verified dealer").first()).toBeVisible();
  const portfolio = page.getByRole("region", { name: "Installations" });
  await expect(portfolio.getByRole("listitem")).toHaveCount(2);
  await expect(portfolio.getByText("5kW · Greendale, Harare")).toBeVisible();
  await expect(portfolio.getByRole("img").first()).toHaveAttribute("loading", "lazy");
  await expect(page.getByRole("link", { name: "WhatsApp Sunrise Solar" })).toHaveAttribute("href", "https://wa.me/263772123456");
  // Never the end customer's contact.
  await expect(page.locator("body")).not.toContainText("moyo.family@example.com");
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent()) ?? "{}");
  expect(ld).toMatchObject({
    "@type": "LocalBusiness",
    name: "Sunrise Solar",
    address: { addressLocality: "Harare", addressRegion: "Harare" },
    telephone: "+263 242 700 123",
  });
  expect(ld.url).toMatch(/\/installers\/sunrise-solar$/);
  expect(ld.areaServed).toEqual(expect.arrayContaining([{ "@type": "AdministrativeArea", name: "Mashonaland East" }]));
  const missing = await page.goto("/installers/kopje-energy");
  expect(missing?.status()).toBe(404);
});

test("a dealer opts in on /dealer/profile and appears in the directory, then opts out again", async ({ page }) => {
  // A company of the test's own, not yet listed.
  await login(page, DEMO.dealer);
  const name = testCompany().tradingName;
  await page.goto("/installers?province=harare");
  await expect(page.getByRole("heading", { name })).toHaveCount(0);

  await page.goto("/dealer/profile");
  await hydrated(page);
  const panel = page.getByRole("region", { name: "Public profile" });
  const publish = panel.getByRole("checkbox", { name: "Show my company in the installer directory" });
  const save = panel.getByRole("button", { name: "Save public profile" });
  await publish.check();
  await panel.getByLabel("City or town").fill("Harare");
  await panel.getByLabel("Home province").selectOption({ label: "Harare" });
  await save.click();
  await expect(panel.getByText("Your public profile is saved.")).toBeVisible();
  await expect(panel.getByText(/^Listed in the directory/)).toBeVisible();
  // Signed in, the directory is drawn fresh (no shared copy).
  await page.goto("/installers?province=harare");
  await expect(page.getByRole("heading", { name })).toBeVisible();

  await page.goto("/dealer/profile");
  await hydrated(page);
  await publish.uncheck();
  await save.click();
  await expect(panel.getByText("Your public profile is saved.")).toBeVisible();
  await expect(panel.getByText(/^Not published/)).toBeVisible();
  await page.goto("/installers?province=harare");
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
});

test("the directory and each listed profile are in the sitemap, with a canonical address and link-preview tags", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  expect(locs).toEqual(expect.arrayContaining(["/installers", "/installers/sunrise-solar", "/installers/zambezi-power"]));
  expect(locs).not.toContain("/installers/kopje-energy");
  const html = await (await request.get("/installers/sunrise-solar?utm_source=whatsapp")).text();
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/installers\/sunrise-solar"\/>/);
  expect(html).toMatch(/<meta property="og:title" content="Sunrise Solar, solar installer in Harare \| [^"]+"\/>/);
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/media\/installers\/[^"]+\.webp"\/>/);
});

/** Each province's label on the map: its name and count, readable (at least 11 px), apart from the others, on the map. */
async function expectProvinceLabels(page: import("@playwright/test").Page) {
  await page.goto("/installers");
  const map = page.locator("[data-province=harare]").locator("..");
  const frame = await map.boundingBox();
  if (!frame) throw new Error("the map is not drawn");
  const labels = page.locator("[data-province-label]");
  await expect(labels).toHaveCount(10);
  await expect(page.locator("[data-province-label=mashonaland-central]")).toHaveText(/^Mashonaland\s*Central\s*\d+$/);
  await expect(page.locator("[data-province-label=masvingo]")).toHaveText(/^Masvingo\s*2$/);
  const boxes = await labels.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return {
        slug: (el as HTMLElement).dataset.provinceLabel,
        left: r.left,
        right: r.right,
        top: r.top,
        bottom: r.bottom,
        size: parseFloat(getComputedStyle(el).fontSize),
      };
    }),
  );
  const scroll = await page.evaluate(() => ({ x: scrollX, y: scrollY }));
  for (const b of boxes) {
    expect(b.size, `${b.slug}: font size`).toBeGreaterThanOrEqual(11);
    expect(b.left + scroll.x, `${b.slug} within the map`).toBeGreaterThanOrEqual(frame.x - 1);
    expect(b.right + scroll.x, `${b.slug} within the map`).toBeLessThanOrEqual(frame.x + frame.width + 1);
    for (const o of boxes) {
      if (o.slug === b.slug) continue;
      const apart = b.right <= o.left || o.right <= b.left || b.bottom <= o.top || o.bottom <= b.top;
      expect(apart, `${b.slug} and ${o.slug} overlap`).toBe(true);
    }
  }
}

test("each province on the map is labelled with its name and count, apart and readable (desktop)", async ({ page }) => {
  await expectProvinceLabels(page);
});

test("each province on the map is labelled with its name and count, apart and readable @phone", async ({ page }) => {
  await expectProvinceLabels(page);
});

test("the filter's address carries no empty or repeated province, with the script and without it", async ({ page }) => {
  await page.goto("/installers");
  // "All provinces" and a service: no province= at all.
  await page.getByRole("checkbox", { name: "Solar borehole pumps" }).check();
  await page.getByRole("button", { name: "Show installers" }).click();
  await page.waitForURL(/\/installers\?/);
  expect(new URL(page.url()).search).toBe("?service=borehole");
  // A province pressed on the map while the select says "All provinces": that province once.
  await page.getByRole("button", { name: /^Harare:/ }).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(/province=harare/);
  expect(new URL(page.url()).searchParams.getAll("province")).toEqual(["harare"]);
  // The same form sent without the page's script: the server sends the browser on to the clean address.
  const sent = await page.request.get("/installers?province=&service=borehole", { maxRedirects: 0 });
  expect(sent.status()).toBe(302);
  expect(sent.headers().location).toBe("/installers?service=borehole");
  const both = await page.request.get("/installers?province=midlands&province=", { maxRedirects: 0 });
  expect(both.headers().location).toBe("/installers?province=midlands");
});
