import { CART_STORAGE_KEY } from "#shared/constants.ts";
import { cartCountHelpers, showCartCount } from "#web/lib/cart/cart-count-early.ts";
import { ADDED_TO_CART, CART_NOT_SAVED, KIT_ADDED_TO_CART } from "#web/lib/cart/cart-label.ts";
import { addLinesToCart, addToCart, type CartItem, subscribeToCart } from "#web/lib/cart/cart-store.ts";
import { syncCartOnDealerPages } from "./cart-sync.ts";
import { toast } from "./toast.ts";

/** What an Add to Cart button carries (`data-add-to-cart`, features/catalogue/add-to-cart-button.tsx). */
type AddToCartData = Omit<CartItem, "quantity">;

/**
 * Add to Cart (spec §4), and the solar calculator's "Add this kit to the cart", with the cart store's own rules, and the header's count kept up to date on every change,
 * from this tab or another.
 */
export function enhanceCart(): void {
  document.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>("[data-add-to-cart], [data-add-kit-to-cart]");
    if (!button) return;
    try {
      // The solar calculator's kit (routes/solar-calculator.tsx): its lines with their quantities, in one change.
      const kit = button.dataset.addKitToCart;
      if (kit) addLinesToCart(JSON.parse(kit) as CartItem[]);
      else addToCart(JSON.parse(button.dataset.addToCart ?? "") as AddToCartData);
      toast("success", kit ? KIT_ADDED_TO_CART : ADDED_TO_CART);
    } catch {
      toast("error", CART_NOT_SAVED);
    }
  });
  subscribeToCart(() => showCartCount(CART_STORAGE_KEY, cartCountHelpers));
  // A signed-in dealer's cart is the company's, on the server: this browser's cart mirrors it.
  syncCartOnDealerPages();
}
