/**
 * The scripts of the pages sent without React (decision 013), and of the public layout's header on every page: each
 * module adds to server HTML that already works (links, forms, `<dialog>`, popovers, CSS). One small file, loaded
 * once and cached; it tells the page's inline loader (lib/hydration-loader.ts) when it runs, so that clicks held
 * until then are replayed.
 */
import { enhanceCart } from "./cart.ts";
import { enhanceMenus } from "./menus.ts";
import { enhancePending } from "./pending.ts";
import { prepareToasts } from "./toast.ts";

const win = window as Window & { __enhanced?: boolean };

if (!win.__enhanced) {
  prepareToasts();
  enhanceMenus();
  enhanceCart();
  // The cart page's own script comes inline in production (cart-page-inline.ts); in development this draws it.
  if (import.meta.env.DEV) void import("./cart-page.ts").then((m) => m.enhanceCartPage());
  enhancePending();
  win.__enhanced = true;
  window.dispatchEvent(new Event("app:enhanced"));
}
