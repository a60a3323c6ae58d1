import { beforeEach, describe, expect, it, vi } from "vitest";
import { CART_LIFETIME_MS, CART_STORAGE_KEY, LINE_QUANTITY_MAX } from "#shared/constants.ts";
import { orderLineSchema } from "#shared/schemas/orders.ts";
import { quoteProductSchema } from "#shared/schemas/quotations.ts";
import {
  addLinesToCart,
  addToCart,
  CartStorageError,
  cartCount,
  markAvailability,
  parseCart,
  readCart,
  removeFromCart,
  setCartQuantity,
  subscribeToCart,
  whatsappOrderText,
  whatsappOrderUrl,
} from "./cart-store.ts";

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

let storage: MemoryStorage;
const panel = { productId: 1, productName: "Panel", image: "panel.webp" };
const inverter = { productId: 7, productName: "Inverter", image: "inverter.webp" };

beforeEach(() => {
  storage = new MemoryStorage();
  // The store only needs localStorage and events from `window`.
  vi.stubGlobal("window", Object.assign(new EventTarget(), { localStorage: storage }));
});

describe("cart store", () => {
  it("creates the cart on the first add with a 30-day expiry", () => {
    const cart = addToCart(panel, 1, 1_000);
    expect(cart).toEqual({ items: [{ ...panel, quantity: 1 }], expires: 1_000 + CART_LIFETIME_MS });
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? "null")).toEqual(cart);
  });

  it("raises an existing product's quantity by 1 and ignores a quantity below 1", () => {
    addToCart(panel, 1, 1_000);
    addToCart(panel, 3, 2_000);
    addToCart(inverter, 0, 2_000);
    const cart = readCart(3_000);
    expect(cart?.items).toEqual([{ ...panel, quantity: 2 }]);
    expect(cart?.expires).toBe(1_000 + CART_LIFETIME_MS);
  });

  it("adds a kit's lines with their quantities in one change: new lines as they come, existing ones raised, held at the limit", () => {
    addToCart(panel, 1, 1_000);
    const battery = { productId: 9, productName: "Battery", image: "battery.webp" };
    let changes = 0;
    window.addEventListener("cart:change", () => changes++);
    const cart = addLinesToCart(
      [
        { ...inverter, quantity: 1 },
        { ...panel, quantity: 4 },
        { ...battery, quantity: LINE_QUANTITY_MAX + 5 },
        { ...battery, productId: 10, quantity: 0 },
      ],
      2_000,
    );
    expect(cart?.items).toEqual([
      { ...panel, quantity: 5 },
      { ...inverter, quantity: 1 },
      { ...battery, quantity: LINE_QUANTITY_MAX },
    ]);
    expect(cart?.expires).toBe(1_000 + CART_LIFETIME_MS);
    expect(changes).toBe(1);
    expect(addLinesToCart([], 3_000)).toEqual(cart);
  });

  it("discards an expired cart when it is read or added to", () => {
    addToCart(panel, 1, 1_000);
    expect(readCart(1_000 + CART_LIFETIME_MS)).toBeNull();
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
    addToCart(panel, 1, 1_000);
    const fresh = addToCart(inverter, 1, 5_000 + CART_LIFETIME_MS);
    expect(fresh?.items).toEqual([{ ...inverter, quantity: 1 }]);
  });

  it("counts pieces, sets quantities of at least 1 and removes items", () => {
    addToCart(panel, 2, 1_000);
    addToCart(inverter, 1, 1_000);
    expect(cartCount(readCart(1_000))).toBe(3);
    expect(cartCount(setCartQuantity(7, 0, 1_000))).toBe(3);
    expect(cartCount(setCartQuantity(7, 4, 1_000))).toBe(6);
    expect(removeFromCart(1, 1_000)?.items.map((i) => i.productId)).toEqual([7]);
    expect(cartCount(null)).toBe(0);
  });

  it("reads nothing from a broken or foreign value", () => {
    expect(parseCart("not json", 0)).toBeNull();
    expect(parseCart(JSON.stringify({ items: "x", expires: 10 }), 0)).toBeNull();
    expect(parseCart(JSON.stringify({ items: [{ productId: "1" }, { ...panel, quantity: 1 }], expires: 10 }), 0)?.items).toEqual([
      { ...panel, quantity: 1 },
    ]);
  });

  it("tells subscribers about changes in this tab and in others", () => {
    const listener = vi.fn();
    const stop = subscribeToCart(listener);
    addToCart(panel);
    expect(listener).toHaveBeenCalledTimes(1);
    const other = Object.assign(new Event("storage"), { key: CART_STORAGE_KEY });
    (window as unknown as EventTarget).dispatchEvent(other);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    addToCart(panel);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("reports storage that refuses access, so the cart page can say so", () => {
    addToCart(panel, 1, 1_000);
    storage.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    expect(() => setCartQuantity(1, 3, 1_000)).toThrow(CartStorageError);
    expect(() => removeFromCart(1, 1_000)).toThrow(CartStorageError);
    storage.getItem = () => {
      throw new Error("SecurityError");
    };
    expect(() => readCart(1_000)).toThrow(CartStorageError);
  });

  it("writes the WhatsApp order as a greeting and a numbered list", () => {
    addToCart(panel, 2, 1_000);
    const cart = addToCart(inverter, 1, 1_000);
    if (!cart) throw new Error("no cart");
    expect(whatsappOrderText(cart).split("\n")).toEqual([
      "Hello, I would like to order the following products:",
      "1. Panel x 2",
      "2. Inverter x 1",
    ]);
    const url = new URL(whatsappOrderUrl("263771000100", cart));
    expect(url.origin + url.pathname).toBe("https://wa.me/263771000100");
    expect(url.searchParams.get("text")).toBe(whatsappOrderText(cart));
  });

  it("holds quantities to the order limit: typed, added to, and stored before the limit was kept", () => {
    // The limit is the one orders and quote requests keep.
    expect(orderLineSchema.safeParse({ product_id: 1, quantity: LINE_QUANTITY_MAX }).success).toBe(true);
    expect(orderLineSchema.safeParse({ product_id: 1, quantity: LINE_QUANTITY_MAX + 1 }).success).toBe(false);
    expect(quoteProductSchema.safeParse({ product_id: 1, quantity: LINE_QUANTITY_MAX + 1 }).success).toBe(false);

    addToCart(panel, 1, 1_000);
    expect(setCartQuantity(1, 20_000, 1_000)?.items[0]?.quantity).toBe(LINE_QUANTITY_MAX);
    expect(addToCart(panel, 1, 1_000)?.items[0]?.quantity).toBe(LINE_QUANTITY_MAX);
    expect(addToCart(inverter, 100_000, 1_000)?.items[1]?.quantity).toBe(LINE_QUANTITY_MAX);
    storage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [{ ...panel, quantity: 100_000 }], expires: 2_000 }));
    expect(readCart(1_000)?.items).toEqual([{ ...panel, quantity: LINE_QUANTITY_MAX }]);
  });

  it("leaves products no longer in the catalogue out of the WhatsApp order", () => {
    addToCart(panel, 2, 1_000);
    const cart = addToCart(inverter, 1, 1_000);
    if (!cart) throw new Error("no cart");
    expect(whatsappOrderText(cart, new Set([1])).split("\n")).toEqual([
      "Hello, I would like to order the following products:",
      "1. Inverter x 1",
    ]);
    expect(new URL(whatsappOrderUrl("263771000100", cart, new Set([1]))).searchParams.get("text")).not.toContain("Panel");
  });

  it("remembers products the cart page found gone: the badge's count and the hand-off leave them out until they are back", () => {
    addToCart(panel, 2, 1_000);
    addToCart(inverter, 3, 1_000);
    markAvailability([1, 7], [7], 1_000);
    const marked = readCart(1_000);
    expect(marked?.items.map((i) => [i.productId, i.unavailable ?? false])).toEqual([
      [1, true],
      [7, false],
    ]);
    expect(cartCount(marked)).toBe(3);
    // As the early count reads it, from storage.
    expect(cartCount(parseCart(storage.getItem(CART_STORAGE_KEY), 1_000))).toBe(3);
    expect(whatsappOrderText(marked as NonNullable<typeof marked>)).not.toContain("Panel");

    // The product is back in the catalogue.
    markAvailability([1, 7], [1, 7], 1_000);
    expect(readCart(1_000)?.items.every((i) => i.unavailable === undefined)).toBe(true);
    expect(cartCount(readCart(1_000))).toBe(5);
  });
});
