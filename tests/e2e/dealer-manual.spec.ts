import {
  DEALER_TOUR_TYPES,
  MANUAL_FILES,
  MANUAL_QUICK_START,
  MANUAL_SECTIONS,
  MANUAL_TIPS,
} from "../../src/web/features/dealer/manual-content.ts";
import { DEMO, expect, login, test } from "./fixtures.ts";

test.beforeEach(async ({ page }) => {
  await login(page, DEMO.dealer, "/login?redirectTo=%2Fdealer%2Fmanual");
  await expect(page).toHaveURL(/\/dealer\/manual$/);
});

test("the dealer manual shows four tour cards with Start buttons, the downloads, quick start, tips and support contacts", async ({
  page,
}) => {
  await expect(page.getByRole("heading", { level: 1, name: "Dealer Manual" })).toBeVisible();
  await expect(page).toHaveTitle(/^Dealer Manual – Dealer Registration \| /);

  const tours = page.getByRole("region", { name: "Guided Tours" });
  const cards = tours.getByRole("article");
  await expect(cards).toHaveCount(4);
  for (const [i, section] of MANUAL_SECTIONS.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole("heading", { level: 3, name: section.title })).toBeVisible();
    for (const tour of section.tours) {
      await expect(card.getByRole("heading", { name: tour.title })).toBeVisible();
      const start = card.getByRole("button", { name: `Start ${tour.title} tour` });
      await expect(start).toBeVisible();
      // "Start" on screen; the rest of the name is for screen readers.
      await expect(start).toHaveText(/^Start\b/);
      await expect(start).toHaveAttribute("data-tour-type", tour.type);
    }
  }
  await expect(tours.getByRole("button", { name: /^Start / })).toHaveCount(DEALER_TOUR_TYPES.length);

  const quickStart = page.getByRole("region", { name: "Quick Start" }).getByRole("listitem");
  await expect(quickStart).toHaveCount(4);
  for (const [i, step] of MANUAL_QUICK_START.entries()) {
    await expect(quickStart.nth(i)).toContainText(step.title);
    await expect(quickStart.nth(i)).toContainText(step.text);
  }

  const tips = page.getByRole("region", { name: "Tips" }).getByRole("listitem");
  await expect(tips).toHaveText([...MANUAL_TIPS]);

  const support = page.getByRole("region", { name: "Support Contacts" });
  await expect(support.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:.+@.+/);
  await expect(support.getByRole("link", { name: /^\+?[\d ()-]+$/ })).toHaveAttribute("href", /^tel:\+?\d+$/);
  await expect(support).toContainText("Mon-Fri 8AM-5PM");

  const downloads = page.getByRole("region", { name: "Download the Manual" });
  await expect(downloads.getByRole("link", { name: MANUAL_FILES.pdf.label })).toHaveAttribute("href", MANUAL_FILES.pdf.path);
  await expect(downloads.getByRole("link", { name: MANUAL_FILES.txt.label })).toHaveAttribute("href", MANUAL_FILES.txt.path);
});

test("both manuals download: a PDF and a text file with the page's tips", async ({ page }) => {
  const pdf = await page.request.get(MANUAL_FILES.pdf.path);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toBe(`attachment; filename="${MANUAL_FILES.pdf.name}"`);
  // Signed in, every answer is kept by no cache; a visitor's is public (the next test).
  expect(pdf.headers()["cache-control"]).toBe("private, no-store");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  const txt = await page.request.get(MANUAL_FILES.txt.path);
  expect(txt.status()).toBe(200);
  expect(txt.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(txt.headers()["content-disposition"]).toBe(`attachment; filename="${MANUAL_FILES.txt.name}"`);
  const text = await txt.text();
  for (const tip of MANUAL_TIPS) expect(text).toContain(tip);
  for (const step of MANUAL_QUICK_START) expect(text).toContain(step.text);

  // The buttons on the page download them.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: MANUAL_FILES.pdf.label }).click();
  expect((await download).suggestedFilename()).toBe(MANUAL_FILES.pdf.name);
});

test("the manuals are public files, like static ones", async ({ playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  for (const file of [MANUAL_FILES.pdf, MANUAL_FILES.txt]) {
    const res = await visitor.get(file.path);
    expect(res.status(), file.path).toBe(200);
    expect(res.headers()["cache-control"], file.path).toBe("public, max-age=3600");
  }
  await visitor.dispose();
});

test("a tour's Start button opens the page the tour is about (and starts the tour there)", async ({ page }) => {
  // The tour engine is loaded once the Help and Tours button shows; Start then goes to the page itself.
  await expect(page.getByRole("button", { name: "Help and Tours" })).toBeVisible();
  const start = page.getByRole("button", { name: "Start Profile Overview tour" });
  await expect(start).toHaveAttribute("title", "Start dealer-profile tour");
  await start.click();
  await expect(page).toHaveURL(/\/dealer\/profile$/);
  await expect(page.getByRole("dialog", { name: /^Step 1 of \d+$/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto("/dealer/manual");
  await expect(page.getByRole("button", { name: "Help and Tours" })).toBeVisible();
  await page.getByRole("button", { name: "Start Document Upload Guide tour" }).click();
  await expect(page).toHaveURL(/\/dealer\/register$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a tour's Start button opens the tour's page with ?tour=", async ({ page }) => {
    await page.getByRole("button", { name: "Start Profile Overview tour" }).click();
    await expect(page).toHaveURL(/\/dealer\/profile\?tour=dealer-profile$/);
    await page.goBack();
    await page.getByRole("button", { name: "Start Document Upload Guide tour" }).click();
    await expect(page).toHaveURL(/\/dealer\/register\?tour=dealer-documents$/);
  });
});

test("@phone the tour cards stack in one column", async ({ page }) => {
  const cards = page.getByRole("region", { name: "Guided Tours" }).getByRole("article");
  await expect(cards).toHaveCount(4);
  const boxes = await Promise.all([0, 1, 2, 3].map(async (i) => cards.nth(i).boundingBox()));
  for (let i = 1; i < boxes.length; i++) {
    const [above, below] = [boxes[i - 1], boxes[i]];
    expect(below?.x).toBe(above?.x);
    expect(below?.y ?? 0).toBeGreaterThanOrEqual((above?.y ?? 0) + (above?.height ?? 0));
  }
});
