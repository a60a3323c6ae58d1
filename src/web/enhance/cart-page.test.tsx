// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "#shared/constants.ts";
import { CartView } from "#web/features/cart/cart-view.tsx";
import { enhanceCartPage, PRICE_ASK_DELAY_MS } from "./cart-page.ts";

// The cart page as the server renders it (features/cart/cart-view.tsx), drawn by its script from storage.

type Item = { productId: number; productName: string; image: string; quantity: number; unavailable?: true };

function serverPage(isDealer = false) {
  document.body.innerHTML = renderToString(
    <MemoryRouter>
      <CartView isDealer={isDealer} whatsappNumber="+263 77 100 0100" secondaryCurrency="ZWG" />
    </MemoryRouter>,
  );
}

const store = (items: Item[], expires = Date.now() + 60_000) => localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items, expires }));
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "null") as { items: Item[] } | null;
const byLabel = (label: string) => document.querySelector<HTMLElement>(`[aria-label="${label}"]`) as HTMLElement;
const view = () => document.querySelector("[data-cart-view]") as HTMLElement;
const checkoutText = () => new URL(document.querySelector("[data-checkout-link]")?.getAttribute("href") ?? "").searchParams.get("text");

/** What GET /api/products/availability answers: the products still sold, with their stock. */
type Stock = {
  product_id: number;
  status: string;
  branches: { branch_id: number; name: string; status: string; available?: number }[];
  next_arrival?: string;
};
const inStock = (product_id: number): Stock => ({
  product_id,
  status: "in_stock",
  branches: [{ branch_id: 1, name: "Harare", status: "in_stock" }],
});
let existence: Stock[] = [];

beforeEach(() => {
  localStorage.clear();
  existence = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async (url: string) =>
        new Response(JSON.stringify(url.includes("/preview") ? { lines: [] } : existence), {
          headers: { "content-type": "application/json" },
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

it("shows the empty state, with 'Browse products', when there is no cart", () => {
  serverPage();
  expect(view().textContent).toBe("Loading your cart…");
  enhanceCartPage();
  expect(view().textContent).toContain("Your cart is empty.");
  expect(view().querySelector("a")?.getAttribute("href")).toBe("/products");
  expect(view().querySelector<HTMLElement>("[data-banner]")?.hidden).toBe(true);
});

it("fills a line per product from the template: name, link, picture, labels and ids", () => {
  store([
    { productId: 7, productName: "Cell $& 5 kWh", image: "cell.webp", quantity: 1 },
    { productId: 9, productName: "Panel", image: "", quantity: 3 },
  ]);
  serverPage();
  enhanceCartPage();
  const lines = view().querySelectorAll("[data-cart-lines] > li");
  expect(lines).toHaveLength(2);
  const first = lines[0] as HTMLElement;
  expect(first.querySelector("a")?.textContent).toBe("Cell $& 5 kWh");
  expect(first.querySelector("a")?.getAttribute("href")).toBe("/product/7");
  expect(first.querySelector("img")?.getAttribute("src")).toBe("/media/products/cell-w400.webp");
  expect(first.querySelector("label")?.textContent).toBe("Quantity of Cell $& 5 kWh");
  expect(first.querySelector("label")?.getAttribute("for")).toBe("quantity-7");
  expect(first.querySelector("input")?.id).toBe("quantity-7");
  expect(byLabel("Decrease quantity of Cell $& 5 kWh")).toHaveProperty("disabled", true);
  expect(byLabel("Increase quantity of Cell $& 5 kWh")).toHaveProperty("disabled", false);
  expect(byLabel("Remove Cell $& 5 kWh")).toBeTruthy();
  expect((lines[1] as HTMLElement).querySelector("img")).toBeNull();
  expect(view().querySelector("[data-summary-items]")?.textContent).toBe("2");
  expect(view().querySelector("[data-summary-quantity]")?.textContent).toBe("4");
  expect(checkoutText()).toBe("Hello, I would like to order the following products:\n1. Cell $& 5 kWh x 1\n2. Panel x 3");
  expect(document.querySelector("[data-checkout-link]")?.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/263771000100\?/);
});

it("−, + and a typed quantity change the cart at once; above the limit it holds and says so", () => {
  store([{ productId: 7, productName: "Cell", image: "", quantity: 1 }]);
  serverPage();
  enhanceCartPage();
  byLabel("Increase quantity of Cell").click();
  const input = view().querySelector("input") as HTMLInputElement;
  expect(input.value).toBe("2");
  expect(stored()?.items[0]?.quantity).toBe(2);
  expect(checkoutText()).toContain("1. Cell x 2");
  byLabel("Decrease quantity of Cell").click();
  expect(input.value).toBe("1");

  input.focus();
  input.value = "20000";
  input.dispatchEvent(new Event("input", { bubbles: true }));
  expect(stored()?.items[0]?.quantity).toBe(10_000);
  expect(input.value).toBe("10000");
  const note = view().querySelector("[data-line-note]") as HTMLElement;
  expect(note.hasAttribute("data-limited")).toBe(true);
  expect(note.textContent).toBe("You can order at most 10,000 of one product.");
  expect(input.getAttribute("aria-describedby")).toBe(note.id);
  expect(byLabel("Increase quantity of Cell")).toHaveProperty("disabled", true);

  // Something that is no quantity yet stays in the field until it loses the focus, and changes nothing.
  input.value = "";
  input.dispatchEvent(new Event("input", { bubbles: true }));
  expect(stored()?.items[0]?.quantity).toBe(10_000);
  input.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
  expect(input.value).toBe("10000");

  byLabel("Decrease quantity of Cell").click();
  expect(note.hasAttribute("data-limited")).toBe(false);
  expect(note.textContent).toBe("");
  byLabel("Remove Cell").click();
  expect(stored()?.items).toEqual([]);
  expect(view().textContent).toContain("Your cart is empty.");
});

it("says so when storage refuses a change", () => {
  store([{ productId: 7, productName: "Cell", image: "", quantity: 1 }]);
  serverPage();
  enhanceCartPage();
  const setItem = vi.spyOn(localStorage, "setItem").mockImplementation(() => {
    throw new DOMException("quota", "QuotaExceededError");
  });
  try {
    byLabel("Increase quantity of Cell").click();
    const banner = view().querySelector<HTMLElement>("[data-banner]") as HTMLElement;
    expect(banner.hidden).toBe(false);
    expect(banner.querySelector('[role="alert"]')?.textContent).toBe("Failed to update quantity.");
    byLabel("Remove Cell").click();
    expect(banner.querySelector('[role="alert"]')?.textContent).toBe("Failed to delete product.");
  } finally {
    setItem.mockRestore();
  }
});

it("marks products no longer in the catalogue once the server says so, and leaves them out of the hand-off", async () => {
  store([
    { productId: 7, productName: "Cell", image: "", quantity: 2 },
    { productId: 8, productName: "Gone", image: "", quantity: 5 },
  ]);
  existence = [inStock(7)];
  serverPage();
  enhanceCartPage();
  // The lines show at once; the answer only adds the marks.
  expect(view().querySelectorAll("[data-cart-lines] > li")).toHaveLength(2);
  expect(fetch).toHaveBeenCalledWith("/api/products/availability?ids=7,8", expect.anything());
  await vi.waitFor(() => expect(view().querySelector('[data-gone="true"]')).toBeTruthy());
  const gone = view().querySelector('[data-gone="true"]') as HTMLElement;
  expect(gone.textContent).toContain("No longer available");
  expect(gone.querySelector("a, input")).toBeNull();
  expect(view().querySelector("[data-summary-quantity]")?.textContent).toBe("2");
  expect(view().textContent).toContain("Products no longer available are left out of your order.");
  expect(view().textContent).not.toContain("None of these products");
  expect(checkoutText()).toBe("Hello, I would like to order the following products:\n1. Cell x 2");
  expect(stored()?.items[1]?.unavailable).toBe(true);
});

it("warns about lines that are short (issue 23 §3): quantities for a dealer, the status for a visitor", async () => {
  store([
    { productId: 7, productName: "Cell", image: "", quantity: 2 },
    { productId: 8, productName: "Inverter", image: "", quantity: 5 },
    { productId: 9, productName: "Carport", image: "", quantity: 1 },
  ]);
  existence = [
    inStock(7),
    {
      product_id: 8,
      status: "low_stock",
      branches: [
        { branch_id: 1, name: "Harare", status: "low_stock", available: 1 },
        { branch_id: 2, name: "Bulawayo", status: "low_stock", available: 2 },
      ],
      next_arrival: "2026-12-12",
    },
    { product_id: 9, status: "on_order", branches: [] },
  ];
  serverPage(true);
  enhanceCartPage();
  const warning = (id: number) => view().querySelector<HTMLElement>(`[data-line="${id}"] [data-line-stock]`) as HTMLElement;
  expect(warning(8).hidden).toBe(true);
  await vi.waitFor(() => expect(warning(8).hidden).toBe(false));
  expect(warning(8).textContent).toBe("Only 3 available; more expected 12 Dec. The rest will be backordered.");
  expect(warning(9).textContent).toBe("On order: supplied for your order, allow extra time.");
  expect(warning(7).hidden).toBe(true);
  // A quantity the branches have: the warning goes at once, from the answer already had.
  const input = view().querySelector<HTMLInputElement>('[data-line="8"] input') as HTMLInputElement;
  input.value = "3";
  input.dispatchEvent(new Event("input", { bubbles: true }));
  expect(warning(8).hidden).toBe(true);
});

it("warns a visitor by status only", async () => {
  store([{ productId: 8, productName: "Inverter", image: "", quantity: 5 }]);
  existence = [{ product_id: 8, status: "low_stock", branches: [{ branch_id: 1, name: "Harare", status: "low_stock" }] }];
  serverPage();
  enhanceCartPage();
  const warning = view().querySelector<HTMLElement>('[data-line="8"] [data-line-stock]') as HTMLElement;
  await vi.waitFor(() => expect(warning.hidden).toBe(false));
  expect(warning.textContent).toBe("Low stock: the quantity may not all be available.");
});

it("follows a change made elsewhere (another tab), and discards an expired cart", () => {
  store([{ productId: 7, productName: "Cell", image: "", quantity: 1 }], Date.now() - 1);
  serverPage(true);
  enhanceCartPage();
  expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  expect(view().textContent).toContain("Your cart is empty.");
  store([{ productId: 7, productName: "Cell", image: "", quantity: 4 }]);
  window.dispatchEvent(new StorageEvent("storage", { key: CART_STORAGE_KEY }));
  expect((view().querySelector("input") as HTMLInputElement).value).toBe("4");
  // A dealer's Checkout goes to /checkout.
  expect(view().querySelector('a[href="/checkout"]')?.textContent).toBe("Checkout");
});

/** A dealer's preview (GET /api/orders/preview) of one product with quantity breaks, priced at each line's quantity. */
const STEPS = [
  { min_quantity: 1, price_usd: "112.10", price_zwl: "3004.45" },
  { min_quantity: 10, price_usd: "108.74", price_zwl: "2914.40" },
  { min_quantity: 40, price_usd: "105.37", price_zwl: "2824.08" },
];
function previewAnswer(url: string) {
  const lines = (new URL(url, "http://x").searchParams.get("lines") ?? "").split(",").map((l) => l.split("x").map(Number));
  return {
    lines: lines.map(([id, quantity = 1]) => {
      const step = [...STEPS].reverse().find((s) => s.min_quantity <= quantity) ?? STEPS[0];
      return {
        product_id: id,
        quantity,
        unit_price_usd: step?.price_usd,
        unit_price_secondary: step?.price_zwl,
        price_breaks: STEPS,
      };
    }),
  };
}

it("prices a dealer's lines at their quantities: the unit price follows the breaks, asked again once the typing pauses", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    const fetchMock = vi.fn(
      async (url: string) => new Response(JSON.stringify(url.includes("/preview") ? previewAnswer(url) : [inStock(5)])),
    );
    vi.stubGlobal("fetch", fetchMock);
    store([{ productId: 5, productName: "SunVolt 410W Mono PERC", image: "", quantity: 1 }]);
    serverPage(true);
    enhanceCartPage();
    const previews = () => fetchMock.mock.calls.map(([url]) => url).filter((url) => url.includes("/preview"));
    // The first prices are asked at once, with the line's real quantity.
    expect(previews()).toEqual(["/api/orders/preview?lines=5x1"]);
    const line = () => view().querySelector('[data-line="5"]') as HTMLElement;
    const text = (selector: string) => line().querySelector(selector)?.textContent;
    await vi.waitFor(() => expect(text("[data-line-unit]")).toBe("USD\u00a0112.10 each"));
    expect(text("[data-line-total]")).toBe("USD\u00a0112.10");
    const hint = line().querySelector("[data-line-break]") as HTMLElement;
    expect(hint.hidden).toBe(false);
    expect(hint.textContent).toBe("USD\u00a0108.74 each from 10");
    expect(view().querySelector("[data-summary-subtotal]")?.textContent).toBe("USD\u00a0112.10");

    // Typing 1, then 10: drawn at once from the break table, asked of the server once, after the pause.
    const input = line().querySelector("input") as HTMLInputElement;
    input.focus();
    for (const value of ["1", "10"]) {
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    expect(text("[data-line-unit]")).toBe("USD\u00a0108.74 each");
    expect(text("[data-line-total]")).toBe("USD\u00a01,087.40");
    expect(hint.textContent).toBe("USD\u00a0105.37 each from 40");
    expect(previews()).toEqual(["/api/orders/preview?lines=5x1"]);
    await vi.advanceTimersByTimeAsync(PRICE_ASK_DELAY_MS);
    expect(previews()).toEqual(["/api/orders/preview?lines=5x1", "/api/orders/preview?lines=5x10"]);
    await vi.waitFor(() => expect(view().querySelector("[data-summary-subtotal]")?.textContent).toBe("USD\u00a01,087.40"));

    // At the last break there is no hint; in the secondary currency the hint is in it too.
    input.value = "40";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    expect(text("[data-line-unit]")).toBe("USD\u00a0105.37 each");
    expect(hint.hidden).toBe(true);
    input.value = "2";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    const zwg = view().querySelector<HTMLInputElement>('input[data-cart-currency][value="ZWG"]') as HTMLInputElement;
    zwg.click();
    zwg.dispatchEvent(new Event("change", { bubbles: true }));
    expect(text("[data-line-unit]")).toBe("ZWG\u00a03,004.45 each");
    expect(hint.textContent).toBe("ZWG\u00a02,914.40 each from 10");
    // Back to the quantity last asked about before the pause ends: nothing more is asked.
    input.value = "10";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await vi.advanceTimersByTimeAsync(PRICE_ASK_DELAY_MS);
    expect(previews()).toHaveLength(2);
  } finally {
    vi.useRealTimers();
  }
});
