import { CART_LIFETIME_MS } from "#shared/constants.ts";
import { DEFAULT_PRODUCT_IMAGE } from "#shared/media.ts";
import { CART_DIRTY_KEY, CART_MIRROR_KEY, markCartDirty } from "./cart-mirror-keys.ts";
import { CHANGE_EVENT, clearCart, readCart, writeCart } from "./cart-store.ts";

/**
 * A signed-in dealer's cart lives on the server (`/api/cart`, the company's, shared by its team and
 * followed from phone to laptop); this browser's local cart (cart-store.ts) is then its mirror, so the header's count,
 * the cart page and the checkout keep reading the local cart as they do for visitors.
 *
 * - Pages drawn for a dealer who may order carry `data-cart-sync="<user id>"` on `<body>` (root.tsx).
 * - The first such page after sign-in merges the local cart (a visitor's, no mirror mark) into the server's once
 *   (`POST /api/cart/merge`: a product in both keeps the larger quantity), then mirrors the answer and marks the
 *   local cart with the user's id (`cart-mirror`). Later pages fetch the server's cart and mirror it. A mark of
 *   another account (two people on one browser) is not merged: that copy was their company's.
 * - A change made on this page (Add to Cart, a quantity, Remove) sends the whole local cart (`PUT /api/cart`, kept
 *   alive through a navigation); until it is answered the copy is marked `cart-dirty`, and the next page sends the
 *   local cart rather than fetching the server's, so a change made just before leaving a page is never lost.
 * - A page without the attribute (signed out, a technician) drops a mirrored copy: it was the company's, kept safe
 *   on the server, and a visitor on the same browser starts from an empty cart (enhance/cart-sync.ts, which loads
 *   this file on dealers' pages only: visitors never download it).
 */

type ServerCart = { lines: { product_id: number; product_name: string; image: string; quantity: number }[] };

let applying = false;
let started = false;
let pushTimer: ReturnType<typeof setTimeout> | undefined;

/** Writes the server's cart into this browser's storage without sending it back. */
function mirror(server: ServerCart): void {
  applying = true;
  try {
    if (server.lines.length === 0) clearCart();
    else {
      writeCart({
        items: server.lines.map((l) => ({
          productId: l.product_id,
          productName: l.product_name,
          image: l.image || DEFAULT_PRODUCT_IMAGE,
          quantity: l.quantity,
        })),
        expires: Date.now() + CART_LIFETIME_MS,
      });
    }
  } finally {
    applying = false;
  }
}

function localLines(): { product_id: number; quantity: number }[] {
  return (readCart()?.items ?? []).slice(0, 200).map((i) => ({ product_id: i.productId, quantity: i.quantity }));
}

async function send(
  method: "GET" | "PUT" | "POST",
  url: string,
  lines?: { product_id: number; quantity: number }[],
): Promise<ServerCart | null> {
  const res = await fetch(url, {
    method,
    headers: lines ? { accept: "application/json", "content-type": "application/json" } : { accept: "application/json" },
    ...(lines ? { body: JSON.stringify({ lines }) } : {}),
    credentials: "same-origin",
  });
  return res.ok ? ((await res.json()) as ServerCart) : null;
}

/** Fetches the company's cart and mirrors it here (after a page added lines on the server: quick order, a kit …). */
export async function pullServerCart(): Promise<void> {
  try {
    const server = await send("GET", "/api/cart");
    if (server) mirror(server);
  } catch {
    // Offline: the local copy stays as it was.
  }
}

/**
 * Starts mirroring the cart of `owner` (the page's `data-cart-sync`) on a dealer's page. Once per page. A change made
 * on the page before this file came is already marked `cart-dirty` (enhance/cart-sync.ts), so it is sent, not lost.
 */
export function syncServerCart(owner: string): void {
  if (started || !owner) return;
  started = true;
  let mark: string | null = null;
  try {
    mark = localStorage.getItem(CART_MIRROR_KEY);
  } catch {
    return;
  }
  const dirty = localStorage.getItem(CART_DIRTY_KEY);
  const push = () => {
    const change = localStorage.getItem(CART_DIRTY_KEY);
    return send("PUT", "/api/cart", localLines())
      .then((server) => {
        // Answered, and nothing changed here meanwhile: the server has this copy.
        if (server && localStorage.getItem(CART_DIRTY_KEY) === change) localStorage.removeItem(CART_DIRTY_KEY);
      })
      .catch(() => undefined);
  };
  let ready: Promise<unknown>;
  if (mark === owner && dirty !== null) ready = push();
  else {
    if (dirty !== null) localStorage.removeItem(CART_DIRTY_KEY);
    const lines = mark === null ? localLines() : [];
    ready = (lines.length > 0 ? send("POST", "/api/cart/merge", lines) : send("GET", "/api/cart"))
      // A product added here while the answer was on its way (dirty): merged in rather than overwritten.
      .then((server) => (server && localStorage.getItem(CART_DIRTY_KEY) !== null ? send("POST", "/api/cart/merge", localLines()) : server))
      .then((server) => {
        if (!server) return;
        localStorage.removeItem(CART_DIRTY_KEY);
        mirror(server);
        localStorage.setItem(CART_MIRROR_KEY, owner);
      })
      .catch(() => {
        // Offline: the next page tries again.
      });
  }
  // This page's own changes go to the server once the first answer is in (the whole cart, after a short pause).
  window.addEventListener(CHANGE_EVENT, () => {
    if (applying || !markCartDirty()) return;
    clearTimeout(pushTimer);
    pushTimer = setTimeout(() => void ready.then(push), 150);
  });
}
