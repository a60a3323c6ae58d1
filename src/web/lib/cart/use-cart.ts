import { useSyncExternalStore } from "react";
import { type CartView, cartSnapshot, subscribeToCart } from "./cart-store.ts";

// React's view of the cart store, apart from it: the pages sent without React (src/web/enhance/, the cart page
// included) use the store without React. The dealer checkout is the one React page that reads the cart.

/**
 * The cart in this browser. The server (and the hydrating render) sees `undefined`, so server HTML and the first
 * client render agree; the real cart follows right after hydration.
 */
export function useCartView(): CartView | undefined {
  return useSyncExternalStore(subscribeToCart, cartSnapshot, () => undefined);
}
