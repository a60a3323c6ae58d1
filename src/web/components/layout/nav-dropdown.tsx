import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { NavLink } from "react-router";
import { DROPDOWN_CLOSE_DELAY_MS } from "#shared/constants.ts";
import type { NavItem } from "./nav-links.ts";

/**
 * A top-level link with a disclosure menu: opens on hover or with its button, closes on Escape, when focus
 * leaves, on a click outside, and 200 ms after the pointer leaves (spec §9).
 */
export function NavDropdown({ item, linkClassName }: { item: NavItem; linkClassName: (active: boolean) => string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelClose = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  };
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  return (
    <li
      ref={rootRef}
      className="relative"
      onPointerEnter={(e) => {
        if (e.pointerType !== "mouse") return;
        cancelClose();
        setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType === "mouse") scheduleClose();
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <div className="flex items-center">
        <NavLink to={item.to} className={({ isActive }) => `${linkClassName(isActive)} pr-1`}>
          {item.label}
        </NavLink>
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={`${item.label} menu`}
          onClick={() => {
            cancelClose();
            setOpen((v) => !v);
          }}
          className="inline-flex min-h-11 min-w-7 items-center justify-center rounded-md text-slate-700 hover:text-accent-700"
        >
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
          />
        </button>
      </div>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute top-full left-0 z-40 min-w-56 rounded-md border border-slate-200 bg-white py-2 shadow-lg"
      >
        {item.children?.map((child) => (
          <li key={child.to}>
            <NavLink
              to={child.to}
              onClick={() => setOpen(false)}
              className={({ isActive }) =>
                `block px-4 py-2.5 text-sm hover:bg-accent-50 ${isActive ? "font-semibold text-accent-800" : "text-slate-800"}`
              }
            >
              {child.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
