import { findCategory } from "#shared/categories.ts";
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
 * Compare (issue 22 §5): the server sends each Compare as a link to that product's comparison
 * (features/catalogue/compare-control.tsx); here it becomes a toggle button (aria-pressed) that keeps the chosen
 * products in localStorage (#shared/compare.ts's rules: up to four, one category), and a bar along the bottom shows
 * how many are chosen with the link to their comparison and Clear. A product of another category is refused with a
 * toast, and the bar offers to start a new comparison with it. On /compare the comparison shown becomes the list.
 */
export const COMPARE_FULL = `Up to ${COMPARE_MAX} products can be compared at once. Remove one first.`;
export const COMPARE_NOT_SAVED = "The comparison could not be saved in this browser.";

type Choice = { id: number; category: string };
const categoryName = (slug: string) => findCategory(slug)?.name.toLowerCase() ?? "other products";

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

/** The buttons' pressed states and the bar, from the stored list. */
function draw(): void {
  const list = load();
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-compare]")) {
    const { id } = JSON.parse(button.dataset.compare ?? "{}") as Choice;
    button.setAttribute("aria-pressed", String(list.ids.includes(id)));
  }
  let bar = document.querySelector<HTMLElement>("[data-compare-bar]");
  // Nothing chosen, or the comparison is the page itself: no bar.
  if ((!list.ids.length && !offer) || document.querySelector("[data-compare-page]")) {
    bar?.remove();
    document.body.style.paddingBottom = "";
    return;
  }
  if (!bar) {
    bar = document.createElement("aside");
    bar.dataset.compareBar = "";
    bar.setAttribute("aria-label", "Comparison");
    bar.className =
      "fixed inset-x-0 bottom-0 z-50 border-t border-slate-300 bg-white/95 px-4 py-2 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur";
    document.body.append(bar);
  }
  const row = (cls: string) => Object.assign(document.createElement("div"), { className: cls });
  const main = row("mx-auto flex max-w-7xl flex-wrap items-center justify-end gap-x-4 gap-y-1");
  const count = document.createElement("p");
  count.className = "mr-auto text-sm text-slate-700";
  const n = list.ids.length;
  count.textContent = n ? `${n} of ${COMPARE_MAX} ${categoryName(list.category)} chosen` : "Nothing chosen to compare";
  main.append(count);
  if (n) {
    const go = Object.assign(document.createElement("a"), {
      href: compareHref(list.ids),
      textContent: `Compare (${n})`,
      className: "inline-flex min-h-11 items-center rounded-md bg-accent-700 px-4 text-sm font-semibold text-white hover:bg-accent-800",
    });
    main.append(go, button("Clear", "clear"));
  }
  bar.replaceChildren(main);
  if (offer) {
    const line = row("mx-auto flex max-w-7xl flex-wrap items-center justify-end gap-x-4 border-t border-slate-200 pt-1");
    const text = Object.assign(document.createElement("p"), {
      className: "mr-auto text-sm text-slate-900",
      textContent: `${offer.name} is not one of the ${categoryName(list.category)} you are comparing.`,
    });
    line.append(text, button(`Start a new comparison with it`, "new"));
    bar.append(line);
  }
  document.body.style.paddingBottom = `${bar.offsetHeight}px`;
}

function button(label: string, action: string): HTMLButtonElement {
  const b = Object.assign(document.createElement("button"), {
    type: "button",
    textContent: label,
    className: "min-h-11 rounded-md px-3 text-sm font-medium text-accent-800 underline underline-offset-4 hover:text-accent-900",
  });
  b.dataset.compareAction = action;
  return b;
}

export function enhanceCompare(): void {
  // Each Compare link becomes a toggle button, with the link's look and content.
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-compare]")) {
    const b = Object.assign(document.createElement("button"), { type: "button", className: link.className });
    b.dataset.compare = link.dataset.compare;
    b.append(...link.childNodes);
    link.replaceWith(b);
  }
  const page = document.querySelector<HTMLElement>("[data-compare-page]");
  if (page) save(readCompareList(page.dataset.comparePage));
  else draw();

  document.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    const action = target?.closest<HTMLElement>("[data-compare-action]")?.dataset.compareAction;
    if (action === "clear" || action === "new") {
      const next = action === "new" && offer ? { category: offer.category, ids: [offer.id] } : EMPTY_COMPARE_LIST;
      offer = null;
      return save(next);
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
      toast("error", `A comparison holds one category: you are comparing ${categoryName(list.category)}.`);
    }
    save(list);
  });
  // Another tab changed the list.
  addEventListener("storage", (event) => {
    if (event.key === COMPARE_STORAGE_KEY || event.key === null) draw();
  });
}
