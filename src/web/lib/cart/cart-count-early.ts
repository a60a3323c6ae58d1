import { CART_STORAGE_KEY } from "#shared/constants.ts";
import { cartBadgeText, cartLinkLabel } from "./cart-label.ts";
import { cartCount, isItem, parseCart } from "./cart-store.ts";

export type CartCountHelpers = {
  parseCart: typeof parseCart;
  cartCount: typeof cartCount;
  cartLinkLabel: typeof cartLinkLabel;
  cartBadgeText: typeof cartBadgeText;
};

/**
 * Shows the cart's count in the header: the badge (`data-cart-badge`, drawn from its data-count) and the cart links'
 * names. Runs inline as the page arrives (cartCountEarlyScript: a returning visitor sees the count before any script
 * file has come), and again from the visitors' pages' scripts whenever the cart changes (src/web/enhance/cart.ts).
 * Sent as its source text, so it uses only what it is given: the cart store's reading rules and the link's texts.
 */
export function showCartCount(storageKey: string, cart: CartCountHelpers): void {
  try {
    const count = cart.cartCount(cart.parseCart(localStorage.getItem(storageKey), Date.now()));
    for (const badge of document.querySelectorAll<HTMLElement>("[data-cart-badge]")) {
      badge.dataset.count = cart.cartBadgeText(count);
      badge.hidden = count < 1;
    }
    for (const link of document.querySelectorAll("a[data-cart-link]")) link.setAttribute("aria-label", cart.cartLinkLabel(count));
  } catch {
    // No storage: the links stay "Cart"; the cart page says why.
  }
}

/** The helpers, for the scripts that import them rather than receive their source. */
export const cartCountHelpers: CartCountHelpers = { parseCart, cartCount, cartLinkLabel, cartBadgeText };

/**
 * A function expression that shows the count, as source text for an inline script. `parseCart` calls `isItem`, so
 * the script declares that beside it under the name the bundle gave it (cartCountEarlyScript does).
 */
export function cartCountSource(): string {
  const helpers = `{ parseCart: ${parseCart}, cartCount: ${cartCount}, cartLinkLabel: ${cartLinkLabel}, cartBadgeText: ${cartBadgeText} }`;
  return `function () { (${showCartCount})(${JSON.stringify(CART_STORAGE_KEY)}, ${helpers}); }`;
}

/** The inline script's text: the count shown once, where it is put (after the header). */
export function cartCountEarlyScript(): string {
  return `(function () { ${isItem}; (${cartCountSource()})(); })();`;
}
