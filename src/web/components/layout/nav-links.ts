import { CATEGORIES } from "#shared/categories.ts";

export type NavLinkItem = { to: string; label: string };
export type NavItem = NavLinkItem & { children?: NavLinkItem[] };

/** The solar calculator: last in the Products menu (the bar has no room for it beside the search box), and in the footer. */
export const CALCULATOR_LINK: NavLinkItem = { to: "/solar-calculator", label: "Solar Calculator" };

/** The certified installer directory: in the footer and on the dealer programme's page. */
export const INSTALLERS_LINK: NavLinkItem = { to: "/installers", label: "Find an Installer" };

/** The main navigation of the normal header (spec §2); the mobile menu shows the same links. */
export const MAIN_NAV: NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About Us" },
  {
    to: "/products",
    label: "Products",
    children: [...CATEGORIES.map((c) => ({ to: `/category/${c.slug}`, label: c.name })), CALCULATOR_LINK],
  },
  {
    to: "/insights",
    label: "Insights & News",
    children: [
      { to: "/blogs", label: "Blogs" },
      { to: "/case-studies", label: "Case Studies" },
    ],
  },
  { to: "/contact", label: "Contact Us" },
];

/** wa.me wants the number in international form, digits only. */
export function whatsappUrl(number: string, text?: string): string {
  const digits = number.replace(/\D/g, "");
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}

export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** Whether a header link is the current page's: `end` links only on their own path, others on what is below too. */
export function isCurrent(pathname: string, to: string, end = to === "/"): boolean {
  if (pathname === to) return true;
  return !end && pathname.startsWith(to.endsWith("/") ? to : `${to}/`);
}
