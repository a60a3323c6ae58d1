import type { PublicUser } from "#shared/schemas/auth.ts";
import type { PublicSiteSettings } from "#shared/schemas/settings.ts";
import { Mail, Phone, X } from "#web/components/ui/icons.tsx";
import { WhatsappIcon } from "../ui/brand-icons.tsx";
import { CartLink } from "./cart-link.tsx";
import { LogoutButton } from "./logout-button.tsx";
import { isCurrent, MAIN_NAV, telUrl, whatsappUrl } from "./nav-links.ts";
import { SearchField } from "./search-field.tsx";
import { SocialLinks } from "./social-links.tsx";

export const MOBILE_MENU_ID = "mobile-menu";

const rowClass = (active: boolean) =>
  `flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-base ${active ? "bg-accent-50 font-semibold text-accent-800" : "text-slate-900 hover:bg-slate-100"}`;

/**
 * The slide-in menu below the md breakpoint: every link of the header. A popover (decision 013): the header's Menu
 * button opens it without any script; Escape, the close button and a tap beside it close it. It does not trap focus;
 * src/web/enhance/menus.ts puts the focus on its close button when it opens.
 */
export function MobileMenu({ pathname, user, settings }: { pathname: string; user: PublicUser | null; settings: PublicSiteSettings }) {
  const link = (to: string, label: string, className = "") => {
    const active = isCurrent(pathname, to);
    return (
      <a href={to} aria-current={active ? "page" : undefined} className={`${rowClass(active)} ${className}`}>
        {label}
      </a>
    );
  };
  return (
    <div
      id={MOBILE_MENU_ID}
      popover="auto"
      className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-80 max-w-[85vw] translate-x-0 overflow-y-auto bg-white p-0 shadow-xl transition-[translate,display,overlay] transition-discrete duration-200 ease-out backdrop:bg-slate-900/50 starting:open:translate-x-1/4 motion-reduce:transition-none md:hidden"
    >
      <nav aria-label="Mobile" className="flex min-h-full flex-col">
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
          <span className="text-base font-semibold text-slate-900">Menu</span>
          <button
            type="button"
            popoverTarget={MOBILE_MENU_ID}
            popoverTargetAction="hide"
            aria-label="Close menu"
            data-menu-close=""
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        <search className="flex gap-2 border-b border-slate-200 p-3">
          <form method="get" action="/search" className="flex w-full gap-2">
            <SearchField
              id="mobile-menu-q"
              placeholder="Search products"
              className="min-h-11 w-full min-w-0 rounded-md border border-slate-400 px-3 text-base text-slate-900"
            />
            <button
              type="submit"
              className="inline-flex min-h-11 shrink-0 items-center rounded-md bg-accent-700 px-3 font-semibold text-white"
            >
              Search
            </button>
          </form>
        </search>
        <ul className="space-y-1 p-3">
          {MAIN_NAV.map((item) => (
            <li key={item.to}>
              {link(item.to, item.label)}
              {item.children ? (
                <ul aria-label={item.label} className="mt-1 ml-3 space-y-1 border-l border-slate-200 pl-2">
                  {item.children.map((child) => (
                    <li key={child.to}>{link(child.to, child.label, "text-slate-700")}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
          <li>
            <CartLink active={isCurrent(pathname, "/cart")} className={rowClass} />
          </li>
          {user ? (
            <>
              <li>{link("/dealer", "Dashboard")}</li>
              <li>
                <LogoutButton className={rowClass(false)} />
              </li>
            </>
          ) : (
            <>
              <li>{link("/login", "Login")}</li>
              <li>{link("/signup", "Sign Up")}</li>
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
