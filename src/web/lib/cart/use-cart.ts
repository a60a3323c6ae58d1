import { useSyncExternalStore } from "react";
import { type Cart, type CartView, cartCount, cartSnapshot, subscribeToCart } from "./cart-store.ts";

// React's view of the cart store, apart from it: the visitors' pages' scripts (src/web/enhance/) use the store
// without React.

/**
 * The cart in this browser. The server (and the hydrating render) sees `undefined`, so server HTML and the first
 * client render agree; the real cart follows right after hydration.
 */
export function useCartView(): CartView | undefined {
  return useSyncExternalStore(subscribeToCart, cartSnapshot, () => undefined);
}

export function useCart(): Cart | null | undefined {
  const view = useCartView();
  return view === undefined ? undefined : view.cart;
}

/** The badge number: undefined until the browser's cart is known. */
export function useCartCount(): number | undefined {
  return useSyncExternalStore(
    subscribeToCart,
    () => cartCount(cartSnapshot().cart),
    () => undefined,
  );
}
