import { TOAST_DEFAULTS } from "#shared/constants.ts";
import { toastTop } from "../components/ui/toast-offset.ts";

/**
 * Toasts on the pages sent without React (decision 013), with the spec's defaults (§9) as the React pages' sonner
 * has them: top right, at most 3 at once, 4000 ms, 14 px apart, 356 px wide, a close button. The list is a polite
 * live region that is on the page before the first toast, so screen readers announce each one.
 */
export function prepareToasts(): void {
  showToast(null, "", { top: toastTop(), visible: TOAST_DEFAULTS.visibleToasts, duration: TOAST_DEFAULTS.duration });
}

export function toast(kind: "success" | "error", message: string): void {
  showToast(kind, message, { top: toastTop(), visible: TOAST_DEFAULTS.visibleToasts, duration: TOAST_DEFAULTS.duration });
}

export type ToastPlace = { top: number; visible: number; duration: number };

/**
 * Draws a toast (`kind` null: only the list, empty). Sent as its source in the page's inline script too, which
 * answers a first Add to Cart before any script file has come (lib/hydration-loader.ts): it uses nothing from outside
 * its body, and finds the list the other drew, so there is one.
 */
export function showToast(kind: "success" | "error" | null, message: string, place: ToastPlace): void {
  let list = document.querySelector<HTMLOListElement>("ol[data-toaster]");
  if (!list) {
    list = document.createElement("ol");
    list.setAttribute("aria-label", "Notifications");
    list.setAttribute("aria-live", "polite");
    list.dataset.toaster = "";
    // Drawn by app.css's .toaster: short names, as this is sent in every visitor's page (decision 028).
    list.className = "toaster";
    document.body.append(list);
  }
  if (!kind) return;
  // Under the header (its Cart badge), wherever the page is scrolled: set through the CSSOM, not an attribute (decision 011).
  list.style.top = `${place.top}px`;
  const item = document.createElement("li");
  item.dataset.toast = kind;
  const text = document.createElement("p");
  text.textContent = message;
  const close = document.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", "Close toast");
  close.textContent = "×";
  close.addEventListener("click", () => item.remove());
  item.append(text, close);
  list.append(item);
  while (list.children.length > place.visible) list.firstElementChild?.remove();
  setTimeout(() => item.remove(), place.duration);
}
