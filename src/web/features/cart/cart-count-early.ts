/**
 * Shows the cart's count in the header before React runs (decision 009: visitors' pages may wait for their first use
 * to load scripts). Sent inline as its source text with the page's loader, so it uses nothing from outside its body.
 * CartLink renders a hidden badge and marks its link for it; React replaces both once it has read the cart itself.
 */
export function showCartCountEarly(storageKey: string): void {
  try {
    const cart = JSON.parse(localStorage.getItem(storageKey) ?? "null") as { expires?: unknown; items?: unknown } | null;
    if (!cart || typeof cart.expires !== "number" || cart.expires <= Date.now() || !Array.isArray(cart.items)) return;
    const count = (cart.items as { quantity?: unknown }[]).reduce(
      (sum, item) => sum + (Number.isInteger(item?.quantity) && (item.quantity as number) > 0 ? (item.quantity as number) : 0),
      0,
    );
    if (count < 1) return;
    for (const badge of document.querySelectorAll<HTMLElement>("[data-cart-badge-early]")) {
      badge.dataset.count = count > 99 ? "99+" : String(count);
      badge.hidden = false;
    }
    for (const link of document.querySelectorAll("a[data-cart-link]")) {
      link.setAttribute("aria-label", `Cart, ${count} ${count === 1 ? "item" : "items"}`);
    }
  } catch {
    // No storage, or a broken cart: React says so once it runs.
  }
}
