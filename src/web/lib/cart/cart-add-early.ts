import { CART_LIFETIME_MS, CART_STORAGE_KEY, LINE_QUANTITY_MAX, TOAST_DEFAULTS } from "#shared/constants.ts";
import { toastTop } from "#web/components/ui/toast-offset.ts";
import { showToast } from "#web/enhance/toast.ts";
import { cartCountHelpers, cartCountSource, showCartCount } from "./cart-count-early.ts";
import { ADDED_TO_CART, CART_NOT_SAVED } from "./cart-label.ts";
import { cartWithAdded, isItem, parseCart } from "./cart-store.ts";

/** What the early Add to Cart is given: the cart store's and the toasts' own functions, and the texts. */
export type EarlyAddHelpers = {
  key: string;
  lifetimeMs: number;
  max: number;
  added: string;
  failed: string;
  visible: number;
  duration: number;
  parseCart: typeof parseCart;
  cartWithAdded: typeof cartWithAdded;
  showToast: typeof showToast;
  toastTop: typeof toastTop;
  count: () => void;
};

/**
 * A first Add to Cart tapped before the page's script file has come (decision 028): the product goes into the
 * browser's cart with the store's own rule, the header's count follows and the spec's toast says so, as the script
 * would, within a frame of the tap. Sent as its source in the page's inline script (hydration-loader.ts), with the
 * functions it uses as `h`.
 */
export function addToCartEarly(button: HTMLElement, h: EarlyAddHelpers): void {
  const place = { top: h.toastTop(), visible: h.visible, duration: h.duration };
  try {
    const item = JSON.parse(button.dataset.addToCart ?? "");
    const now = Date.now();
    const next = h.cartWithAdded(h.parseCart(localStorage.getItem(h.key), now), item, 1, now + h.lifetimeMs, h.max);
    localStorage.setItem(h.key, JSON.stringify(next));
    h.count();
    h.showToast("success", h.added, place);
  } catch {
    h.showToast("error", h.failed, place);
  }
}

/** The helpers as functions, for the build's bundle of the head's script (enhance/early-inline.ts). */
export function earlyCart(): { add: (button: HTMLElement) => void; count: () => void } {
  const count = () => showCartCount(CART_STORAGE_KEY, cartCountHelpers);
  const helpers: EarlyAddHelpers = {
    key: CART_STORAGE_KEY,
    lifetimeMs: CART_LIFETIME_MS,
    max: LINE_QUANTITY_MAX,
    added: ADDED_TO_CART,
    failed: CART_NOT_SAVED,
    visible: TOAST_DEFAULTS.visibleToasts,
    duration: TOAST_DEFAULTS.duration,
    parseCart,
    cartWithAdded,
    showToast,
    toastTop,
    count,
  };
  return { count, add: (button) => addToCartEarly(button, helpers) };
}

/**
 * The inline script's part for visitors' pages of the public layout: `count` (the header's cart count, lib/cart/
 * cart-count-early.ts) and `add` (addToCartEarly), as an expression. `parseCart` calls `isItem`, so that is declared
 * beside them under the name the bundle gave it.
 */
export function earlyCartSource(): string {
  const key = JSON.stringify(CART_STORAGE_KEY);
  const count = cartCountSource();
  const helpers = `{ key: ${key}, lifetimeMs: ${CART_LIFETIME_MS}, max: ${LINE_QUANTITY_MAX}, added: ${JSON.stringify(ADDED_TO_CART)}, failed: ${JSON.stringify(CART_NOT_SAVED)}, visible: ${TOAST_DEFAULTS.visibleToasts}, duration: ${TOAST_DEFAULTS.duration}, parseCart: ${parseCart}, cartWithAdded: ${cartWithAdded}, showToast: ${showToast}, toastTop: ${toastTop}, count: count }`;
  return `(function () { ${isItem}; var count = ${count}; return { count: count, add: function (button) { (${addToCartEarly})(button, ${helpers}); } }; })()`;
}
