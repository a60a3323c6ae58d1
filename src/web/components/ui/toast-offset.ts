/**
 * The toasts' distance from the top of the window (spec §9: top right), below the site header while it is in view,
 * so a toast never covers the header's Cart badge or account menu. Read when a toast is shown: the
 * header is sticky from md up; on phones it scrolls away and the toasts then start near the top. Sent as its source
 * in the page's inline script too (lib/cart/cart-add-early.ts): it uses nothing from outside its body.
 */
export function toastTop(doc: Document = document): number {
  const header = doc.querySelector<HTMLElement>("[data-site-header]");
  const bottom = header ? header.getBoundingClientRect().bottom : 0;
  // 12 px under the header.
  return Math.max(0, Math.round(bottom)) + 12;
}
