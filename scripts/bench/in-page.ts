// What runs inside the measured page for an interaction figure. Installed as an init script (before any of the page's
// own scripts), so `watchInteraction` is sent as its source text and may use nothing from outside its own body.
//
// Elements are found by role and accessible name, never by class or data attribute (the markup changes; the names
// stay): `byRole` is a small accessible-name lookup, enough for this site's links, buttons and labelled fields.

/** What an answer (or an observation) is given to look at the page with. */
export type InPage = {
  byRole(role: string, name: string | RegExp, within?: Element | null): Element[];
  name(el: Element): string;
  visible(el: Element | null | undefined): boolean;
  rendered(el: Element | null | undefined): boolean;
  visibleText(text: string): boolean;
};

/** The page's record of one interaction, kept in sessionStorage so that it survives a full navigation. */
export type InteractionRecord = {
  tap: number;
  event: string;
  /** Whether the page's script (src/web/enhance/, or React) had started when the input came. */
  scripted?: boolean;
  ms?: number | null;
};

export const RECORD_KEY = "bench:interaction";
export const ARMED_KEY = "bench:armed";

/**
 * Once armed (ARMED_KEY set in sessionStorage, just before the act), the first pointerdown, touchstart, keydown,
 * pointermove or change is the tap: its event.timeStamp (when the browser received the input, so a busy main thread
 * counts) is recorded, and every animation frame from then on asks `answer` whether the answer is visible. The
 * figure is the time of the first frame that shows it, minus the tap; null when none did within `timeoutMs`.
 * A change counts as the tap for a select, whose choice gives the page no earlier event.
 */
export function watchInteraction<C>(answer: (page: InPage, c: C) => boolean, c: C, timeoutMs: number, recordKey: string, armedKey: string) {
  const ROLES: Record<string, string> = {
    link: "a[href]",
    button: "button, input[type=button], input[type=submit], [role=button]",
    textbox:
      "input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=search], input[type=url], textarea, [role=textbox]",
    combobox: "select, [role=combobox]",
    spinbutton: "input[type=number], [role=spinbutton]",
    navigation: "nav, [role=navigation]",
  };
  const text = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim();
  const name = (el: Element): string => {
    const by = el.getAttribute("aria-labelledby");
    if (by)
      return by
        .split(/\s+/)
        .map((id) => {
          const e = document.getElementById(id);
          return e ? text(e) : "";
        })
        .join(" ")
        .trim();
    const label = el.getAttribute("aria-label");
    if (label) return label.trim();
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) return [...labels].map(text).join(" ");
    return el.matches("input, select, textarea") ? "" : text(el);
  };
  const api: InPage = {
    name,
    byRole(role, wanted, within) {
      const scope = within === undefined ? document : within;
      if (!scope) return [];
      return [...scope.querySelectorAll(ROLES[role] ?? `[role=${role}]`)].filter((el) => {
        const n = name(el);
        return typeof wanted === "string" ? n === wanted : wanted.test(n);
      });
    },
    // Drawn: not display:none, visibility:hidden or transparent, and bigger than the 1 px of a visually hidden text.
    rendered(el) {
      if (!el?.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1;
    },
    // Drawn and inside the viewport: a menu still off screen, waiting to slide in, is not shown.
    visible(el) {
      if (!api.rendered(el)) return false;
      const r = (el as Element).getBoundingClientRect();
      return r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight;
    },
    visibleText(wanted) {
      if (!document.body) return false;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.nodeValue?.includes(wanted) && api.visible(n.parentElement)) return true;
      }
      return false;
    },
  };
  (window as Window & { __bench?: InPage }).__bench = api;

  const read = (): InteractionRecord | null => JSON.parse(sessionStorage.getItem(recordKey) ?? "null");
  const poll = () => {
    const check = () => {
      const record = read();
      if (!record || record.ms !== undefined) return;
      const now = performance.timeOrigin + performance.now();
      let seen = false;
      try {
        seen = answer(api, c);
      } catch {
        // The page is still being drawn (no body yet, say): not visible.
      }
      if (seen || now - record.tap > timeoutMs) {
        sessionStorage.setItem(recordKey, JSON.stringify({ ...record, ms: seen ? now - record.tap : null }));
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  const onInput = (event: Event) => {
    if (sessionStorage.getItem(armedKey) !== "1" || read()) return;
    const w = window as Window & { __enhanced?: boolean; __hydrated?: boolean };
    const scripted = w.__enhanced === true || w.__hydrated === true;
    sessionStorage.setItem(recordKey, JSON.stringify({ tap: performance.timeOrigin + event.timeStamp, event: event.type, scripted }));
    poll();
  };
  for (const type of ["pointerdown", "touchstart", "keydown", "pointermove", "change"])
    addEventListener(type, onInput, { capture: true, passive: true });
  // The answer was a new document (a form posted without scripts): the new page goes on looking.
  if (read()?.ms === undefined && read()) poll();
}

/**
 * The init script's text: `watchInteraction` and the answer as source, the values it is given as JSON. esbuild (tsx) names functions with a `__name`
 * helper that the page does not have; a stand-in is defined first.
 */
export function watchScript<C>(answer: (page: InPage, c: C) => boolean, c: C, timeoutMs: number): string {
  const args = [answer.toString(), JSON.stringify(c), timeoutMs, JSON.stringify(RECORD_KEY), JSON.stringify(ARMED_KEY)];
  return `(() => { const __name = (f) => f; (${watchInteraction.toString()})(${args.join(", ")}); })();`;
}
