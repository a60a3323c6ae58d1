/**
 * A button that shows and hides a block (`data-disclosure`, `aria-controls` naming it): the block gets `data-open`,
 * the button `aria-expanded`. A link followed inside the block closes it again (a page of the dealer area's React
 * pages keeps its layout, so the sidebar would otherwise stay open on the next page).
 */
function setOpen(button: Element, target: HTMLElement, open: boolean) {
  target.toggleAttribute("data-open", open);
  button.setAttribute("aria-expanded", String(open));
}

export function enhanceDisclosures(): void {
  document.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    const button = target?.closest("[data-disclosure]");
    const block = button ? document.getElementById(button.getAttribute("aria-controls") ?? "") : null;
    if (button && block) {
      setOpen(button, block, !block.hasAttribute("data-open"));
      return;
    }
    const link = target?.closest("a[href]");
    const openBlock = link?.closest<HTMLElement>("[data-open][id]");
    const owner = openBlock ? document.querySelector(`[data-disclosure][aria-controls="${openBlock.id}"]`) : null;
    if (openBlock && owner) setOpen(owner, openBlock, false);
  });
}
