/**
 * The marks a dealer's mirrored cart keeps in this browser's storage (lib/cart/server-cart.ts): whose company's cart
 * the local copy is, and whether a change made here has not reached the server yet (a page left before its push was
 * answered). In a file of their own so that visitors' pages (enhance/cart-sync.ts) read them without the sync itself.
 */
export const CART_MIRROR_KEY = "cart-mirror";
export const CART_DIRTY_KEY = "cart-dirty";
