import type { Page } from "@playwright/test";

/**
 * The floating Help and Tours button must cover no control (issue 17 §8, issue 20 §4): on a phone it covered the
 * Search button of /admin/quotations and the fields of long forms; on a desktop the last row's Delete, the dealer
 * footer and phone inputs. On every page, at its top and at its end, the button's box shares no area with a visible
 * button, link or form field; from md up it floats as the spec has it (60 px, fixed 30 px from the bottom and right).
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
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => Math.abs(scrollY - (document.documentElement.scrollHeight - innerHeight)) < 2);
  findings.push(...(await here("the end")));
  return findings;
}
