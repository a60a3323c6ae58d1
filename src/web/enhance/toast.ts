import { TOAST_DEFAULTS } from "#shared/constants.ts";
import { toastTop } from "../components/ui/toast-offset.ts";

/**
 * Toasts on the pages sent without React (decision 013), with the spec's defaults (§9) as the React pages' sonner
 * has them: top right, at most 3 at once, 4000 ms, 14 px apart, 356 px wide, a close button. The list is a polite
 * live region that is on the page before the first toast, so screen readers announce each one.
 */
let region: HTMLOListElement | null = null;

function toastRegion(): HTMLOListElement {
  if (region?.isConnected) return region;
  region = document.createElement("ol");
  region.setAttribute("aria-label", "Notifications");
  region.setAttribute("aria-live", "polite");
  region.dataset.toaster = "";
  region.className =
    "pointer-events-none fixed right-4 left-4 z-[60] flex flex-col items-end gap-[14px] sm:left-auto [&>li]:pointer-events-auto";
  document.body.append(region);
  return region;
}

export function prepareToasts(): void {
  toastRegion();
}

export function toast(kind: "success" | "error", message: string): void {
  const list = toastRegion();
  // Under the header (its Cart badge), wherever the page is scrolled: set through the CSSOM, not an attribute (decision 011).
  list.style.top = `${toastTop()}px`;
  const item = document.createElement("li");
  item.dataset.toast = kind;
  item.className = `flex w-full max-w-[356px] items-center gap-3 rounded-lg border bg-white p-4 text-sm font-medium shadow-lg sm:w-[356px] ${
    kind === "success" ? "border-slate-200 text-slate-900" : "border-red-200 text-red-900"
  }`;
  const text = document.createElement("p");
  text.className = "flex-1";
  text.textContent = message;
  const close = document.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", "Close toast");
  close.className = "inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100";
  close.textContent = "×";
  close.addEventListener("click", () => item.remove());
  item.append(text, close);
  list.append(item);
  while (list.children.length > TOAST_DEFAULTS.visibleToasts) list.firstElementChild?.remove();
  setTimeout(() => item.remove(), TOAST_DEFAULTS.duration);
}
