/**
 * A page that is on its way says so at once (decision 013: every tap answers within 200 ms, and a new page on a
 * slow line takes longer): a link to another page of the site, or a GET form sent, sets `data-navigating` on the
 * document, which app.css draws as a progress bar along the top. Taken off again when the page comes back from the
 * browser's back-forward cache.
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
    const form = event.target as HTMLFormElement;
    if (!event.defaultPrevented && form.method === "get") start();
  });
  addEventListener("pageshow", () => {
    delete root.dataset.navigating;
  });
}
