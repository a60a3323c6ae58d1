import type { Locator, Page } from "@playwright/test";
import { expect } from "../fixtures.ts";

/** What the focused element is and whether a keyboard user can see it and its focus indicator. */
export type FocusState = {
  /** A short description of the focused element: tag, role/type, name. */
  what: string;
  /** In the viewport with a size. */
  visible: boolean;
  /** An outline or ring on it, on its ::after (card links), or a ring on a card around it (focus-within). */
  indicator: string | null;
};

/** The focused element as a keyboard user sees it (see FocusState). */
export function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: "body", visible: false, indicator: null };
    const name = (el.getAttribute("aria-label") ?? el.textContent ?? (el as HTMLInputElement).value ?? "").trim().slice(0, 40);
    const what = `<${el.tagName.toLowerCase()}${el.getAttribute("type") ? ` type=${el.getAttribute("type")}` : ""}${el.id ? ` #${el.id}` : ""}> ${name}`;
    const rect = el.getBoundingClientRect();
    const visible =
      rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.right > 0 && rect.top < innerHeight && rect.left < innerWidth;
    const ownMark = (style: CSSStyleDeclaration) => {
      if (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0)
        return `outline ${style.outlineWidth} ${style.outlineColor}`;
      // A ring (box-shadow without offset or blur, as Tailwind's ring-*), not a drop shadow that is always there.
      if (/0px 0px 0px [1-9]/.test(style.boxShadow)) return `ring ${style.boxShadow}`;
      return null;
    };
    let indicator = ownMark(getComputedStyle(el)) ?? ownMark(getComputedStyle(el, "::after"));
    // A card that shows the focus of the link inside it (focus-within ring).
    for (let up = el.parentElement, i = 0; !indicator && up && i < 4; up = up.parentElement, i++) {
      const mark = ownMark(getComputedStyle(up));
      if (mark && up.matches(":focus-within")) indicator = `${mark} on <${up.tagName.toLowerCase()}>`;
    }
    return { what, visible, indicator };
  });
}

/** Asserts that the focused element is on screen with a visible focus indicator. */
export async function expectVisibleFocus(page: Page) {
  const state = await focusState(page);
  expect(state.visible, `the focused element is on screen: ${state.what}`).toBe(true);
  expect(state.indicator, `the focused element shows its focus: ${state.what}`).not.toBeNull();
}

/**
 * Presses Tab (or Shift+Tab) until `target` (or something inside it) has the focus, checking on the way that every
 * element the focus passes is on screen and shows its focus. Answers how many presses it took.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<number> {
  await target.first().waitFor({ state: "attached" });
  const unseen: string[] = [];
  for (let presses = 0; presses <= max; presses++) {
    // The target is found again on every press: a list that re-renders after its data arrives replaces its
    // nodes, and a handle taken before that would point at one no longer on the page.
    const reached = await target.evaluateAll((els) =>
      els.some((el) => el === document.activeElement || el.contains(document.activeElement)),
    );
    if (reached) {
      expect(unseen, `elements without a visible focus on the way to ${target}`).toEqual([]);
      return presses;
    }
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const state = await focusState(page);
    if (state.what !== "body" && (!state.visible || !state.indicator)) {
      unseen.push(`${state.what} (${state.visible ? "no indicator" : "off screen"})`);
    }
  }
  throw new Error(`${target} not reached in ${max} presses of ${back ? "Shift+Tab" : "Tab"}`);
}

/** Types into the focused field (selecting what it holds first, so the typed text replaces it). */
export async function typeHere(page: Page, text: string) {
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}
