import {
  COMPARE_MAX,
  COMPARE_STORAGE_KEY,
  type CompareList,
  compareHref,
  EMPTY_COMPARE_LIST,
  readCompareList,
  toggleCompare,
} from "#shared/compare.ts";
import { toast } from "./toast.ts";

/**
 * Compare: the server sends each Compare as a link to that product's comparison
 * (features/catalogue/compare-control.tsx); here it becomes a toggle button (aria-pressed) that keeps the chosen
 * products in localStorage (#shared/compare.ts's rules: up to four, one category), and a bar along the bottom shows
 * how many are chosen with the link to their comparison and Clear. A product of another category is refused with a
 * toast, and the bar offers to start a new comparison with it. On /compare the comparison shown becomes the list.
 */
export const COMPARE_FULL = `Up to ${COMPARE_MAX} products can be compared at once. Remove one first.`;
export const COMPARE_OTHER_CATEGORY = "A comparison holds products of one category. The bar below can start a new one.";
export const COMPARE_NOT_SAVED = "The comparison could not be saved in this browser.";

type Choice = { id: number; category: string };

let offer: (Choice & { name: string }) | null = null;

function load(): CompareList {
  try {
    return readCompareList(localStorage.getItem(COMPARE_STORAGE_KEY));
  } catch {
    return EMPTY_COMPARE_LIST;
  }
}

function save(list: CompareList): void {
  try {
    if (list.ids.length) localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(list));
    else localStorage.removeItem(COMPARE_STORAGE_KEY);
  } catch {
    toast("error", COMPARE_NOT_SAVED);
  }
  draw();
}

const LINK = "min-h-11 rounded-md px-3 text-sm font-medium text-accent-800 underline underline-offset-4";

/** The buttons' pressed states and the bar, from the stored list. */
function draw(): void {
  const { ids } = load();
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-compare]")) {
    button.setAttribute("aria-pressed", String(ids.includes((JSON.parse(button.dataset.compare ?? "{}") as Choice).id)));
  }
  let bar = document.querySelector<HTMLElement>("[data-compare-bar]");
  // Nothing chosen, or the comparison is the page itself: no bar.
  if ((!ids.length && !offer) || document.querySelector("[data-compare-page]")) {
    bar?.remove();
    document.body.style.paddingBottom = "";
    return;
  }
  if (!bar) {
    bar = document.createElement("aside");
    bar.dataset.compareBar = "";
    bar.setAttribute("aria-label", "Comparison");
    // On a page with the floating Help button (the dealer area, the back office) the bar stops short of the button's
    // lane from md up, as the page's own content does (HELP_BUTTON_GUTTER, decision 012): neither covers the other.
    const lane = document.querySelector("[data-help-tours]") ? " md:right-[96px]" : "";
    bar.className = `fixed inset-x-0 bottom-0 z-50 border-t border-slate-300 bg-white px-4 py-2 shadow-lg${lane}`;
    bar.innerHTML = `<div class="mx-auto flex max-w-7xl flex-wrap items-center justify-end gap-x-3"><p class="mr-auto text-sm"></p><a class="inline-flex min-h-11 items-center rounded-md bg-accent-700 px-4 text-sm font-semibold text-white hover:bg-accent-800"></a><button type="button" data-compare-action="clear" class="${LINK}">Clear</button></div><div class="mx-auto flex max-w-7xl flex-wrap items-center justify-end gap-x-4 border-t border-slate-200"><p class="mr-auto text-sm"></p><button type="button" data-compare-action="new" class="${LINK}">Start a new comparison with it</button></div>`;
    document.body.append(bar);
  }
  const [count, offerText] = bar.querySelectorAll("p");
  const go = bar.querySelector("a") as HTMLAnchorElement;
  (count as HTMLElement).textContent = ids.length ? `${ids.length} of ${COMPARE_MAX} chosen` : "Nothing chosen to compare";
  go.hidden = !ids.length;
  go.textContent = `Compare (${ids.length})`;
  go.href = compareHref(ids);
  (bar.querySelector("button") as HTMLElement).hidden = !ids.length;
  (offerText?.parentElement as HTMLElement).hidden = !offer;
  (offerText as HTMLElement).textContent = `${offer?.name} is of another category than the products you are comparing.`;
  document.body.style.paddingBottom = `${bar.offsetHeight}px`;
}

/**
 * Each Compare link becomes a toggle button, with the link's look and content; returns the button made of `clicked`.
 * Done when the page is idle (a task of its own, not added to the page's start), or at once for a Compare pressed
 * before that.
 */
function upgrade(clicked?: Element): HTMLButtonElement | null {
  let made: HTMLButtonElement | null = null;
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-compare]")) {
    const b = Object.assign(document.createElement("button"), { type: "button", className: link.className });
    b.dataset.compare = link.dataset.compare;
    b.append(...link.childNodes);
    link.replaceWith(b);
    if (link === clicked) made = b;
  }
  return made;
}

export function enhanceCompare(): void {
  const page = document.querySelector<HTMLElement>("[data-compare-page]");
  const start = () => {
    upgrade();
    if (page) save(readCompareList(page.dataset.comparePage));
    else draw();
  };
  if ("requestIdleCallback" in window) requestIdleCallback(start, { timeout: 1000 });
  else setTimeout(start, 1);

  document.addEventListener("click", (event) => {
    let target = event.target as Element | null;
    const link = target?.closest("a[data-compare]");
    if (link) {
      // A Compare pressed before the page was idle: every link becomes its button now, this one pressed (focus kept).
      event.preventDefault();
      target = upgrade(link);
      if (target instanceof HTMLElement && document.activeElement === document.body) target.focus();
    }
    const action = target?.closest<HTMLElement>("[data-compare-action]")?.dataset.compareAction;
    if (action === "clear" || action === "new") {
      const next = action === "new" && offer ? { category: offer.category, ids: [offer.id] } : EMPTY_COMPARE_LIST;
      offer = null;
      save(next);
      // The button pressed is gone: the comparison's link takes the focus (or, after Clear, the page).
      return document.querySelector<HTMLElement>("[data-compare-bar] a")?.focus();
    }
    const control = target?.closest<HTMLButtonElement>("button[data-compare]");
    if (!control) return;
    const choice = JSON.parse(control.dataset.compare ?? "{}") as Choice;
    const { list, outcome } = toggleCompare(load(), choice);
    offer = null;
    if (outcome === "full") toast("error", COMPARE_FULL);
    if (outcome === "other-category") {
      const name = control.querySelector(".sr-only")?.textContent?.trim() || "This product";
      offer = { ...choice, name };
      toast("error", COMPARE_OTHER_CATEGORY);
    }
    save(list);
  });
  // Another tab changed the list.
  addEventListener("storage", (event) => {
    if (event.key === COMPARE_STORAGE_KEY || event.key === null) draw();
  });
}
