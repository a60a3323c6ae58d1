import type { Page } from "@playwright/test";
import { DEMO, expect, login, test } from "./fixtures.ts";

// Issue 17 §8: on a phone the floating Help and Tours button (60 px, 30 px from the bottom and right, spec §2)
// covered the Search button of /admin/quotations (on the first screen) and the fields of long forms. Issue 20 §4: on
// a desktop it covered the last row's Delete, the dealer footer and phone inputs. On every page, at its top and at
// its end, the button's box shares no area with a visible button, link or form field: on a phone (390 × 844, where
// the button ends the page) and on a desktop (1280 × 800, where it floats and the layouts keep its lane free).

const SIZES = [
  { width: 390, height: 844, tag: "@phone " },
  { width: 1280, height: 800, tag: "" },
] as const;

const ADMIN_PAGES = [
  "/admin",
  "/admin/quotations",
  "/admin/leads",
  "/admin/dealers",
  "/admin/orders",
  "/admin/products",
  "/admin/users",
  "/admin/messages",
  "/admin/audit",
  "/admin/fiscal",
  "/admin/blogs",
  "/admin/team",
  "/admin/case-studies",
  "/admin/content",
  "/admin/settings",
];
const DEALER_PAGES = ["/dealer", "/dealer/profile", "/dealer/manual", "/dealer/quotations", "/dealer/orders", "/dealer/leads"];
const PUBLIC_PAGES = ["/", "/products", "/contact", "/cart", "/faqs"];

type Overlap = { scroll: string; control: string };

/** The visible buttons, links and form fields the Help button's box overlaps, at the current scroll position. */
async function overlapsHere(page: Page, scroll: string): Promise<Overlap[]> {
  const found = await page.evaluate(() => {
    const help = document.querySelector<HTMLElement>('button[aria-label="Help and Tours"]');
    if (!help) return [];
    const box = help.getBoundingClientRect();
    const panel = help.closest("[data-help-tours]");
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])',
    );
    const hits: string[] = [];
    for (const el of controls) {
      if (el === help || panel?.contains(el)) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0) continue;
      for (const r of el.getClientRects()) {
        if (r.width === 0 || r.height === 0) continue;
        // Within the viewport, and sharing area with the Help button (a touching edge is not an overlap).
        const x = Math.min(r.right, box.right) - Math.max(r.left, box.left);
        const y = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
        if (x > 0.5 && y > 0.5 && r.bottom > 0 && r.top < innerHeight) {
          const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
          hits.push(`${el.tagName.toLowerCase()} "${name}"`);
          break;
        }
      }
    }
    return hits;
  });
  return found.map((control) => ({ scroll, control }));
}

/** Overlaps at the top of the page and at its end (where its last controls come to rest). */
async function overlaps(page: Page, path: string): Promise<Overlap[]> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const top = await overlapsHere(page, `${path} at the top`);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // Smooth scrolling, if any, comes to rest.
  await page.waitForFunction(() => {
    const end = document.documentElement.scrollHeight - innerHeight;
    return Math.abs(scrollY - end) < 2;
  });
  return [...top, ...(await overlapsHere(page, `${path} at the end`))];
}

/** From md up the button floats as the spec has it: 60 px, fixed 30 px from the bottom and right. */
async function expectFloating(page: Page, width: number) {
  if (width < 768) return;
  const help = page.getByRole("button", { name: "Help and Tours" });
  await expect(help).toHaveCSS("position", "fixed");
  await expect(help).toHaveCSS("right", "30px");
  await expect(help).toHaveCSS("bottom", "30px");
  await expect(help).toHaveCSS("width", "60px");
}

for (const size of SIZES) {
  test.describe(`${size.width} × ${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test(`${size.tag}the Help button covers no control of the back office at ${size.width} px`, async ({ page }) => {
      test.setTimeout(180_000);
      await login(page, DEMO.admin);
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("button", { name: "Help and Tours" })).toBeVisible();
      await expectFloating(page, size.width);
      const found: Overlap[] = [];
      for (const path of ADMIN_PAGES) {
        found.push(...(await overlaps(page, path)));
        await expect(page.getByRole("button", { name: "Help and Tours" }), path).toBeVisible();
      }
      expect(found).toEqual([]);
    });

    test(`${size.tag}the Help button covers no control of the dealer area, nor of the public pages, at ${size.width} px`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await login(page, DEMO.dealer);
      await expect(page).not.toHaveURL(/\/login/);
      const found: Overlap[] = [];
      for (const path of DEALER_PAGES) {
        found.push(...(await overlaps(page, path)));
        await expect(page.getByRole("button", { name: "Help and Tours" }), path).toBeVisible();
      }
      await expectFloating(page, size.width);
      // The public pages have no Help button today; should they get one, it must cover nothing there either.
      for (const path of PUBLIC_PAGES) found.push(...(await overlaps(page, path)));
      expect(found).toEqual([]);
    });
  });
}
