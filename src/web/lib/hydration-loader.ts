/**
 * The few lines every page runs before React (decision 009). Sent inline by entry.server, so this function must not
 * use anything from outside its own body: it is sent as its source text.
 *
 * - `lazy` (visitors' catalogue and content pages): the server sends the page without loading its scripts; they are
 *   loaded and the page hydrated on the visitor's first sign of use (the pointer over the page, a touch, a key, the
 *   wheel, focus). A page that nobody touches costs no script at all.
 * - Always: a click on a button or a form submitted before React runs is held, not lost, and replayed once the page
 *   is hydrated (buttons that only work with scripts need not be disabled until then). If hydration has not happened
 *   ten seconds after the scripts were asked for, held actions go ahead without it: a form posts as it would with
 *   scripts switched off.
 */
export function holdUntilHydrated(lazy: boolean): void {
  const win = window as Window & { __hydrated?: boolean };
  const doc = document;
  const nonce = (doc.currentScript as HTMLScriptElement | null)?.nonce ?? "";
  const intents = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin", "wheel"];
  const held: Array<() => void> = [];
  let started = !lazy;
  let released = false;

  function release() {
    if (released) return;
    released = true;
    removeEventListener("click", hold, true);
    removeEventListener("submit", hold, true);
    // After React's own listeners are in place: a replayed click reaches them.
    setTimeout(() => {
      for (const replay of held.splice(0)) replay();
    });
  }

  function load() {
    for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="x-modulepreload"]')) {
      const preload = doc.createElement("link");
      preload.rel = "modulepreload";
      preload.href = link.href;
      preload.nonce = nonce;
      doc.head.append(preload);
    }
    const inert = doc.getElementById("hydrate-on-use");
    if (inert) {
      const script = doc.createElement("script");
      script.type = "module";
      script.nonce = nonce;
      script.textContent = inert.textContent;
      doc.head.append(script);
    }
  }

  function start() {
    if (started) return;
    started = true;
    for (const type of intents) removeEventListener(type, start, true);
    if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", load, { once: true });
    else load();
    setTimeout(release, 10_000);
  }

  function hold(event: Event) {
    if (released) return;
    const target = event.target as Element | null;
    let replay: (() => void) | undefined;
    if (event.type === "submit") {
      const form = target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      replay = () => {
        if (form.isConnected) form.requestSubmit(submitter?.isConnected && submitter.closest("form") === form ? submitter : null);
      };
    } else {
      const control = target?.closest?.<HTMLElement>('button, [role="button"], [role="tab"], input[type="submit"]');
      if (!control) return;
      const form = (control as HTMLButtonElement).form ?? null;
      // A submit button that React replaces (a no-script fallback) still sends its form.
      replay = () => {
        if (control.isConnected) control.click();
        else if (form?.isConnected && (control as HTMLButtonElement).type === "submit") form.requestSubmit();
      };
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(replay);
    start();
  }

  addEventListener("click", hold, true);
  addEventListener("submit", hold, true);
  addEventListener("app:hydrated", release, { once: true });
  if (win.__hydrated) release();
  if (lazy) for (const type of intents) addEventListener(type, start, { capture: true, passive: true });
  else setTimeout(release, 10_000);
}

/** The inline script's text. */
export function hydrationLoaderScript(lazy: boolean): string {
  return `(${holdUntilHydrated.toString()})(${lazy});`;
}
