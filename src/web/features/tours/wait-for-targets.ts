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
