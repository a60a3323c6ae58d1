import { clearCart } from "./cart-store.ts";

/**
 * After an order is placed. A dealer's cart is the company's, on the server, which took out only what the order
 * holds (a teammate's lines added meanwhile stay): this browser's copy is fetched again from it. Emptying the copy
 * here instead would be sent to the server as the whole cart and wipe those lines. A page that does not mirror the
 * server's cart (no `data-cart-sync`) empties its own copy.
 */
export async function refreshCartAfterOrder(): Promise<void> {
  if (!document.body?.dataset.cartSync) {
    clearCart();
    return;
  }
  const { pullServerCart } = await import("./server-cart.ts");
  await pullServerCart();
}
