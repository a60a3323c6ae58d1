import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { enhanced, holdEnhanceScript, hydrated, tasksDone } from "./support/hydration.ts";

async function firstId(request: APIRequestContext, url: string): Promise<number> {
  const list = await (await request.get(url)).json();
  return list[0].id;
}

/** Demo content each page must carry in its first response, before any script runs. */
async function pagesWithContent(request: APIRequestContext): Promise<[string, string[]][]> {
  // By title: the admin tests add blogs (newest first) while this runs.
  const blogs: { id: number; title: string }[] = await (await request.get("/api/blogs/")).json();
  const blogId = blogs.find((b) => b.title === "How to size a solar system for load-shedding")?.id;
  const caseStudyId = await firstId(request, "/api/case-study");
  return [
    ["/", ["Solar power for Zimbabwe", "Explore Now", "Get a Free Quote", "Chiedza M.", 'href="/category/switch-gear"']],
    ["/about", ["Our Story", "Tatenda Mukwena", "Renewable Energy Installer of the Year", "ZERA Solar Installer Licence", "Integrity"]],
    ["/blogs", ["How to size a solar system for load-shedding", "Blessing Ndlovu"]],
    [
      `/blog/${blogId}`,
      ["How to size a solar system for load-shedding", "Ask us for a free quotation and we will do the arithmetic with you."],
    ],
    ["/case-studies", ["Marondera Tobacco Estate", "Gokwe Rural Clinic"]],
    [
      `/case-study/${caseStudyId}`,
      ["Marondera Tobacco Estate", "Marondera, Mashonaland East", "40kW", 'href="https://www.youtube.com/watch?v=x7Kq9TnP2aB"'],
    ],
    ["/insights", ["Recent", "Trending", "Expert Opinion", "News", "Why LiFePO4 batteries are taking over"]],
    ["/faqs", ["How long does an installation take?", "Most home systems are installed in one day."]],
  ];
}

test("each content page carries its demo content in the server-rendered HTML", async ({ request }) => {
  for (const [path, texts] of await pagesWithContent(request)) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    for (const text of texts) expect(html, `${path}: ${text}`).toContain(text);
  }
});

test("the free quote link opens a WhatsApp chat with a prefilled message in a new tab", async ({ page }) => {
  await page.goto("/");
  const link = page.getByRole("link", { name: /Get a Free Quote/ });
  await expect(link).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=.+/);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  await expect(page.getByRole("link", { name: /Explore Now/ })).toHaveAttribute("href", "/products");
});

// Decision 013: visitors' pages are sent without React, so following a link loads the next page whole.
test("the content pages show their content when their links are followed", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });

  await nav.getByRole("link", { name: "About Us" }).click();
  await expect(page.getByRole("heading", { name: "Our Team" })).toBeVisible();
  await expect(page.getByText("Rutendo Chikore")).toBeVisible();
  await expect(page.getByRole("link", { name: /ISO 9001:2015 Quality Management/ })).toHaveAttribute("download", "");

  await nav.getByRole("link", { name: "Insights & News", exact: true }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page.getByRole("heading", { name: "Expert Opinion" })).toBeVisible();
  // The demo's articles are pages of this site: plain links, without the external-link icon or a new tab.
  const article = page.getByRole("link", { name: "Why LiFePO4 batteries are taking over", exact: true });
  await expect(article).toHaveAttribute("href", /^\/blog\/\d+$/);
  await expect(article).not.toHaveAttribute("target", /.*/);
  await expect(article.locator("svg")).toHaveCount(0);

  await page.getByRole("main").getByRole("link", { name: "Blogs", exact: true }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await page.getByRole("link", { name: "Lithium or gel: choosing the right battery" }).click();
  await expect(page).toHaveURL(/\/blog\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lithium or gel: choosing the right battery");
  await expect(page.getByText("it needs no maintenance")).toBeVisible();
  await expect(page).toHaveTitle("Lithium or gel: choosing the right battery | Solar Demo");

  await page.getByRole("link", { name: "Back to all blogs" }).first().click();
  await expect(page).toHaveURL(/\/blogs$/);

  await page.goBack();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/insights$/);
  await page.getByRole("main").getByRole("link", { name: "Case Studies", exact: true }).click();
  await expect(page).toHaveURL(/\/case-studies$/);
  await page.getByRole("link", { name: "Avondale Shopping Centre" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Avondale Shopping Centre");
  await expect(page.getByText("120kW")).toBeVisible();

  await page.getByRole("contentinfo").getByRole("link", { name: "FAQs" }).click();
  await expect(page).toHaveURL(/\/faqs$/);
  const question = page.getByText("Do you offer payment plans?");
  const answer = page.getByText("We work with partner banks");
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
});

test("an unknown case study or blog answers 404 with a message and a way back", async ({ page, request }) => {
  const res = await request.get("/case-study/999999");
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain("Case study not found.");
  expect((await request.get("/blog/999999")).status()).toBe(404);
  expect((await request.get("/blog/not-a-number")).status()).toBe(404);

  await page.goto("/case-study/999999");
  await expect(page.getByText("Case study not found.", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Back to all case studies" }).click();
  await expect(page).toHaveURL(/\/case-studies$/);
});

/** Slides whose whole box lies inside the carousel's viewport. */
async function slidesInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const viewport = document.querySelector("[data-carousel-viewport]");
    if (!viewport) return -1;
    const box = viewport.getBoundingClientRect();
    return [...viewport.querySelectorAll("[data-slide]")].filter((slide) => {
      const r = slide.getBoundingClientRect();
      return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
    }).length;
  });
}

for (const [width, expected] of [
  [1280, 3],
  [700, 2],
  [375, 1],
] as const) {
  test(`the testimonials carousel shows ${expected} slide(s) at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await page.locator("[data-carousel-viewport]").scrollIntoViewIfNeeded();
    await expect.poll(() => slidesInView(page)).toBe(expected);
  });
}

test("the carousel's Next button moves the testimonials on", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const viewport = page.locator("[data-carousel-viewport]");
  await viewport.scrollIntoViewIfNeeded();
  expect(await viewport.evaluate((el) => el.scrollLeft)).toBe(0);
  await page.getByRole("button", { name: "Next testimonials" }).click();
  await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: "Previous testimonials" })).toBeVisible();
});

test("the testimonials move on every 10 s, except under the pointer or when the visitor prefers less motion", async ({ page }) => {
  // Counts the carousel's moves: what the autoplay did is read at once after the clock runs, with no sleep.
  await page.addInitScript(() => {
    const w = window as unknown as { __carouselMoves: number };
    w.__carouselMoves = 0;
    const scrollTo = Element.prototype.scrollTo as (this: Element, ...args: unknown[]) => void;
    Element.prototype.scrollTo = function (this: Element, ...args: unknown[]) {
      if (this.hasAttribute("data-carousel-viewport")) w.__carouselMoves++;
      scrollTo.apply(this, args);
    } as typeof Element.prototype.scrollTo;
  });
  const moves = () => page.evaluate(() => (window as unknown as { __carouselMoves: number }).__carouselMoves);
  await page.clock.install();
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  // The page's clock stands still from here: the carousel's 10 s start when it starts, however long the machine takes
  // to load and run the scripts (an installed clock otherwise runs on with real time).
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  const viewport = page.locator("[data-carousel-viewport]");
  const scrollLeft = () => viewport.evaluate((el) => el.scrollLeft);
  // The rotation starts at the pointer's first move over the page (its first sign of use), the page's script there.
  await page.mouse.move(1, 1);
  await expect.poll(() => enhanced(page)).toBe(true);
  await tasksDone(page);
  await page.clock.runFor(9_000);
  expect(await moves()).toBe(0);
  expect(await scrollLeft()).toBe(0);
  await page.clock.runFor(1_500);
  expect(await moves()).toBe(1);
  await expect.poll(scrollLeft).toBeGreaterThan(0);

  // Under the pointer it stays.
  await viewport.hover();
  await tasksDone(page);
  await page.clock.runFor(25_000);
  expect(await moves()).toBe(1);

  // Away from it, for a visitor who prefers less motion, it stays too.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await tasksDone(page);
  await page.mouse.move(1, 1);
  await tasksDone(page);
  await page.clock.runFor(25_000);
  expect(await moves()).toBe(1);
});

test("every Insights article leads to a page of this site that answers, with no external-link icon", async ({ page, request }) => {
  await page.goto("/insights");
  const links = page.getByRole("main").locator("section li h3 a");
  await expect(links).toHaveCount(12);
  for (const link of await links.all()) {
    const href = (await link.getAttribute("href")) as string;
    expect(href).toMatch(/^\/[^/]/);
    expect((await request.get(href)).status(), href).toBe(200);
    await expect(link.locator("svg")).toHaveCount(0);
  }
  await expect(page.getByRole("main").getByText("(opens in a new tab)")).toHaveCount(0);
});

test("the case study's video is a poster with its title, and the player loads only when it is pressed", async ({ page, request }) => {
  const id = await firstId(request, "/api/case-study");
  const videoSite: string[] = [];
  await page.route(/youtube(-nocookie)?\.com|ytimg\.com/, (route) => {
    videoSite.push(route.request().url());
    return route.fulfill({ contentType: "text/html", body: "<p>Player</p>" });
  });
  await page.goto(`/case-study/${id}`);
  await page.waitForLoadState("networkidle");
  const poster = page.getByRole("link", { name: "Play the video: Marondera Tobacco Estate" });
  await expect(poster).toHaveAttribute("href", "https://www.youtube.com/watch?v=x7Kq9TnP2aB");
  await expect(poster.locator("img")).toHaveAttribute("src", /^\/media\/caseStudyImages\//);
  await expect(poster.locator("img")).toHaveJSProperty("complete", true);
  expect(await poster.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator("iframe")).toHaveCount(0);
  expect(videoSite).toEqual([]);

  await hydrated(page);
  await poster.click();
  const player = page.locator('iframe[title="Video: Marondera Tobacco Estate"]');
  await expect(player).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/x7Kq9TnP2aB?autoplay=1");
  await expect(player).toBeVisible();
  await expect.poll(() => videoSite).toEqual(["https://www.youtube-nocookie.com/embed/x7Kq9TnP2aB?autoplay=1"]);
  await expect(page).toHaveURL(new RegExp(`/case-study/${id}$`));
});

test("the case study gallery's Next button changes the image", async ({ page, request }) => {
  const id = await firstId(request, "/api/case-study");
  await page.goto(`/case-study/${id}`);
  await page.waitForLoadState("networkidle");
  const gallery = page.getByRole("region", { name: /photos$/ });
  const image = gallery.getByRole("img");
  const first = await image.getAttribute("src");
  await expect(gallery.getByText("Photo 1 of 3")).toBeVisible();
  await gallery.getByRole("button", { name: "Next" }).click();
  await expect(gallery.getByText("Photo 2 of 3")).toBeVisible();
  await expect(image).not.toHaveAttribute("src", first ?? "");
  await gallery.getByRole("button", { name: "Previous" }).click();
  await expect(image).toHaveAttribute("src", first ?? "");
});

test("the carousel's buttons tapped before the page's script has come are answered once it comes, and pause the rotation", async ({
  page,
}) => {
  const release = await holdEnhanceScript(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const viewport = page.locator("[data-carousel-viewport]");
  await page.getByRole("button", { name: "Next testimonials" }).click();
  expect(await enhanced(page)).toBe(false);
  expect(await viewport.evaluate((el) => el.scrollLeft)).toBe(0);
  await release();
  await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  // Previous from the first slide wraps round to the end.
  await viewport.evaluate((el) => el.scrollTo({ left: 0 }));
  await page.getByRole("button", { name: "Previous testimonials" }).click();
  await expect.poll(() => viewport.evaluate((el) => Math.abs(el.scrollWidth - el.clientWidth - el.scrollLeft))).toBeLessThanOrEqual(2);
  const toggle = page.getByRole("button", { name: "Pause automatic rotation" });
  await toggle.click();
  await expect(page.getByRole("button", { name: "Start automatic rotation" })).toBeVisible();
  await page.getByRole("button", { name: "Start automatic rotation" }).click();
  await expect(toggle).toBeVisible();
});

test("the case study gallery's Next tapped before the page's script has come is answered once it comes", async ({ page, request }) => {
  const id = await firstId(request, "/api/case-study");
  const release = await holdEnhanceScript(page);
  await page.goto(`/case-study/${id}`, { waitUntil: "domcontentloaded" });
  const gallery = page.getByRole("region", { name: /photos$/ });
  await gallery.getByRole("button", { name: "Next" }).click();
  expect(await enhanced(page)).toBe(false);
  await expect(gallery.getByText("Photo 1 of 3")).toBeVisible();
  await release();
  await expect(gallery.getByText("Photo 2 of 3")).toBeVisible();
  await expect(gallery.getByRole("img", { name: /, photo 2 of 3$/ })).toBeVisible();
});
