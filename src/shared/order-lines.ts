/**
 * The cart's lines as a query value, `12x2,15x1` (product id x quantity): for the checkout page's and the dealer
 * cart's prices (GET /api/orders/preview). Read back by parseLinesParam (schemas/orders.ts). No zod here: the cart
 * page's own small script uses it.
 */
export function linesParam(items: { productId: number; quantity: number }[]): string {
  return items.map((i) => `${i.productId}x${i.quantity}`).join(",");
}
