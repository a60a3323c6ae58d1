/**
 * The few lines every page runs before its scripts (decision 013). Sent inline, so this function must not use
 * anything from outside its own body: it is sent as its source text.
 *
 * - A click on a button that only scripts can answer (Add to Cart, a gallery's thumbnail, a cart's quantity), or on
 *   any button and form of a React page, made before the scripts run is held, not lost, and replayed once they do:
 *   `app:hydrated` (React's pages) or `app:enhanced` (visitors' pages, src/web/enhance/). If a script fails to load,
 *   held actions go ahead without it; if the scripts have not come 15 seconds after the page started, held forms
 *   post as they would with scripts switched off.
 * - On visitors' pages (`enhanced`), forms are not held at all: they post to the server, which answers them whole.
 *   Buttons with a native action (submit, `commandfor`, `popovertarget`) are not held either, nor those inside an
 *   element marked `data-enhanced` (its script is already running: the cart page's, sent inline).
 * - A select marked `data-submit-on-change` sends its form when changed, scripts or not (items per page).
 * - Sent in the page's `<head>` (decision 028), so all of this holds from the page's first byte, before the rest of a
 *   long page has come. A held control shows it is busy at once (`aria-busy`, app.css); on visitors' pages of the
 *   public layout (`early`), Add to Cart is not held but answered here, with the cart store's own rule and the
 *   spec's toast (lib/cart/cart-add-early.ts), and the header's count is shown once the page has come.
 */
export function holdUntilReady(enhanced: boolean, early?: { add: (button: HTMLElement) => void; count: () => void } | null): void {
  const win = window as Window & { __hydrated?: boolean; __enhanced?: boolean };
  type Held = { submit: boolean; replay: () => void; control?: HTMLElement };
  let held: Held[] = [];
  let released = false;
  let formsPost = false;

  /** Ready (or a script failed): what was held goes on, and nothing more is held. */
  function release() {
    if (released) return;
    released = true;
    removeEventListener("click", hold, true);
    removeEventListener("submit", hold, true);
    // After the scripts' own listeners are in place: a replayed click reaches them.
    const now = held;
    held = [];
    setTimeout(() => {
      for (const h of now) {
        h.control?.removeAttribute("aria-busy");
        h.replay();
      }
    });
  }

  /** Still no scripts after a while: forms post as they would without them; other clicks keep waiting. */
  function letFormsPost() {
    formsPost = true;
    const submits = held.filter((h) => h.submit);
    held = held.filter((h) => !h.submit);
    for (const h of submits) {
      h.control?.removeAttribute("aria-busy");
      h.replay();
    }
  }

  function hold(event: Event) {
    if (released) return;
    const target = event.target as Element | null;
    let h: Held;
    if (event.type === "submit") {
      if (formsPost || enhanced) return;
      const form = target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      h = {
        submit: true,
        replay: () => {
          if (form.isConnected) form.requestSubmit(submitter?.isConnected && submitter.closest("form") === form ? submitter : null);
        },
      };
    } else {
      const control = target?.closest?.<HTMLElement>('button, [role="button"], [role="tab"], input[type="submit"]');
      if (!control) return;
      // A visitor's first Add to Cart, answered here (a dealer's cart is the company's: held for its sync).
      if (early && control.matches("[data-add-to-cart]") && !document.body.dataset.cartSync) {
        event.preventDefault();
        event.stopImmediatePropagation();
        early.add(control);
        return;
      }
      const form = (control as HTMLButtonElement).form ?? null;
      const submit = form !== null && (control as HTMLButtonElement).type === "submit";
      if (submit && (formsPost || enhanced)) return;
      if (control.hasAttribute("commandfor") || control.hasAttribute("popovertarget")) return;
      // A part of the page whose script already runs (the cart page's, sent inline) answers its own clicks.
      if (control.closest("[data-enhanced]")) return;
      // A submit button that React replaces (a no-script fallback) still sends its form.
      h = {
        submit,
        control,
        replay: () => {
          if (control.isConnected) control.click();
          else if (submit && form?.isConnected) form.requestSubmit();
        },
      };
      // Seen at once: the tap was taken, its answer is coming.
      control.setAttribute("aria-busy", "true");
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(h);
  }

  /** A script or preload that fails to load: the scripts will not come, so nothing is held any longer. */
  function failed(event: Event) {
    const t = event.target;
    if (t instanceof HTMLScriptElement || (t instanceof HTMLLinkElement && t.rel === "modulepreload")) release();
  }

  /** Items per page and the like: a change sends the form at once, before any script has come. */
  function changed(event: Event) {
    const select = event.target as HTMLSelectElement | null;
    if (!select?.matches?.("select[data-submit-on-change]") || !select.form) return;
    document.documentElement.dataset.navigating = "";
    select.form.requestSubmit();
  }

  // The submit buttons kept for browsers without scripts (`data-until-loader`, app.css) are not needed here.
  document.documentElement.dataset.loader = "";
  if (early) {
    if (document.readyState === "loading") addEventListener("DOMContentLoaded", early.count, { once: true });
    else early.count();
  }
  addEventListener("click", hold, true);
  addEventListener("submit", hold, true);
  addEventListener("error", failed, true);
  addEventListener("change", changed);
  const ready = enhanced ? "app:enhanced" : "app:hydrated";
  addEventListener(ready, release, { once: true });
  if (enhanced ? win.__enhanced : win.__hydrated) release();
  setTimeout(letFormsPost, 15_000);
}

/** The inline script's text; `early`: an expression for its early cart (lib/cart/cart-add-early.ts `earlyCartSource`). */
export function holdUntilReadyScript(enhanced: boolean, early = "null"): string {
  return `(${holdUntilReady.toString()})(${enhanced}, ${early});`;
}
