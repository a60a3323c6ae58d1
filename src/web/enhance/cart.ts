import { CART_STORAGE_KEY } from "#shared/constants.ts";
import { cartCountHelpers, showCartCount } from "#web/lib/cart/cart-count-early.ts";
import { addToCart, type CartItem, subscribeToCart } from "#web/lib/cart/cart-store.ts";
import { toast } from "./toast.ts";

/** The spec's texts (§8) and what the page says when the browser will not keep a cart. */
export const ADDED_TO_CART = "Product added to cart!";
export const CART_NOT_SAVED = "The cart could not be saved in this browser.";

/** What an Add to Cart button carries (`data-add-to-cart`, features/catalogue/add-to-cart-button.tsx). */
type AddToCartData = Omit<CartItem, "quantity">;

/**
 * Add to Cart (spec §4) with the cart store's own rules, and the header's count kept up to date on every change,
 * from this tab or another.
 */
export function enhanceCart(): void {
  document.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>("[data-add-to-cart]");
    if (!button) return;
    try {
      addToCart(JSON.parse(button.dataset.addToCart ?? "") as AddToCartData);
      toast("success", ADDED_TO_CART);
    } catch {
      toast("error", CART_NOT_SAVED);
    }
  });
  subscribeToCart(() => showCartCount(CART_STORAGE_KEY, cartCountHelpers));
}
