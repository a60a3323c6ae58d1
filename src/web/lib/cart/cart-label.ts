/** The cart link's accessible name: "Cart" until the browser's cart is read, then with its count. */
export function cartLinkLabel(count: number | undefined): string {
  return count === undefined ? "Cart" : `Cart, ${count} ${count === 1 ? "item" : "items"}`;
}

/** The badge's text: the count, capped at "99+". */
export function cartBadgeText(count: number): string {
  return count > 99 ? "99+" : String(count);
}
