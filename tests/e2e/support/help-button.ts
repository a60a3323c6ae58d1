import type { Page } from "@playwright/test";

/**
 * The floating Help and Tours button must cover no control: on a phone it covered the
 * Search button of /admin/quotations and the fields of long forms; on a desktop the last row's Delete, the dealer
 * footer and phone inputs. On every page, at its top and at its end, the button's box shares no area with a visible
 * button, link or form field, and from md up no control that scrolls with the page passes under it at any scroll
 * position (a list's row actions halfway down); from md up it floats as the spec has it (60 px, fixed 30 px from the
 * bottom and right).
 * The accessibility sweep runs this in the same visit as its other checks (decision 022); `expected`: the page must
 * have the button (the back office and the dealer area; the public pages have none today).
 */
export async function helpButtonFindings(page: Page, where: string, opts: { expected: boolean }): Promise<string[]> {
  // The button comes with the tours' chunk, loaded after the page is hydrated (features/tours/tours-mount.tsx): on a
  // page that has it, wait for it to come (on a busy machine it came after the sweep's other checks).
  if (opts.expected) {
    await page
      .locator('button[aria-label="Help and Tours"]')
      .waitFor({ state: "visible", timeout: 15_000 })
      .catch(() => undefined);
  }
  const here = async (scroll: string) =>
    (
      await page.evaluate(() => {
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
      })
    ).map((control) => `${where} at ${scroll}: the Help button covers ${control}`);

  const floating = await page.evaluate(() => {
    const help = document.querySelector<HTMLElement>('button[aria-label="Help and Tours"]');
    if (!help) return null;
    if (innerWidth < 768) return "";
    const s = getComputedStyle(help);
    const as = `${s.position} right ${s.right} bottom ${s.bottom} width ${s.width}`;
    return as === "fixed right 30px bottom 30px width 60px" ? "" : as;
  });
  if (floating === null) return opts.expected ? [`${where}: no Help and Tours button`] : [];
  const findings = floating ? [`${where}: the Help button is not fixed 30 px from the corner at 60 px (${floating})`] : [];
  findings.push(...(await here("the top")));
  // At the top and at the end are two positions of many: a row's actions in the middle of a long list pass under the
  // floating button as the page scrolls (/admin/quotations' Reject at 1280 px). Every control that scrolls with the page
  // is checked at every scroll position at once: it passes under the button if, where it is not clipped by a scrolling
  // frame, it shares the button's columns and some scroll position brings it to the button's rows.
  if (floating === "" && (await page.evaluate(() => innerWidth >= 768))) findings.push(...(await passingUnder(page, where)));
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => Math.abs(scrollY - (document.documentElement.scrollHeight - innerHeight)) < 2);
  findings.push(...(await here("the end")));
  return [...new Set(findings)];
}

/** The controls that scroll under the floating Help button at some scroll position (see helpButtonFindings). */
async function passingUnder(page: Page, where: string): Promise<string[]> {
  const hits = await page.evaluate(() => {
    const help = document.querySelector<HTMLElement>('button[aria-label="Help and Tours"]');
    if (!help) return [];
    const box = help.getBoundingClientRect();
    const panel = help.closest("[data-help-tours]");
    const maxScroll = Math.max(0, document.documentElement.scrollHeight - innerHeight);
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])',
    );
    const out: string[] = [];
    for (const el of controls) {
      if (el === help || panel?.contains(el)) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0) continue;
      // Fixed and sticky controls do not scroll past the button: the checks at the top and the end see them.
      let moves = true;
      for (let a: Element | null = el; a; a = a.parentElement) {
        const position = getComputedStyle(a).position;
        if (position === "fixed" || position === "sticky") moves = false;
      }
      if (!moves) continue;
      for (const r of el.getClientRects()) {
        let left = r.left;
        let right = r.right;
        let top = r.top;
        let bottom = r.bottom;
        // What a scrolling or clipping frame around it hides is not under anything.
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX === "visible" && s.overflowY === "visible") continue;
          const f = a.getBoundingClientRect();
          if (s.overflowX !== "visible") [left, right] = [Math.max(left, f.left), Math.min(right, f.right)];
          if (s.overflowY !== "visible") [top, bottom] = [Math.max(top, f.top), Math.min(bottom, f.bottom)];
        }
        if (right - left < 1 || bottom - top < 1) continue;
        const across = Math.min(right, box.right) - Math.max(left, box.left);
        // In page coordinates, the scroll positions that put it in the button's rows: (top - box.bottom, bottom - box.top).
        const from = top + scrollY - box.bottom;
        const to = bottom + scrollY - box.top;
        if (across > 0.5 && to > 0.5 && from < maxScroll - 0.5 && to - from > 1) {
          const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
          out.push(`${el.tagName.toLowerCase()} "${name}"`);
          break;
        }
      }
    }
    return out;
  });
  return hits.map((control) => `${where} while scrolling: the Help button covers ${control}`);
}
