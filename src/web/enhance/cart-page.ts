import { type AvailabilityWords, shortLineWarning } from "#shared/availability.ts";
import { CART_STORAGE_KEY, LINE_QUANTITY_MAX } from "#shared/constants.ts";
import { breakFor } from "#shared/dealer-pricing.ts";
import { linesParam } from "#shared/order-lines.ts";
import { formatMoney, toCents } from "#shared/quotation-totals.ts";
import { cartCountHelpers, showCartCount } from "#web/lib/cart/cart-count-early.ts";
import { cartLineIds, cartThumbnail, DELETE_FAILED, LINE_NAME_SLOT, UPDATE_FAILED } from "#web/lib/cart/cart-page-parts.ts";
import {
  availableItems,
  CART_QUANTITY_LIMIT,
  type Cart,
  type CartItem,
  cartCount,
  cartSnapshot,
  markAvailability,
  productIdsParam,
  readCart,
  removeFromCart,
  setCartQuantity,
  subscribeToCart,
  whatsappOrderUrl,
} from "#web/lib/cart/cart-store.ts";

/** What GET /api/products/availability answers: each product still in the catalogue, with its stock. */
type Stock = (AvailabilityWords & { product_id: number })[];

/** What GET /api/orders/preview answers, as far as the cart reads it (unit prices; totals are worked out here). */
type Preview = {
  lines: {
    product_id: number;
    quantity: number;
    unit_price_usd: string;
    unit_price_secondary: string | null;
    /** The unit price from each quantity, from 1; absent from an older server's answer. */
    price_breaks?: { min_quantity: number; price_usd: string; price_zwl: string | null }[];
  }[];
};

/** The currency a dealer last chose to see the cart in (this browser). */
const CURRENCY_KEY = "cart-currency";

/** A dealer's unit prices in cents: USD and, when it has one, the secondary currency. */
type UnitPrices = { usd: bigint | null; secondary: bigint | null };

/** A product's prices as the server last answered them: at the quantity asked, and from each quantity break. */
type LinePrices = UnitPrices & { quantity: number; steps: (UnitPrices & { minQuantity: number })[] };

/** How long the cart waits after the last change of a quantity before it asks for the prices again. */
export const PRICE_ASK_DELAY_MS = 400;

/** The unit prices of `quantity` units: the server's for the quantity it was asked, else its break table's step. */
function unitAt(price: LinePrices, quantity: number): UnitPrices {
  if (price.quantity === quantity || price.steps.length === 0) return price;
  return breakFor(price.steps, quantity) ?? price;
}

/** The next quantity break above `quantity`: what the line's hint offers ("USD 108.74 each from 10"). */
function nextStep(price: LinePrices, quantity: number): LinePrices["steps"][number] | null {
  let next: LinePrices["steps"][number] | null = null;
  for (const s of price.steps) if (s.minQuantity > quantity && (!next || s.minQuantity < next.minQuantity)) next = s;
  return next;
}

/**
 * The cart page (/cart, spec §2, §4, §8), sent without React (decision 013): the server sends its states and one
 * line as `<template>`s (features/cart/cart-view.tsx); this draws the cart in this browser's storage from them at
 * once, and again on every change, from this tab or another. Which products are still in the catalogue is asked of
 * the server afterwards; its answer only adds the marks.
 */
export function enhanceCartPage(): void {
  const page = document.querySelector<HTMLElement>("[data-cart-page]");
  const view = page?.querySelector<HTMLElement>("[data-cart-view]");
  // Once: the build sends this inline (cart-page-inline.ts), and main.ts calls it in development.
  if (!page || !view || page.hasAttribute("data-enhanced")) return;
  // Its clicks need not wait for the page's other scripts (lib/hydration-loader.ts).
  page.setAttribute("data-enhanced", "");
  const whatsappNumber = page.dataset.whatsapp ?? "";

  let shown = "";
  let banner = "";
  let gone: ReadonlySet<number> = new Set();
  /** Each product's stock as the server last said it: the warnings of lines that are short. */
  let stock = new Map<number, AvailabilityWords>();
  /** Lines whose last quantity asked for was above the order limit: their note says so. */
  const limited = new Set<number>();
  /** Lines whose quantity field is being typed in: it keeps what is typed until it loses the focus. */
  const typing = new Set<number>();
  /** The ids last asked about (productIdsParam). */
  let asked = "";
  /** A dealer's cart shows their prices (features/cart/cart-view.tsx draws the slots only for them). */
  const dealer = page.hasAttribute("data-dealer");
  let prices = new Map<number, LinePrices>();
  /** The lines (product x quantity) whose prices were last asked for. */
  let priced = "";
  /** A quantity changed: the prices are asked for once the changes pause (no request per keystroke or tap). */
  let priceTimer: ReturnType<typeof setTimeout> | undefined;

  const template = (id: string) =>
    (document.getElementById(id) as HTMLTemplateElement).content.firstElementChild?.cloneNode(true) as HTMLElement;

  /** The summary's parts that a cart shows or not (the notes on unavailable products, Checkout), while shown. */
  let optional = new Map<string, { el: HTMLElement; mark: Comment }>();

  function show(state: "failed" | "empty" | "filled") {
    if (shown === state) return;
    const root = template(`cart-${state}`);
    optional = new Map();
    for (const el of root.querySelectorAll<HTMLElement>("[data-optional]")) {
      // Out of the page until wanted, as React would leave it out (its text is not the page's text meanwhile).
      const mark = document.createComment(el.dataset.optional ?? "");
      el.replaceWith(mark);
      el.hidden = false;
      optional.set(el.dataset.optional ?? "", { el, mark });
    }
    view?.replaceChildren(root);
    shown = state;
  }

  function present(name: string, on: boolean) {
    const part = optional.get(name);
    if (!part) return;
    if (on && !part.el.isConnected) part.mark.after(part.el);
    else if (!on && part.el.isConnected) part.el.remove();
  }

  function showBanner() {
    for (const slot of view?.querySelectorAll<HTMLElement>("[data-banner]") ?? []) {
      slot.hidden = !banner;
      const alert = slot.firstElementChild;
      if (alert && alert.textContent !== banner) alert.textContent = banner;
    }
  }

  /** A new line from its template, with this product's name, links, picture and ids in place. */
  function newLine(item: CartItem, unavailable: boolean): HTMLElement {
    const li = template(unavailable ? "cart-line-gone" : "cart-line");
    li.dataset.line = String(item.productId);
    li.dataset.gone = String(unavailable);
    const named = (text: string) => text.replace(LINE_NAME_SLOT, () => item.productName);
    const texts = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
    while (texts.nextNode()) {
      const node = texts.currentNode;
      if (node.nodeValue?.includes(LINE_NAME_SLOT)) node.nodeValue = named(node.nodeValue);
    }
    for (const el of li.querySelectorAll("[aria-label]")) el.setAttribute("aria-label", named(el.getAttribute("aria-label") ?? ""));
    const picture = li.querySelector("[data-line-picture]");
    const sources = cartThumbnail(item.image);
    const img = picture?.querySelector("img");
    if (picture && img && sources) {
      picture.querySelectorAll("source").forEach((source, i) => {
        source.srcset = sources.sources[i]?.srcSet ?? "";
      });
      img.srcset = sources.srcSet;
      img.src = sources.src;
    } else picture?.remove();
    li.querySelector<HTMLAnchorElement>("[data-line-link]")?.setAttribute("href", `/product/${item.productId}`);
    const ids = cartLineIds(item.productId);
    li.querySelector("label")?.setAttribute("for", ids.input);
    const input = li.querySelector("input");
    if (input) input.id = ids.input;
    const note = li.querySelector("[data-line-note]");
    if (note) note.id = ids.note;
    return li;
  }

  /** A line's quantity, its buttons and its order-limit note as the cart has them now. */
  function updateLine(li: HTMLElement, item: CartItem) {
    const input = li.querySelector<HTMLInputElement>("input[data-line-quantity]");
    if (!input) return;
    if (!typing.has(item.productId)) input.value = String(item.quantity);
    const step = (by: string) => li.querySelector<HTMLButtonElement>(`[data-line-step="${by}"]`);
    const down = step("-1");
    const up = step("1");
    if (down) down.disabled = item.quantity <= 1;
    if (up) up.disabled = item.quantity >= LINE_QUANTITY_MAX;
    const note = li.querySelector<HTMLElement>("[data-line-note]");
    const isLimited = limited.has(item.productId);
    if (note) {
      note.toggleAttribute("data-limited", isLimited);
      const text = isLimited ? CART_QUANTITY_LIMIT : "";
      if (note.textContent !== text) note.textContent = text;
    }
    if (isLimited && note) input.setAttribute("aria-describedby", note.id);
    else input.removeAttribute("aria-describedby");
    const known = stock.get(item.productId);
    const warning = known ? shortLineWarning(known, item.quantity) : null;
    const slot = li.querySelector<HTMLElement>("[data-line-stock]");
    const text = slot?.querySelector("[data-line-stock-text]");
    if (slot && text) {
      slot.hidden = warning === null;
      if (text.textContent !== (warning ?? "")) text.textContent = warning ?? "";
    }
  }

  function drawLines(cart: Cart) {
    const list = view?.querySelector<HTMLElement>("[data-cart-lines]");
    if (!list) return;
    const existing = new Map<string, HTMLElement>();
    for (const li of list.querySelectorAll<HTMLElement>(":scope > li")) existing.set(li.dataset.line ?? "", li);
    cart.items.forEach((item, index) => {
      const unavailable = gone.has(item.productId) || item.unavailable === true;
      let li = existing.get(String(item.productId));
      existing.delete(String(item.productId));
      if (!li || li.dataset.gone !== String(unavailable)) {
        const next = newLine(item, unavailable);
        li?.remove();
        li = next;
      }
      const at = list.children[index];
      if (at !== li) list.insertBefore(li, at ?? null);
      updateLine(li, item);
    });
    for (const li of existing.values()) li.remove();
  }

  function drawSummary(cart: Cart) {
    const root = view as HTMLElement;
    const available = availableItems(cart, gone);
    const set = (selector: string, text: string) => {
      const el = root.querySelector(selector);
      if (el && el.textContent !== text) el.textContent = text;
    };
    set("[data-summary-items]", String(available.length));
    set("[data-summary-quantity]", String(cartCount({ ...cart, items: available })));
    present("some-gone", available.length > 0 && available.length < cart.items.length);
    present("all-gone", available.length === 0);
    present("checkout", available.length > 0);
    optional
      .get("checkout")
      ?.el.querySelector("[data-checkout-link]")
      ?.setAttribute("href", whatsappOrderUrl(whatsappNumber, cart, gone));
  }

  /** Asks the server which of the cart's products are still sold, and their stock, when they are not the ones last asked about. */
  function checkAvailability(cart: Cart) {
    const ids = productIdsParam(cart.items);
    if (!ids || ids === asked) return;
    asked = ids;
    fetch(`/api/products/availability?ids=${ids}`, { headers: { accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<Stock>) : null))
      .then((answer) => {
        if (!answer || asked !== ids) return;
        const askedIds = ids.split(",").map(Number);
        stock = new Map(answer.map((a) => [a.product_id, a]));
        gone = new Set(askedIds.filter((id) => !stock.has(id)));
        // Kept in the stored cart too, so the header's badge on every page leaves those products out.
        try {
          markAvailability(askedIds, [...stock.keys()]);
        } catch {
          // Storage refused: the page still marks them; only the badge elsewhere keeps counting them.
        }
        draw();
      })
      .catch(() => {
        // No answer: the lines stay unmarked; the next change asks again.
        asked = "";
      });
  }

  function chosenCurrency(): string {
    const radios = [...(view?.querySelectorAll<HTMLInputElement>("input[data-cart-currency]") ?? [])];
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(CURRENCY_KEY);
    } catch {
      // Storage refused: USD.
    }
    const chosen = radios.find((r) => r.value === stored) ?? radios.find((r) => r.checked) ?? radios[0];
    if (chosen && !chosen.checked) chosen.checked = true;
    return chosen?.value ?? "USD";
  }

  /** A dealer's unit prices, line totals and subtotal in the chosen currency, from the prices the server sent. */
  function drawPrices(cart: Cart) {
    if (!dealer) return;
    const root = view as HTMLElement;
    const currency = chosenCurrency();
    const secondary = currency !== "USD";
    const amount = (cents: bigint | null) => (cents === null ? null : `${currency}\u00a0${formatMoney(cents)}`);
    let subtotal: bigint | null = 0n;
    let missing = false;
    let waiting = false;
    for (const item of availableItems(cart, gone)) {
      const li = root.querySelector<HTMLElement>(`[data-line="${item.productId}"]`);
      const price = prices.get(item.productId);
      const at = price ? unitAt(price, item.quantity) : null;
      const unit = at ? (secondary ? at.secondary : at.usd) : null;
      if (!price) waiting = true;
      else if (unit === null) missing = true;
      const set = (selector: string, text: string) => {
        const el = li?.querySelector(selector);
        if (el && el.textContent !== text) el.textContent = text;
      };
      const none = price ? `No ${currency} price` : "…";
      set("[data-line-unit]", unit === null ? none : `${amount(unit)} each`);
      set("[data-line-total]", unit === null ? (price ? "—" : "…") : (amount(unit * BigInt(item.quantity)) ?? ""));
      // Below a quantity break: what the line would cost a unit from the break's quantity on.
      const next = price ? nextStep(price, item.quantity) : null;
      const nextUnit = next ? (secondary ? next.secondary : next.usd) : null;
      const hint = li?.querySelector<HTMLElement>("[data-line-break]");
      if (hint) {
        const text = next && nextUnit !== null ? `${amount(nextUnit)} each from ${next.minQuantity.toLocaleString("en-GB")}` : "";
        hint.hidden = text === "";
        if (hint.textContent !== text) hint.textContent = text;
      }
      subtotal = unit === null || subtotal === null ? null : subtotal + unit * BigInt(item.quantity);
    }
    const total = root.querySelector("[data-summary-subtotal]");
    const text = waiting ? "…" : (amount(subtotal) ?? `No ${currency} total`);
    if (total && total.textContent !== text) total.textContent = text;
    const note = root.querySelector<HTMLElement>("[data-currency-note]");
    if (note) note.hidden = !missing;
    optional
      .get("checkout")
      ?.el.querySelector('a[href^="/checkout"]')
      ?.setAttribute("href", secondary ? `/checkout?currency=${encodeURIComponent(currency)}` : "/checkout");
  }

  /**
   * Asks the server for a dealer's prices of the cart's lines at their quantities, when they are not the
   * ones last asked about: at once when a line has no price yet, else once the changes pause. Meanwhile a line is
   * drawn from the break table the server last sent.
   */
  function askPrices(cart: Cart) {
    if (!dealer) return;
    const items = availableItems(cart, gone).map((i) => ({ productId: i.productId, quantity: i.quantity }));
    const lines = linesParam(items);
    clearTimeout(priceTimer);
    if (!lines || lines === priced) return;
    if (items.some((i) => !prices.has(i.productId))) sendPrices(lines);
    else priceTimer = setTimeout(() => sendPrices(lines), PRICE_ASK_DELAY_MS);
  }

  function sendPrices(lines: string) {
    priced = lines;
    fetch(`/api/orders/preview?lines=${lines}`, { headers: { accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<Preview>) : null))
      .then((answer) => {
        if (!answer || priced !== lines) return;
        prices = new Map(
          answer.lines.map((l) => [
            l.product_id,
            {
              usd: toCents(l.unit_price_usd),
              secondary: toCents(l.unit_price_secondary),
              quantity: l.quantity,
              steps: (l.price_breaks ?? []).map((b) => ({
                minQuantity: b.min_quantity,
                usd: toCents(b.price_usd),
                secondary: toCents(b.price_zwl),
              })),
            },
          ]),
        );
        const { cart: now } = cartSnapshot();
        if (now) drawPrices(now);
      })
      .catch(() => {
        // No answer: the slots keep waiting; the next change asks again.
        priced = "";
      });
  }

  function draw() {
    // The header's count too: this runs before the page's other scripts have come.
    showCartCount(CART_STORAGE_KEY, cartCountHelpers);
    const { cart, failed } = cartSnapshot();
    if (failed) return show("failed");
    if (!cart || cart.items.length === 0) {
      show("empty");
      return showBanner();
    }
    show("filled");
    showBanner();
    drawLines(cart);
    drawSummary(cart);
    drawPrices(cart);
    checkAvailability(cart);
    askPrices(cart);
  }

  const lineId = (el: Element) => Number(el.closest<HTMLElement>("[data-line]")?.dataset.line);

  /** A change to the stored cart, then the page drawn again; a refusal says so in the banner (spec §8). */
  function change(run: () => void, failure: string) {
    try {
      run();
      banner = "";
    } catch {
      banner = failure;
    }
    draw();
  }

  function setQuantity(productId: number, quantity: number) {
    if (quantity > LINE_QUANTITY_MAX) limited.add(productId);
    else limited.delete(productId);
    change(() => setCartQuantity(productId, quantity), UPDATE_FAILED);
  }

  page.addEventListener("click", (event) => {
    const target = event.target as Element;
    const step = target.closest<HTMLElement>("[data-line-step]");
    const remove = target.closest("[data-line-remove]");
    if (step) {
      const id = lineId(step);
      const item = cartSnapshot().cart?.items.find((i) => i.productId === id);
      if (item) setQuantity(id, item.quantity + Number(step.dataset.lineStep));
    } else if (remove) {
      change(() => removeFromCart(lineId(remove)), DELETE_FAILED);
    }
  });

  page.addEventListener("change", (event) => {
    const radio = event.target as HTMLInputElement;
    if (!radio.matches("input[data-cart-currency]")) return;
    try {
      localStorage.setItem(CURRENCY_KEY, radio.value);
    } catch {
      // Storage refused: the choice holds for this page.
    }
    const { cart } = cartSnapshot();
    if (cart) drawPrices(cart);
  });

  page.addEventListener("input", (event) => {
    const input = event.target as HTMLInputElement;
    if (!input.matches("input[data-line-quantity]")) return;
    const id = lineId(input);
    typing.add(id);
    const value = input.value;
    const n = Number(value);
    if (value !== "" && Number.isInteger(n) && n >= 1) {
      setQuantity(id, n);
      // Held at the limit: the field shows what the cart keeps.
      if (n > LINE_QUANTITY_MAX) input.value = String(LINE_QUANTITY_MAX);
    }
  });

  page.addEventListener("focusout", (event) => {
    const input = event.target as HTMLElement;
    if (!input.matches?.("input[data-line-quantity]")) return;
    typing.delete(lineId(input));
    draw();
  });

  // Viewing the cart discards it once it has expired (spec §4).
  try {
    readCart();
  } catch {
    // cartSnapshot reports it.
  }
  draw();
  // A page taken out of the document (a test's next page) stops following the cart.
  const stop = subscribeToCart(() => {
    if (page.isConnected) draw();
    else {
      stop();
      clearTimeout(priceTimer);
    }
  });
}
