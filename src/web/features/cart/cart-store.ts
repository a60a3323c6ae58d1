import { useSyncExternalStore } from "react";
import { CART_LIFETIME_MS, CART_STORAGE_KEY } from "#shared/constants.ts";

/** The local cart (spec §3): kept in this browser's localStorage, never on the server. */
export type CartItem = { productId: number; productName: string; image: string; quantity: number };
export type Cart = { items: CartItem[]; expires: number };

const CHANGE_EVENT = "cart:change";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings): the cart then simply stays empty.
    return null;
  }
}

function isItem(value: unknown): value is CartItem {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.productId === "number" &&
    Number.isInteger(v.productId) &&
    typeof v.productName === "string" &&
    typeof v.image === "string" &&
    typeof v.quantity === "number" &&
    Number.isInteger(v.quantity) &&
    v.quantity >= 1
  );
}

/** A stored cart, or null when there is none, it is unreadable, or it has expired. */
export function parseCart(raw: string | null, now: number): Cart | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { items?: unknown; expires?: unknown };
    if (typeof value.expires !== "number" || value.expires <= now || !Array.isArray(value.items)) return null;
    return { items: value.items.filter(isItem), expires: value.expires };
  } catch {
    return null;
  }
}

function rawCart(): string | null {
  try {
    return storage()?.getItem(CART_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Reads the cart; an expired or broken cart is discarded (spec §4). */
export function readCart(now = Date.now()): Cart | null {
  const raw = rawCart();
  const cart = parseCart(raw, now);
  if (raw !== null && cart === null) clearCart();
  return cart;
}

function notify() {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function writeCart(cart: Cart): void {
  try {
    storage()?.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // Full or unavailable storage: nothing more to do here.
  }
  notify();
}

export function clearCart(): void {
  try {
    storage()?.removeItem(CART_STORAGE_KEY);
  } catch {
    // As above.
  }
  notify();
}

/**
 * Adds a product: the cart is created on the first add with a 30-day expiry, an existing product's quantity
 * goes up by 1, and a quantity below 1 is ignored (spec §4).
 */
export function addToCart(item: Omit<CartItem, "quantity">, quantity = 1, now = Date.now()): Cart | null {
  if (!Number.isInteger(quantity) || quantity < 1) return readCart(now);
  const cart = readCart(now) ?? { items: [], expires: now + CART_LIFETIME_MS };
  const existing = cart.items.find((i) => i.productId === item.productId);
  const items = existing
    ? cart.items.map((i) => (i.productId === item.productId ? { ...i, quantity: i.quantity + 1 } : i))
    : [...cart.items, { ...item, quantity }];
  const next = { ...cart, items };
  writeCart(next);
  return next;
}

/** Sets one product's quantity; below 1 is ignored (spec §5: cart quantity at least 1). */
export function setCartQuantity(productId: number, quantity: number, now = Date.now()): Cart | null {
  const cart = readCart(now);
  if (!cart || !Number.isInteger(quantity) || quantity < 1) return cart;
  const next = { ...cart, items: cart.items.map((i) => (i.productId === productId ? { ...i, quantity } : i)) };
  writeCart(next);
  return next;
}

export function removeFromCart(productId: number, now = Date.now()): Cart | null {
  const cart = readCart(now);
  if (!cart) return null;
  const next = { ...cart, items: cart.items.filter((i) => i.productId !== productId) };
  writeCart(next);
  return next;
}

/** How many pieces the cart holds: the sum of the quantities. */
export function cartCount(cart: Cart | null): number {
  return cart ? cart.items.reduce((sum, i) => sum + i.quantity, 0) : 0;
}

/** Calls `listener` when this tab or another tab changes the cart. */
export function subscribeToCart(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGE_EVENT, listener);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGE_EVENT, listener);
  };
}

// useSyncExternalStore needs the same object back while nothing changed.
let cachedRaw: string | null | undefined;
let cachedCart: Cart | null = null;

function cartSnapshot(): Cart | null {
  const raw = rawCart();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedCart = parseCart(raw, Date.now());
  }
  return cachedCart;
}

/**
 * The cart in this browser. The server (and the hydrating render) sees `undefined`, so server HTML and the first
 * client render agree; the real cart follows right after hydration.
 */
export function useCart(): Cart | null | undefined {
  return useSyncExternalStore(subscribeToCart, cartSnapshot, () => undefined);
}

/** The badge number: undefined until the browser's cart is known. */
export function useCartCount(): number | undefined {
  return useSyncExternalStore(
    subscribeToCart,
    () => cartCount(cartSnapshot()),
    () => undefined,
  );
}
