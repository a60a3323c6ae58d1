import { useLocation } from "react-router";
import type { PublicUser } from "#shared/schemas/auth.ts";
import type { PublicSiteSettings } from "#shared/schemas/settings.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { LayoutDashboard, Menu, Search } from "#web/components/ui/icons.tsx";
import { CartLink } from "./cart-link.tsx";
import { Logo } from "./logo.tsx";
import { LogoutButton } from "./logout-button.tsx";
import { MOBILE_MENU_ID, MobileMenu } from "./mobile-menu.tsx";
import { NavDropdown } from "./nav-dropdown.tsx";
import { isCurrent, MAIN_NAV } from "./nav-links.ts";
import { SearchField } from "./search-field.tsx";
import { TopBar } from "./top-bar.tsx";

const navLinkClass = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-md px-2 text-sm font-medium whitespace-nowrap md:max-lg:px-1 lg:px-3 ${active ? "text-accent-700 underline decoration-2 underline-offset-8" : "text-slate-800 hover:text-accent-700"}`;

/**
 * The normal header (spec §2): top bar, then logo and navigation. 118 px tall from md up (the dealer sidebar's
 * offset), sticky there; below md the links move into the slide-in menu and the header is slim: the top bar scrolls
 * away (its links are in the menu and the footer) and the row with the logo, Cart and Menu stays in view (sticky at
 * −40 px, the top bar's height). Plain links, a CSS menu and a popover: it
 * works before any script, on React's pages and on the pages sent without React alike (decision 013).
 */
export function MainHeader({ settings, user }: { settings: PublicSiteSettings; user: PublicUser | null }) {
  const { pathname } = useLocation();
  const link = (to: string, className: string, children: React.ReactNode) => (
    <a href={to} aria-current={isCurrent(pathname, to) ? "page" : undefined} className={className}>
      {children}
    </a>
  );
  return (
    <header data-site-header="" className="sticky -top-10 z-30 bg-white shadow-sm md:top-0">
      <TopBar settings={settings} />
      <div className={`${CONTAINER} flex h-16 items-center justify-between gap-2 md:h-[78px]`}>
        <Logo name={settings.companyName} nameClassName="md:max-lg:sr-only" />
        {/* From 1280 px a search box (suggestions as you type: enhance/search-suggest.ts); narrower, the Search link below. */}
        <search className="mx-4 max-w-xs min-w-52 flex-1 max-xl:hidden">
          <form method="get" action="/search" className="relative">
            <SearchField
              id="header-q"
              placeholder="Search products"
              className="min-h-11 w-full rounded-md border border-slate-400 pr-11 pl-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-700"
            />
            <button
              type="submit"
              className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-md text-slate-700 hover:text-accent-700"
            >
              <Search aria-hidden="true" className="size-5" />
              <span className="sr-only">Search</span>
            </button>
          </form>
        </search>
        <nav aria-label="Main" className="max-md:hidden">
          <ul className="flex items-center gap-0.5 md:max-lg:gap-0">
            {MAIN_NAV.map((item) =>
              item.children ? (
                <NavDropdown key={item.to} item={item} pathname={pathname} linkClassName={navLinkClass} />
              ) : (
                <li key={item.to}>{link(item.to, navLinkClass(isCurrent(pathname, item.to)), item.label)}</li>
              ),
            )}
            {user ? (
              <li>
                {link(
                  "/dealer",
                  `${navLinkClass(isCurrent(pathname, "/dealer"))} gap-1.5`,
                  <>
                    <LayoutDashboard aria-hidden="true" className="size-4 max-lg:hidden" />
                    Dashboard
                  </>,
                )}
              </li>
            ) : (
              <>
                <li>{link("/login", navLinkClass(isCurrent(pathname, "/login")), "Login")}</li>
                <li>
                  {link(
                    "/signup",
                    "ml-1 inline-flex min-h-10 items-center rounded-md bg-accent-700 px-3 text-sm md:max-lg:px-2 font-semibold whitespace-nowrap text-white hover:bg-accent-800",
                    "Sign Up",
                  )}
                </li>
              </>
            )}
            <li className="xl:hidden">
              {link(
                "/search",
                `${navLinkClass(isCurrent(pathname, "/search"))} min-w-11 justify-center`,
                <>
                  <Search aria-hidden="true" className="size-5" />
                  <span className="sr-only">Search</span>
                </>,
              )}
            </li>
            <li>
              <CartLink
                active={isCurrent(pathname, "/cart")}
                className={(active) => `${navLinkClass(active)} min-w-11 justify-center [&>span:last-child]:max-lg:sr-only`}
              />
            </li>
            {user ? (
              <li>
                <LogoutButton className={`${navLinkClass(false)} gap-1.5`} labelClassName="max-lg:sr-only" />
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="flex items-center gap-1 md:hidden">
          {link(
            "/search",
            "inline-flex size-11 items-center justify-center rounded-md text-slate-900 hover:bg-slate-100",
            <>
              <Search aria-hidden="true" className="size-6" />
              <span className="sr-only">Search</span>
            </>,
          )}
          <CartLink active={isCurrent(pathname, "/cart")} className={(active) => `${navLinkClass(active)} [&>span:last-child]:sr-only`} />
          <button
            type="button"
            popoverTarget={MOBILE_MENU_ID}
            aria-label="Menu"
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-900 hover:bg-slate-100"
          >
            <Menu aria-hidden="true" className="size-6" />
          </button>
        </div>
      </div>
      <MobileMenu pathname={pathname} user={user} settings={settings} />
    </header>
  );
}
