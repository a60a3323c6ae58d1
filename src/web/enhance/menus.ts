/**
 * The header's menus (components/layout/nav-dropdown.tsx, mobile-menu.tsx) open without scripts: CSS on hover and
 * focus, a popover for the phone menu. This adds what needs a script (spec §9): a dropdown's button opens and closes
 * it (`data-open`, with aria-expanded), Escape closes it and puts the focus back on its button, a click elsewhere
 * closes it; Escape keeps it closed (`data-closed`) until the pointer or the focus leaves it. The phone menu puts
 * the focus on its close button when it opens.
 */
function setOpen(item: HTMLElement, open: boolean) {
  item.toggleAttribute("data-open", open);
  item.querySelector("[data-dropdown-toggle]")?.setAttribute("aria-expanded", String(open));
}

export function enhanceMenus(): void {
  const dropdowns = () => document.querySelectorAll<HTMLElement>("[data-dropdown]");

  document.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    const toggle = target?.closest<HTMLElement>("[data-dropdown-toggle]");
    const item = toggle?.closest<HTMLElement>("[data-dropdown]");
    for (const other of dropdowns()) if (other !== item && !other.contains(target)) setOpen(other, false);
    if (!toggle || !item) return;
    const open = !item.hasAttribute("data-open");
    item.removeAttribute("data-closed");
    setOpen(item, open);
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const item = (event.target as Element | null)?.closest<HTMLElement>("[data-dropdown]");
    if (!item) return;
    event.stopPropagation();
    setOpen(item, false);
    item.setAttribute("data-closed", "");
    item.querySelector<HTMLElement>("[data-dropdown-toggle]")?.focus();
  });

  const reopenable = (event: Event) => {
    const item = (event.target as Element | null)?.closest?.<HTMLElement>("[data-dropdown]");
    if (!item) return;
    const related = (event as FocusEvent).relatedTarget as Node | null;
    if (event.type === "focusout" && related && item.contains(related)) return;
    item.removeAttribute("data-closed");
    if (event.type === "focusout") setOpen(item, false);
  };
  document.addEventListener("pointerout", (event) => {
    const item = (event.target as Element | null)?.closest?.<HTMLElement>("[data-dropdown]");
    if (item && !item.contains(event.relatedTarget as Node | null)) item.removeAttribute("data-closed");
  });
  document.addEventListener("focusout", reopenable);

  for (const menu of document.querySelectorAll<HTMLElement>("[popover]#mobile-menu")) {
    menu.addEventListener("toggle", (event) => {
      if ((event as ToggleEvent).newState === "open") menu.querySelector<HTMLElement>("[data-menu-close]")?.focus();
    });
  }
}
