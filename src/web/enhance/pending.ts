/**
 * A button at work: disabled, and saying its `data-pending-text` ('Signing in…') instead of its own until `busy`
 * is false again.
 */
export function showBusy(button: HTMLButtonElement, busy: boolean): void {
  button.disabled = busy;
  const pending = button.dataset.pendingText;
  if (!pending) return;
  if (busy) {
    button.dataset.idleText ??= button.textContent ?? "";
    button.textContent = pending;
  } else if (button.dataset.idleText !== undefined) {
    button.textContent = button.dataset.idleText;
    delete button.dataset.idleText;
  }
}

/**
 * A page that is on its way says so at once (decision 013: every tap answers within 200 ms, and a new page on a
 * slow line takes longer): a link to another page of the site, or a form sent, sets `data-navigating` on the
 * document, which app.css draws as a progress bar along the top, and a form's button says what it is doing. Taken
 * off again when the page comes back from the browser's back-forward cache.
 */
export function enhancePending(): void {
  const root = document.documentElement;
  const start = () => {
    root.dataset.navigating = "";
  };
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[href]");
    if (!link || link.target || link.hasAttribute("download")) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || (url.pathname === location.pathname && url.search === location.search)) return;
    start();
  });
  document.addEventListener("submit", (event) => {
    // Once every listener has had it (a form checked first, React's own forms), and the form's entries are taken:
    // a disabled button is not sent.
    setTimeout(() => {
      if (event.defaultPrevented) return;
      start();
      if (event.submitter instanceof HTMLButtonElement) showBusy(event.submitter, true);
    });
  });
  addEventListener("pageshow", () => {
    delete root.dataset.navigating;
    for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-idle-text]")) showBusy(button, false);
  });
}
