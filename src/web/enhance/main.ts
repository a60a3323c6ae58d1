/**
 * The scripts of the pages sent without React (decision 013), and of the public layout's header on every page: each
 * module adds to server HTML that already works (links, forms, `<dialog>`, popovers, CSS). One small file, loaded
 * once and cached; it tells the page's inline loader (lib/hydration-loader.ts) when it runs, so that clicks held
 * until then are replayed.
 *
 * React puts an async script in the `<head>`, so this may run before the body has been read: it starts once the
 * document is parsed (the modules look up the elements they enhance, and the toasts' region goes in the body).
 */
import { enhanceCarousels } from "./carousel.ts";
import { enhanceCart } from "./cart.ts";
import { enhanceCartQuote } from "./cart-quote.ts";
import { enhanceCleanQuery } from "./clean-query.ts";
import { enhanceCompare } from "./compare.ts";
import { enhanceDisclosures } from "./disclosure.ts";
import { enhanceForms } from "./forms.ts";
import { enhanceGalleries } from "./gallery.ts";
import { enhanceGoAfter } from "./go-after.ts";
import { enhanceHero } from "./hero.ts";
import { enhanceMenus } from "./menus.ts";
import { enhancePending } from "./pending.ts";
import { suggestOnFocus } from "./search-suggest-loader.ts";
import { prepareToasts } from "./toast.ts";
import { enhanceVideos } from "./video.ts";

const win = window as Window & { __enhanced?: boolean };

function enhance() {
  if (win.__enhanced) return;
  prepareToasts();
  enhanceMenus();
  enhanceCart();
  enhanceCartQuote();
  enhanceCompare();
  enhanceDisclosures();
  // The cart page's own script comes inline in production (cart-page-inline.ts); in development this draws it.
  if (import.meta.env.DEV) void import("./cart-page.ts").then((m) => m.enhanceCartPage());
  enhancePending();
  enhanceForms();
  enhanceCleanQuery();
  enhanceGalleries();
  enhanceCarousels();
  enhanceHero();
  enhanceGoAfter();
  enhanceVideos();
  suggestOnFocus();
  win.__enhanced = true;
  window.dispatchEvent(new Event("app:enhanced"));
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", enhance, { once: true });
else enhance();
