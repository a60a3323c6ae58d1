import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { enhanced, holdEnhanceScript, hydrated, tasksDone } from "./support/hydration.ts";

/** Records every play() of an <audio> (the welcome sound) in window.__soundPlays, before any page script runs. */
async function recordSoundPlays(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __soundPlays: string[] };
    w.__soundPlays = [];
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (this instanceof HTMLAudioElement) w.__soundPlays.push(this.src);
      return play.call(this);
    };
  });
}

const soundPlays = (page: Page) => page.evaluate(() => (window as unknown as { __soundPlays: string[] }).__soundPlays);

test("the hero film starts once the page has loaded and is used, over its still, and can be paused", async ({ page }) => {
  await page.goto("/", { waitUntil: "networkidle" });
  const still = page.getByTestId("hero-video");
  expect(await still.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await hydrated(page);
  const video = page.getByTestId("hero-video");
  await expect(video).toHaveAttribute("poster", "/media/site/hero-poster.webp");
  await expect(video).toHaveAttribute("aria-hidden", "true");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  const pause = page.getByRole("button", { name: "Pause background video" });
  await pause.click();
  await expect(pause).toHaveAttribute("aria-pressed", "true");
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await pause.click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
});

test("a first tap that follows a link fetches no film and no welcome sound: the page is left before they would come", async ({ page }) => {
  const filmRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/hero.webm") || r.url().endsWith("/welcome.mp3")) filmRequests.push(r.url());
  });
  await page.goto("/", { waitUntil: "networkidle" });
  await hydrated(page);
  await page.getByRole("link", { name: /Explore Now/ }).click();
  await expect(page).toHaveURL(/\/products$/);
  await page.waitForLoadState("networkidle");
  expect(filmRequests).toEqual([]);
});

test("@phone a phone keeps the hero's still: the film is neither fetched nor played", async ({ page }) => {
  const filmRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/hero.webm")) filmRequests.push(r.url());
  });
  await page.goto("/", { waitUntil: "networkidle" });
  await hydrated(page);
  await page.mouse.wheel(0, 300);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("button", { name: "Pause background video" })).toBeHidden();
  expect(filmRequests).toEqual([]);
});

test.describe("for a visitor who prefers reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("the hero keeps its still: the film is neither fetched nor played", async ({ page }) => {
    const filmRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/hero.webm")) filmRequests.push(r.url());
    });
    await page.goto("/");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("button", { name: "Mute sound" })).toBeVisible();
    expect(await page.getByTestId("hero-video").evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await expect(page.getByRole("button", { name: "Pause background video" })).toHaveCount(0);
    expect(filmRequests).toEqual([]);
  });
});

test("the welcome sound plays once per browser session, on the first interaction, never looping", async ({ page }) => {
  await recordSoundPlays(page);
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Mute sound" })).toBeVisible();
  await tasksDone(page);
  expect(await soundPlays(page)).toEqual([]);

  await page.locator("main h1").click();
  await expect.poll(() => soundPlays(page)).toEqual([expect.stringMatching(/\/media\/site\/welcome\.mp3$/)]);
  await page.locator("main h1").click();
  await page.keyboard.press("Tab");
  await tasksDone(page);
  expect(await soundPlays(page)).toHaveLength(1);

  // The same session: a reload or a return to the page stays quiet.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Mute sound" })).toBeVisible();
  await page.locator("main h1").click();
  await tasksDone(page);
  expect(await soundPlays(page)).toEqual([]);
});

test("the mute button keeps the welcome sound silent, and is remembered", async ({ page }) => {
  await recordSoundPlays(page);
  await page.goto("/");
  await hydrated(page);
  const mute = page.getByRole("button", { name: "Mute sound" });
  await mute.click();
  await expect(mute).toHaveAttribute("aria-pressed", "true");
  await page.locator("main h1").click();
  await page.keyboard.press("Tab");
  await tasksDone(page);
  expect(await soundPlays(page)).toEqual([]);

  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Mute sound" })).toHaveAttribute("aria-pressed", "true");
  await page.locator("main h1").click();
  await tasksDone(page);
  expect(await soundPlays(page)).toEqual([]);
});

test("a press made while the page's script is still on its way is the first interaction: the welcome sound plays when it comes", async ({
  page,
}) => {
  await recordSoundPlays(page);
  const release = await holdEnhanceScript(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await page.locator("main h1").click();
  expect(await enhanced(page)).toBe(false);
  await release();
  await expect.poll(() => soundPlays(page)).toEqual([expect.stringMatching(/\/media\/site\/welcome\.mp3$/)]);
  await expect(page.getByRole("button", { name: "Mute sound" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("button", { name: "Pause background video" })).toBeVisible();
});
