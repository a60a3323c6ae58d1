/**
 * The marks a dealer's mirrored cart keeps in this browser's storage (lib/cart/server-cart.ts): whose company's cart
 * the local copy is, and whether a change made here has not reached the server yet (a page left before its push was
 * answered). In a file of their own so that visitors' pages (enhance/cart-sync.ts) read them without the sync itself.
 */
export const CART_MIRROR_KEY = "cart-mirror";
export const CART_DIRTY_KEY = "cart-dirty";

/** Marks the local copy as changed here and not yet sent (a new mark each time); false when storage refuses. */
export function markCartDirty(): boolean {
  try {
    localStorage.setItem(CART_DIRTY_KEY, `${Date.now()}-${Math.random()}`);
    return true;
  } catch {
    return false;
  }
}
