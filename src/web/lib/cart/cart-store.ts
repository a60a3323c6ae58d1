import { CART_LIFETIME_MS, CART_STORAGE_KEY, LINE_QUANTITY_MAX } from "#shared/constants.ts";

/** The local cart (spec §3): kept in this browser's localStorage, never on the server. */
export type CartItem = {
  productId: number;
  productName: string;
  image: string;
  quantity: number;
  /** Set when the cart page found the product no longer in the catalogue: left out of the count and the hand-off. */
  unavailable?: true;
};
export type Cart = { items: CartItem[]; expires: number };

/** The event this tab sends when it changes the cart (the storage event tells the other tabs). */
export const CHANGE_EVENT = "cart:change";

/** Thrown when the browser refuses access to localStorage (privacy settings, full storage); the cart page says so. */
export class CartStorageError extends Error {
  constructor(cause: unknown) {
    super("The cart's storage is not available.", { cause });
    this.name = "CartStorageError";
  }
}

/** localStorage; throws CartStorageError when it is switched off or not reachable (and on the server). */
function storage(): Storage {
  try {
    if (typeof window === "undefined") throw new Error("no window");
    return window.localStorage;
  } catch (err) {
    throw new CartStorageError(err);
  }
}

/** A stored line that is a whole, positive quantity of a product. Exported for the early count (cart-count-early.ts). */
export function isItem(value: unknown): value is CartItem {
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

/** What the cart says when a quantity is held at the order limit. */
export const CART_QUANTITY_LIMIT = `You can order at most ${/* @__PURE__ */ LINE_QUANTITY_MAX.toLocaleString("en-US")} of one product.`;

/** A quantity held to the order limit (a line of an order or a quote request holds at most LINE_QUANTITY_MAX). */
export function cartQuantity(quantity: number): number {
  return Math.min(quantity, LINE_QUANTITY_MAX);
}

/**
 * A stored cart, or null when there is none, it is unreadable, or it has expired. Sent as its source in the early
 * count's inline script (cart-count-early.ts): it may call `isItem` and nothing else of this module.
 */
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

/** The stored cart as the page reads it: a line stored above the order limit (before the cart kept to it) at the limit. */
function readStoredCart(raw: string | null, now: number): Cart | null {
  const cart = parseCart(raw, now);
  if (!cart || cart.items.every((i) => i.quantity <= LINE_QUANTITY_MAX)) return cart;
  return { ...cart, items: cart.items.map((i) => ({ ...i, quantity: cartQuantity(i.quantity) })) };
}

/** The stored text; throws CartStorageError when storage cannot be read. */
function rawCart(): string | null {
  try {
    return storage().getItem(CART_STORAGE_KEY);
  } catch (err) {
    throw err instanceof CartStorageError ? err : new CartStorageError(err);
  }
}

/** Reads the cart; an expired or broken cart is discarded (spec §4). Throws CartStorageError when storage fails. */
export function readCart(now = Date.now()): Cart | null {
  const raw = rawCart();
  const cart = readStoredCart(raw, now);
  if (raw !== null && cart === null) clearCart();
  return cart;
}

function notify() {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Stores the cart; throws CartStorageError when storage refuses it. */
export function writeCart(cart: Cart): void {
  try {
    storage().setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  } catch (err) {
    throw err instanceof CartStorageError ? err : new CartStorageError(err);
  }
  notify();
}

export function clearCart(): void {
  try {
    storage().removeItem(CART_STORAGE_KEY);
  } catch {
    // Nothing stored can be removed either: the cart is gone as far as this page can tell.
  }
  notify();
}

/**
 * Adds a product: the cart is created on the first add with a 30-day expiry, an existing product's quantity
 * goes up by 1 (up to the order limit), and a quantity below 1 is ignored (spec §4).
 */
export function addToCart(item: Omit<CartItem, "quantity">, quantity = 1, now = Date.now()): Cart | null {
  if (!Number.isInteger(quantity) || quantity < 1) return readCart(now);
  const next = cartWithAdded(readCart(now), item, quantity, now + CART_LIFETIME_MS, LINE_QUANTITY_MAX);
  writeCart(next);
  return next;
}

/**
 * `cart` with `item` added as addToCart adds it: a new cart expires at `expires`, a product already in it goes up by
 * 1, a new one comes in with `quantity`, both held at `max`. Sent as its source in the page's inline script, which
 * answers a first Add to Cart before any script file has come (hydration-loader.ts): it uses nothing from outside.
 */
export function cartWithAdded(cart: Cart | null, item: Omit<CartItem, "quantity">, quantity: number, expires: number, max: number): Cart {
  const base = cart ?? { items: [], expires };
  const existing = base.items.some((i) => i.productId === item.productId);
  const items = existing
    ? base.items.map((i) => (i.productId === item.productId ? { ...i, quantity: Math.min(i.quantity + 1, max) } : i))
    : [...base.items, { ...item, quantity: Math.min(quantity, max) }];
  return { ...base, items };
}

/**
 * Adds several products at once, each with its quantity (the solar calculator's kit): one write, one
 * change event. A product already in the cart goes up by the line's quantity, held at the order limit; a new one
 * comes in with it (the cart is created with its 30-day expiry as by addToCart); lines below 1 are ignored.
 */
export function addLinesToCart(lines: readonly CartItem[], now = Date.now()): Cart | null {
  const valid = lines.filter((l) => Number.isInteger(l.quantity) && l.quantity >= 1);
  if (valid.length === 0) return readCart(now);
  const cart = readCart(now) ?? { items: [], expires: now + CART_LIFETIME_MS };
  let items = cart.items;
  for (const line of valid) {
    const existing = items.find((i) => i.productId === line.productId);
    items = existing
      ? items.map((i) => (i.productId === line.productId ? { ...i, quantity: cartQuantity(i.quantity + line.quantity) } : i))
      : [...items, { productId: line.productId, productName: line.productName, image: line.image, quantity: cartQuantity(line.quantity) }];
  }
  const next = { ...cart, items };
  writeCart(next);
  return next;
}

/**
 * Sets one product's quantity; below 1 is ignored (spec §5: cart quantity at least 1), above the order limit is held
 * at the limit (CART_QUANTITY_LIMIT says so).
 */
export function setCartQuantity(productId: number, quantity: number, now = Date.now()): Cart | null {
  const cart = readCart(now);
  if (!cart || !Number.isInteger(quantity) || quantity < 1) return cart;
  const held = cartQuantity(quantity);
  const next = { ...cart, items: cart.items.map((i) => (i.productId === productId ? { ...i, quantity: held } : i)) };
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

/**
 * How many pieces the cart holds: the sum of the quantities of the products still available. Sent as its source in
 * the early count's inline script (cart-count-early.ts): it uses nothing else of this module.
 */
export function cartCount(cart: Cart | null): number {
  return cart ? cart.items.reduce((sum, i) => sum + (i.unavailable ? 0 : i.quantity), 0) : 0;
}

/**
 * Records what the cart page learnt from the catalogue: the `asked` products missing from `available` are marked
 * unavailable (the header's badge on every page then leaves them out), and a marked one that is back is unmarked.
 * Writes only when something changed.
 */
export function markAvailability(asked: readonly number[], available: readonly number[], now = Date.now()): void {
  const cart = readCart(now);
  if (!cart) return;
  const askedSet = new Set(asked);
  const availableSet = new Set(available);
  let changed = false;
  const items = cart.items.map((item) => {
    if (!askedSet.has(item.productId)) return item;
    const gone = !availableSet.has(item.productId);
    if (gone === Boolean(item.unavailable)) return item;
    changed = true;
    const { unavailable: _was, ...rest } = item;
    return gone ? { ...rest, unavailable: true as const } : rest;
  });
  if (changed) writeCart({ ...cart, items });
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

/** What a page sees of the cart: the cart (null when there is none), or the fact that storage failed. */
export type CartView = { cart: Cart | null; failed: boolean };

const FAILED: CartView = { cart: null, failed: true };
let cachedRaw: string | null | undefined;
let cachedView: CartView = { cart: null, failed: false };

/** The cart as stored now, the same object while nothing changed (what useSyncExternalStore needs). */
export function cartSnapshot(): CartView {
  let raw: string | null;
  try {
    raw = rawCart();
  } catch {
    cachedRaw = undefined;
    return FAILED;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedView = { cart: readStoredCart(raw, Date.now()), failed: false };
  }
  return cachedView;
}

/** The cart's product ids for the cart page's availability check (GET /api/products/availability?ids=): `12,15` (at most 100). */
export function productIdsParam(items: { productId: number }[]): string {
  return items
    .slice(0, 100)
    .map((i) => i.productId)
    .join(",");
}

/** The cart's lines without the products that are no longer in the catalogue (`gone`: their ids, or marked so). */
export function availableItems(cart: Cart, gone: ReadonlySet<number> = new Set()): CartItem[] {
  return cart.items.filter((i) => !gone.has(i.productId) && !i.unavailable);
}

/**
 * The numbered list a WhatsApp checkout sends (spec §6): a greeting, then '1. <product name> x <quantity>' per line.
 * Products no longer in the catalogue (`gone`) are left out.
 */
export function whatsappOrderText(cart: Cart, gone: ReadonlySet<number> = new Set()): string {
  const lines = availableItems(cart, gone).map((item, i) => `${i + 1}. ${item.productName} x ${item.quantity}`);
  return ["Hello, I would like to order the following products:", ...lines].join("\n");
}

/** A wa.me chat with the order text filled in; `number` is digits only, with the country code. */
export function whatsappOrderUrl(number: string, cart: Cart, gone: ReadonlySet<number> = new Set()): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(whatsappOrderText(cart, gone))}`;
}
