/**
 * The search boxes' suggestions (./search-suggest.ts, a file of its own) are loaded on the first focus of a box
 * marked `data-search-suggest`: a visit that never searches does not load them.
 */
export function suggestOnFocus(): void {
  document.addEventListener("focusin", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.hasAttribute("data-search-suggest")) return;
    import("./search-suggest.ts").then(
      (m) => m.attachSuggest(input),
      () => {}, // Not loaded (offline): the box is a plain search form.
    );
  });
}
