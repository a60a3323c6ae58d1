/**
 * Whether a tour step may point at an element: it is drawn (not `display: none`, `visibility: hidden` or inside a
 * `hidden` ancestor) and not read-only for the user (inside `inert` or `aria-hidden="true"`, or a form field that is
 * read-only). A step at such an element would highlight nothing, or something the user cannot act on: it is skipped.
 */
export function targetUsable(el: Element): boolean {
  if (el.closest("[hidden], [inert], [aria-hidden='true']")) return false;
  if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.readOnly) return false;
  if (typeof el.checkVisibility === "function") return el.checkVisibility({ visibilityProperty: true });
  // Older browsers: walk up the computed styles.
  for (let node: Element | null = el; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (style.display === "none" || style.visibility === "hidden" || style.visibility === "collapse") return false;
  }
  return true;
}

/** The selectors whose first element on the page is there but hidden or read-only (see targetUsable). */
export function unusableTargets(selectors: readonly string[], root: Document = document): string[] {
  return selectors.filter((selector) => {
    let el: Element | null = null;
    try {
      el = root.querySelector(selector);
    } catch {
      return false;
    }
    return el !== null && !targetUsable(el);
  });
}

/**
 * Resolves once every selector matches an element, or after `timeoutMs` with the ones that were found (a tour
 * started from the Help panel on another page waits for that page to render its elements).
 */
export function waitForTargets(
  selectors: string[],
  timeoutMs: number,
  root: Document = document,
): Promise<{ found: string[]; missing: string[] }> {
  const check = () => {
    const found: string[] = [];
    const missing: string[] = [];
    for (const selector of selectors) {
      let present = false;
      try {
        present = root.querySelector(selector) !== null;
      } catch {
        present = false;
      }
      (present ? found : missing).push(selector);
    }
    return { found, missing };
  };
  return new Promise((resolve) => {
    const first = check();
    if (first.missing.length === 0) {
      resolve(first);
      return;
    }
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      clearInterval(poll);
      clearTimeout(timer);
      resolve(check());
    };
    const onChange = () => {
      if (check().missing.length === 0) finish();
    };
    const observer = typeof MutationObserver === "undefined" ? null : new MutationObserver(onChange);
    observer?.observe(root.documentElement, { childList: true, subtree: true, attributes: true });
    const poll = setInterval(onChange, 100);
    const timer = setTimeout(finish, timeoutMs);
  });
}
