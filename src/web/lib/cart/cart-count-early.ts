import { CART_STORAGE_KEY } from "#shared/constants.ts";
import { cartBadgeText, cartLinkLabel } from "./cart-label.ts";
import { cartCount, isItem, parseCart } from "./cart-store.ts";

type Helpers = {
  parseCart: typeof parseCart;
  cartCount: typeof cartCount;
  cartLinkLabel: typeof cartLinkLabel;
  cartBadgeText: typeof cartBadgeText;
};

/**
 * Shows the cart's count in the header before React runs (decision 009: visitors' pages may wait for their first use
 * to load scripts). Sent inline as its source text, so it uses only what it is given: the cart store's own reading
 * rules and the cart link's own texts. CartLink renders a hidden badge and marks its link for it; React replaces both
 * once it has read the cart itself.
 */
function showCartCountEarly(storageKey: string, cart: Helpers): void {
  try {
    const count = cart.cartCount(cart.parseCart(localStorage.getItem(storageKey), Date.now()));
    if (count < 1) return;
    for (const badge of document.querySelectorAll<HTMLElement>("[data-cart-badge-early]")) {
      badge.dataset.count = cart.cartBadgeText(count);
      badge.hidden = false;
    }
    for (const link of document.querySelectorAll("a[data-cart-link]")) link.setAttribute("aria-label", cart.cartLinkLabel(count));
  } catch {
    // No storage: React says so once it runs.
  }
}

/**
 * The inline script's text. The functions are sent as their source: `parseCart` calls `isItem`, so that is declared
 * beside them under the name the bundle gave it.
 */
export function cartCountEarlyScript(): string {
  const helpers = `{ parseCart: ${parseCart}, cartCount: ${cartCount}, cartLinkLabel: ${cartLinkLabel}, cartBadgeText: ${cartBadgeText} }`;
  return `(function () { ${isItem}; (${showCartCountEarly})(${JSON.stringify(CART_STORAGE_KEY)}, ${helpers}); })();`;
}
