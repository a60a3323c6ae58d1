import { CART_DIRTY_KEY, CART_MIRROR_KEY, markCartDirty } from "#web/lib/cart/cart-mirror-keys.ts";
import { CHANGE_EVENT, clearCart } from "#web/lib/cart/cart-store.ts";

/**
 * A signed-in dealer's cart is the company's, on the server: on pages drawn for a dealer who may order
 * (`<body data-cart-sync="<user id>">`, root.tsx) this loads lib/cart/server-cart.ts, a file of its own, and starts
 * mirroring. Every other page only drops a mirrored copy left by a dealer who signed out (it was the company's, kept
 * on the server), so visitors never download the sync.
 */
export function syncCartOnDealerPages(): void {
  const owner = document.body?.dataset.cartSync ?? "";
  try {
    if (!owner) {
      if (localStorage.getItem(CART_MIRROR_KEY) !== null) {
        localStorage.removeItem(CART_MIRROR_KEY);
        localStorage.removeItem(CART_DIRTY_KEY);
        clearCart();
      }
      return;
    }
  } catch {
    return;
  }
  // Until the sync has come, a change made here is marked as not yet sent; the sync then sends it.
  const markDirty = () => void markCartDirty();
  window.addEventListener(CHANGE_EVENT, markDirty);
  import("#web/lib/cart/server-cart.ts").then(
    (m) => {
      window.removeEventListener(CHANGE_EVENT, markDirty);
      m.syncServerCart(owner);
    },
    () => {}, // Not loaded (offline): the next page tries again.
  );
}
