/**
 * Suggestions as you type in the site's search boxes: inputs marked `data-search-suggest` in a GET form
 * to /search (the header's, the phone menu's, the search page's). Loaded by ./main.ts on the first focus of such an
 * input, so it costs nothing on a first visit; without it the form still sends its GET.
 *
 * The ARIA 1.2 combobox with a listbox popup: the input gets role=combobox, aria-autocomplete=list, aria-expanded and
 * aria-controls; the options are links (`a[role=option]`, so a tap or a click follows them) with ids, the active one
 * named by aria-activedescendant. ↓/↑ move (round), Enter follows the active option or sends the form when none is,
 * Escape closes, Tab leaves. `GET /api/search?q=&limit=6` 180 ms after the last key, from 2 characters; a new key
 * aborts the request under way and an answer for older text is dropped. A polite live region says how many
 * suggestions arrived. Everything is drawn with classes (decision 011) and text nodes, never markup from the answer.
 */

type ProductHit = { product_id: number; product_name: string; brand_name: string | null; sku?: string | null };
type ContentHit = { kind: string; title: string; url: string };
export type SearchAnswer = { products: ProductHit[]; content: ContentHit[] };

export type Suggestion = { href: string; label: string; detail: string; group: "products" | "content" | "all" };

export const MIN_CHARS = 2;
export const DELAY_MS = 180;
const LIMIT = 6;
const CONTENT_SHOWN = 4;
const KINDS: Record<string, string> = { blog: "Blog", "case-study": "Case study", article: "Insights", faq: "FAQ" };

/** The options for an answer: its products, then up to four articles and answers, then "See all results". */
export function suggestionsOf(q: string, answer: SearchAnswer): Suggestion[] {
  return [
    ...answer.products.map(
      (p): Suggestion => ({
        href: `/product/${p.product_id}`,
        label: p.product_name,
        detail: [p.brand_name, p.sku].filter(Boolean).join(" · "),
        group: "products",
      }),
    ),
    ...answer.content
      .slice(0, CONTENT_SHOWN)
      .map((c): Suggestion => ({ href: c.url, label: c.title, detail: KINDS[c.kind] ?? "", group: "content" })),
    { href: `/search?${new URLSearchParams({ q })}`, label: `See all results for “${q}”`, detail: "", group: "all" },
  ];
}

/** What the live region says once suggestions arrive ("See all results" is not counted). */
export function announcement(found: number): string {
  return found === 0 ? "No suggestions" : `${found} suggestion${found === 1 ? "" : "s"}`;
}

const GROUP_LABELS = { products: "Products", content: "Articles and answers" } as const;
const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = "") => {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
};

let boxes = 0;

/** Makes one input a combobox (once). `fetchAnswer` is for the tests. */
export function attachSuggest(
  input: HTMLInputElement,
  fetchAnswer = (q: string, signal: AbortSignal) =>
    fetch(`/api/search?${new URLSearchParams({ q, limit: String(LIMIT) })}`, { signal, headers: { accept: "application/json" } }).then(
      (res) => (res.ok ? (res.json() as Promise<SearchAnswer>) : Promise.reject(new Error(String(res.status)))),
    ),
): void {
  if (input.hasAttribute("aria-controls") || !input.form) return;
  const form = input.form;
  const id = `${input.id || `search-${++boxes}`}-suggestions`;
  const list = el(
    "div",
    "absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg md:right-auto md:w-[28rem] md:max-w-[calc(100vw-2rem)]",
  );
  list.id = id;
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Suggestions");
  list.hidden = true;
  const status = el("p", "sr-only");
  status.setAttribute("role", "status");
  const holder = input.closest("search") ?? form;
  holder.classList.add("relative");
  holder.append(list, status);
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", id);

  let options: HTMLAnchorElement[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let request: AbortController | undefined;
  let asked = "";

  const setActive = (index: number) => {
    options[active]?.setAttribute("aria-selected", "false");
    active = index;
    const option = options[active];
    if (option) {
      option.setAttribute("aria-selected", "true");
      input.setAttribute("aria-activedescendant", option.id);
      option.scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  };
  const close = () => {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    setActive(-1);
  };
  const cancel = () => {
    clearTimeout(timer);
    request?.abort();
    request = undefined;
  };

  const show = (q: string, answer: SearchAnswer) => {
    const suggestions = suggestionsOf(q, answer);
    list.replaceChildren();
    options = [];
    active = -1;
    let group: HTMLElement = list;
    suggestions.forEach((s, i) => {
      if (s.group !== "all" && (i === 0 || suggestions[i - 1]?.group !== s.group)) {
        group = el("div", "py-1");
        group.setAttribute("role", "group");
        const heading = el("div", "px-3 py-1 text-xs font-semibold tracking-wide text-slate-600 uppercase", GROUP_LABELS[s.group]);
        heading.id = `${id}-${s.group}`;
        group.setAttribute("aria-labelledby", heading.id);
        group.append(heading);
        list.append(group);
      } else if (s.group === "all") group = list;
      const option = el(
        "a",
        `flex min-h-11 flex-col justify-center px-3 py-1.5 text-slate-900 hover:bg-slate-100 aria-selected:bg-accent-50 aria-selected:outline-2 aria-selected:-outline-offset-2 aria-selected:outline-accent-700${s.group === "all" ? " border-t border-slate-200 font-semibold text-accent-800" : ""}`,
      );
      option.id = `${id}-${i}`;
      option.href = s.href;
      option.tabIndex = -1;
      option.setAttribute("role", "option");
      option.setAttribute("aria-selected", "false");
      option.append(el("span", "", s.label));
      if (s.detail) option.append(el("span", "text-sm text-slate-600", s.detail));
      group.append(option);
      options.push(option);
    });
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
    status.textContent = announcement(suggestions.length - 1);
  };

  const ask = (q: string) => {
    cancel();
    asked = q;
    const controller = new AbortController();
    request = controller;
    fetchAnswer(q, controller.signal).then(
      (answer) => {
        if (request === controller && asked === q && input.value.trim() === q) show(q, answer);
      },
      () => {
        // Aborted, offline or refused: no suggestions; the form still searches.
        if (request === controller) close();
      },
    );
  };

  input.addEventListener("input", () => {
    const q = input.value.trim();
    cancel();
    if (q.length < MIN_CHARS) {
      asked = "";
      status.textContent = "";
      close();
      return;
    }
    if (q === asked && options.length) return;
    timer = setTimeout(() => ask(q), DELAY_MS);
  });

  input.addEventListener("keydown", (event) => {
    const open = !list.hidden;
    const chosen = options[active];
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!options.length) return;
      event.preventDefault();
      if (!open) {
        list.hidden = false;
        input.setAttribute("aria-expanded", "true");
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From the input (-1), ↓ goes to the first option and ↑ to the last; past either end, back to the input.
      let next = active + step;
      if (active === -1 && step === -1) next = options.length - 1;
      else if (next >= options.length || next < 0) next = -1;
      setActive(next);
    } else if (event.key === "Enter" && open && chosen) {
      event.preventDefault();
      close();
      location.assign(chosen.href);
    } else if (event.key === "Escape" && open) {
      // Closes the list only (not the phone menu around it).
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  });

  // A press on an option keeps the focus in the input, so the list stays until the link is followed.
  list.addEventListener("mousedown", (event) => event.preventDefault());
  input.addEventListener("blur", close);
  form.addEventListener("submit", () => {
    cancel();
    close();
  });
  // Typed while this file was coming: answer it now (not the search page's own query, already answered there).
  if (document.activeElement === input && input.value !== input.defaultValue) input.dispatchEvent(new Event("input"));
}
