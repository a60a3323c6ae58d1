/** The spec's texts (§8) and what the page says when the browser will not keep a cart. */
export const ADDED_TO_CART = "Product added to cart!";
export const KIT_ADDED_TO_CART = "Kit added to cart!";
export const CART_NOT_SAVED = "The cart could not be saved in this browser.";

/** The cart link's accessible name: "Cart" until the browser's cart is read, then with its count. */
export function cartLinkLabel(count: number | undefined): string {
  return count === undefined ? "Cart" : `Cart, ${count} ${count === 1 ? "item" : "items"}`;
}

/** The badge's text: the count, capped at "99+". */
export function cartBadgeText(count: number): string {
  return count > 99 ? "99+" : String(count);
}
