// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY, LINE_QUANTITY_MAX } from "#shared/constants.ts";
import { holdUntilReadyScript } from "../hydration-loader.ts";
import { earlyCartSource } from "./cart-add-early.ts";

// Decision 028: the head's inline script answers a first Add to Cart before the page's script file has come.

const item = { productId: 7, productName: "Canadian Solar 550 W", image: "p7.webp" };
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "null") as { items: { quantity: number }[] } | null;
const toasts = () => [...document.querySelectorAll("ol[data-toaster] li")].map((li) => li.textContent?.replace("×", ""));
const button = () => document.querySelector<HTMLButtonElement>("[data-add-to-cart]") as HTMLButtonElement;
const listeners: [string, EventListener][] = [];

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = `<header data-site-header=""><a href="/cart" aria-label="Cart" data-cart-link=""><span hidden data-cart-badge=""></span></a></header><button type="button" data-add-to-cart='${JSON.stringify(item)}'>Add to Cart</button><button type="button" data-gallery-show="1">Thumbnail</button>`;
  // The loader's listeners are on window: keep them to take them off after each test.
  const add = window.addEventListener.bind(window);
  window.addEventListener = ((type: string, fn: EventListener, opts?: unknown) => {
    listeners.push([type, fn]);
    add(type, fn, opts as AddEventListenerOptions);
  }) as typeof window.addEventListener;
  new Function(holdUntilReadyScript(true, earlyCartSource()))();
});

afterEach(() => {
  for (const [type, fn] of listeners.splice(0)) {
    window.removeEventListener(type, fn, true);
    window.removeEventListener(type, fn);
  }
});

it("adds the product with the store's rule, shows the spec's toast and the header's count, before any script", () => {
  button().click();
  expect(stored()?.items).toEqual([{ ...item, quantity: 1 }]);
  expect(toasts()).toEqual(["Product added to cart!"]);
  expect(document.querySelector("a")?.getAttribute("aria-label")).toBe("Cart, 1 item");
  button().click();
  expect(stored()?.items[0]?.quantity).toBe(2);
});

it("keeps a line at the order limit, and says so when the browser will not keep a cart", () => {
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify({ items: [{ ...item, quantity: LINE_QUANTITY_MAX }], expires: Date.now() + 60_000 }),
  );
  button().click();
  expect(stored()?.items[0]?.quantity).toBe(LINE_QUANTITY_MAX);
  const full = vi.spyOn(localStorage, "setItem").mockImplementation(() => {
    throw new Error("quota");
  });
  try {
    button().click();
  } finally {
    full.mockRestore();
  }
  expect(toasts().at(-1)).toBe("The cart could not be saved in this browser.");
});

it("holds another control's tap for the script and shows at once that it was taken", () => {
  const thumb = document.querySelector<HTMLButtonElement>("[data-gallery-show]") as HTMLButtonElement;
  let seen = 0;
  thumb.addEventListener("click", () => seen++);
  thumb.click();
  expect(seen).toBe(0);
  expect(thumb.getAttribute("aria-busy")).toBe("true");
  expect(document.documentElement.hasAttribute("data-loader")).toBe(true);
});

it("leaves a dealer's Add to Cart to the script: the company's cart is kept in step on the server", () => {
  document.body.dataset.cartSync = "4";
  button().click();
  expect(stored()).toBeNull();
  expect(button().getAttribute("aria-busy")).toBe("true");
  delete document.body.dataset.cartSync;
});
