/**
 * An element with `data-go-to` (a path of the site) and `data-go-after` (milliseconds) opens that page that long
 * after the page was asked for: the spec's 'reset link sent' goes on to the login page after five seconds (§5).
 * Without scripts the page's own link does it.
 */
export function enhanceGoAfter() {
  const el = document.querySelector<HTMLElement>("[data-go-to][data-go-after]");
  const to = el?.dataset.goTo ?? "";
  if (!to.startsWith("/") || to.startsWith("//")) return;
  const after = Number(el?.dataset.goAfter) - performance.now();
  setTimeout(() => location.assign(to), Math.max(0, after));
}
