import { Mail, Phone, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { NavLink } from "react-router";
import type { PublicUser } from "#shared/schemas/auth.ts";
import type { PublicSiteSettings } from "#shared/schemas/settings.ts";
import { WhatsappIcon } from "../ui/brand-icons.tsx";
import { CartLink } from "./cart-link.tsx";
import { LogoutButton } from "./logout-button.tsx";
import { MAIN_NAV, telUrl, whatsappUrl } from "./nav-links.ts";
import { SocialLinks } from "./social-links.tsx";

export const MOBILE_MENU_ID = "mobile-menu";

const rowClass = (active: boolean) =>
  `flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-base ${active ? "bg-accent-50 font-semibold text-accent-800" : "text-slate-900 hover:bg-slate-100"}`;

/**
 * The slide-in menu below the md breakpoint: every link of the header. It does not trap focus; Escape, the close
 * button, a click on the backdrop or on a link close it.
 */
export function MobileMenu({
  open,
  onClose,
  user,
  settings,
}: {
  open: boolean;
  onClose: (returnFocus: boolean) => void;
  user: PublicUser | null;
  settings: PublicSiteSettings;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose(true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, onClose]);

  const close = () => onClose(false);

  return (
    <div
      className={`fixed inset-0 z-50 transition-[visibility] duration-300 md:hidden motion-reduce:transition-none ${open ? "visible" : "invisible"}`}
    >
      <div
        aria-hidden="true"
        onClick={close}
        className={`absolute inset-0 bg-slate-900/50 transition-opacity duration-300 motion-reduce:transition-none ${open ? "opacity-100" : "opacity-0"}`}
      />
      <nav
        id={MOBILE_MENU_ID}
        aria-label="Mobile"
        className={`absolute top-0 right-0 flex h-full w-80 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl transition-transform duration-300 motion-reduce:transition-none ${open ? "translate-x-0" : "translate-x-full"}`}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
          <span className="text-base font-semibold text-slate-900">Menu</span>
          <button
            ref={closeRef}
            type="button"
            onClick={() => onClose(true)}
            aria-label="Close menu"
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        <ul className="space-y-1 p-3">
          {MAIN_NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === "/"} onClick={close} className={({ isActive }) => rowClass(isActive)}>
                {item.label}
              </NavLink>
              {item.children ? (
                <ul aria-label={item.label} className="mt-1 ml-3 space-y-1 border-l border-slate-200 pl-2">
                  {item.children.map((child) => (
                    <li key={child.to}>
                      <NavLink to={child.to} onClick={close} className={({ isActive }) => `${rowClass(isActive)} text-slate-700`}>
                        {child.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
          <li>
            <CartLink onNavigate={close} className={rowClass} />
          </li>
          {user ? (
            <>
              <li>
                <NavLink to="/dealer" onClick={close} className={({ isActive }) => rowClass(isActive)}>
                  Dashboard
                </NavLink>
              </li>
              <li>
                <LogoutButton onSubmit={close} className={rowClass(false)} />
              </li>
            </>
          ) : (
            <>
              <li>
                <NavLink to="/login" onClick={close} className={({ isActive }) => rowClass(isActive)}>
                  Login
                </NavLink>
              </li>
              <li>
                <NavLink to="/signup" onClick={close} className={({ isActive }) => rowClass(isActive)}>
                  Sign Up
                </NavLink>
              </li>
            </>
          )}
        </ul>
        <div className="mt-auto border-t border-slate-200 p-3">
          <ul className="space-y-1">
            <li>
              <a href={whatsappUrl(settings.whatsappNumber)} target="_blank" rel="noopener noreferrer" className={rowClass(false)}>
                <WhatsappIcon width={18} height={18} /> WhatsApp
              </a>
            </li>
            <li>
              <a href={telUrl(settings.phone)} className={rowClass(false)}>
                <Phone aria-hidden="true" className="size-[18px]" /> {settings.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${settings.salesEmail}`} className={`${rowClass(false)} break-all`}>
                <Mail aria-hidden="true" className="size-[18px] shrink-0" /> {settings.salesEmail}
              </a>
            </li>
          </ul>
          <SocialLinks social={settings.social} className="mt-2 flex-wrap" linkClassName="size-11 text-slate-700 hover:bg-slate-100" />
        </div>
      </nav>
    </div>
  );
}
