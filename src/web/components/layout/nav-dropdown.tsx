import { ChevronDown } from "#web/components/ui/icons.tsx";
import { isCurrent, type NavItem } from "./nav-links.ts";

/**
 * A top-level link with its menu (spec §9), open without any script (decision 013): on hover (the first pointer
 * movement onto it) and while focus is inside, by CSS; it closes 200 ms after the pointer leaves (a transition
 * delay). src/web/enhance/menus.ts adds the button's toggle, Escape, and a click outside closing it (`data-open`,
 * `data-closed` on the item).
 */
export function NavDropdown({
  item,
  pathname,
  linkClassName,
}: {
  item: NavItem;
  pathname: string;
  linkClassName: (active: boolean) => string;
}) {
  const menuId = `menu-${item.to.slice(1)}`;
  const active = isCurrent(pathname, item.to);
  return (
    <li className="group relative" data-dropdown="">
      <div className="flex items-center">
        <a href={item.to} aria-current={active ? "page" : undefined} className={`${linkClassName(active)} pr-1`}>
          {item.label}
        </a>
        <button
          type="button"
          aria-expanded="false"
          aria-controls={menuId}
          aria-label={`${item.label} menu`}
          data-dropdown-toggle=""
          className="inline-flex min-h-11 min-w-7 items-center justify-center rounded-md text-slate-700 hover:text-accent-700"
        >
          <ChevronDown
            aria-hidden="true"
            className="size-4 transition-transform group-data-open:rotate-180 motion-reduce:transition-none"
          />
        </button>
      </div>
      <ul
        id={menuId}
        className="invisible absolute top-full left-0 z-40 min-w-56 rounded-md border border-slate-200 bg-white py-2 shadow-lg transition-[visibility] delay-200 duration-0 group-focus-within:visible group-focus-within:delay-0 group-hover:visible group-hover:delay-0 group-data-open:visible group-data-closed:invisible!"
      >
        {item.children?.map((child) => {
          const current = isCurrent(pathname, child.to);
          return (
            <li key={child.to}>
              <a
                href={child.to}
                aria-current={current ? "page" : undefined}
                className={`block px-4 py-2.5 text-sm hover:bg-accent-50 ${current ? "font-semibold text-accent-800" : "text-slate-800"}`}
              >
                {child.label}
              </a>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
