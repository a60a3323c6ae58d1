import type { Page } from "@playwright/test";
import { CART_STORAGE_KEY } from "#shared/constants.ts";
import { CART_DIRTY_KEY } from "#web/lib/cart/cart-mirror-keys.ts";

export type CartItem = { productId: number; productName: string; quantity: number; image?: string };

/**
 * Writes `items` as this browser's cart, marked as a change not yet sent, as the cart itself does
 * (lib/cart/cart-mirror-keys.ts): a dealer's next page sends it to the company's cart rather than mirroring the
 * company's over it (lib/cart/server-cart.ts). The mark is new each time, as the cart's is: a page still sending the
 * change before takes its answer for this one only while the mark is the same, and a fixed mark made the two alike, so
 * this change was dropped as sent.
 */
export async function putInCart(page: Page, items: CartItem[]): Promise<void> {
  await page.evaluate(
    ({ lines, cartKey, dirtyKey }) => {
      localStorage.setItem(cartKey, JSON.stringify({ items: lines, expires: Date.now() + 86_400_000 }));
      localStorage.setItem(dirtyKey, `${Date.now()}-${Math.random()}`);
    },
    { lines: items.map((i) => ({ image: "", ...i })), cartKey: CART_STORAGE_KEY, dirtyKey: CART_DIRTY_KEY },
  );
}
