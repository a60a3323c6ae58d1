/**
 * The few lines every page runs before React (decision 009). Sent inline by entry.server, so this function must not
 * use anything from outside its own body: it is sent as its source text.
 *
 * - `lazy` (visitors' catalogue and content pages): the server sends the page without loading its scripts; they are
 *   loaded and the page hydrated on the visitor's first sign of use (the pointer over the page, a touch, a key, the
 *   wheel, focus). A page that nobody touches costs no script at all.
 * - Always: a click on a button or a form submitted before React runs is held, not lost, and replayed once the page
 *   is hydrated (buttons that only work with scripts need not be disabled until then). If a script fails to load,
 *   held actions go ahead without React; if React has not come 15 seconds after the scripts were asked for, forms
 *   post as they would with scripts switched off (other clicks keep waiting: without React they would do nothing).
 */
export function holdUntilHydrated(lazy: boolean): void {
  const win = window as Window & { __hydrated?: boolean; __firstUse?: string };
  const doc = document;
  const self = doc.currentScript as HTMLScriptElement | null;
  const nonce = self?.nonce ?? "";
  const intents = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin", "wheel"];
  type Held = { submit: boolean; replay: () => void };
  let held: Held[] = [];
  let started = !lazy;
  let released = false;
  let formsPost = false;

  /** Hydrated (or the scripts failed): what was held goes on, and nothing more is held. */
  function release() {
    if (released) return;
    released = true;
    removeEventListener("click", hold, true);
    removeEventListener("submit", hold, true);
    // After React's own listeners are in place: a replayed click reaches them.
    const now = held;
    held = [];
    setTimeout(() => {
      for (const h of now) h.replay();
    });
  }

  /** Still no React after a while: forms post as they would without scripts; other clicks keep waiting. */
  function letFormsPost() {
    formsPost = true;
    const submits = held.filter((h) => h.submit);
    held = held.filter((h) => !h.submit);
    for (const h of submits) h.replay();
  }

  function load() {
    for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="x-modulepreload"]')) {
      const preload = doc.createElement("link");
      preload.rel = "modulepreload";
      preload.href = link.href;
      preload.nonce = nonce;
      doc.head.append(preload);
    }
    // The inert script is the one the server put right after this loader: nothing else on the page can pose as it.
    const inert = self?.nextElementSibling;
    if (inert instanceof HTMLScriptElement && inert.type === "text/x-module") {
      const script = doc.createElement("script");
      script.type = "module";
      script.nonce = nonce;
      script.textContent = inert.textContent;
      doc.head.append(script);
    }
  }

  function start(event: Event) {
    if (started) return;
    started = true;
    // What the visitor did first: a press (a tap, a click, a key) lets the page make sound at once.
    win.__firstUse = event.type;
    for (const type of intents) removeEventListener(type, start, true);
    if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", load, { once: true });
    else load();
    setTimeout(letFormsPost, 15_000);
  }

  function hold(event: Event) {
    if (released) return;
    const target = event.target as Element | null;
    let h: Held;
    if (event.type === "submit") {
      if (formsPost) return;
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
      const form = (control as HTMLButtonElement).form ?? null;
      const submit = form !== null && (control as HTMLButtonElement).type === "submit";
      if (submit && formsPost) return;
      // A submit button that React replaces (a no-script fallback) still sends its form.
      h = {
        submit,
        replay: () => {
          if (control.isConnected) control.click();
          else if (submit && form?.isConnected) form.requestSubmit();
        },
      };
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(h);
    start(event);
  }

  /** A script or preload that fails to load: React will not come, so nothing is held any longer. */
  function failed(event: Event) {
    const t = event.target;
    if (t instanceof HTMLScriptElement || (t instanceof HTMLLinkElement && t.rel === "modulepreload")) release();
  }

  addEventListener("click", hold, true);
  addEventListener("submit", hold, true);
  addEventListener("error", failed, true);
  addEventListener("app:hydrated", release, { once: true });
  if (win.__hydrated) release();
  if (lazy) for (const type of intents) addEventListener(type, start, { capture: true, passive: true });
  else setTimeout(letFormsPost, 15_000);
}

/** The inline script's text. */
export function hydrationLoaderScript(lazy: boolean): string {
  return `(${holdUntilHydrated.toString()})(${lazy});`;
}
