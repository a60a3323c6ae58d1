import {
  BadgeCheck,
  BookOpen,
  Boxes,
  ChevronDown,
  ClipboardList,
  House,
  ListPlus,
  MapPinned,
  Package,
  ReceiptText,
  ScrollText,
  UserRound,
  UserRoundPlus,
  UsersRound,
} from "lucide-react";
import { NavLink } from "react-router";
import { can } from "#shared/can.ts";
import type { PublicUser } from "#shared/schemas/auth.ts";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium ${isActive ? "bg-accent-50 text-accent-800" : "text-slate-800 hover:bg-slate-100"}`;

/**
 * The dealer area's sidebar (spec §2): fixed 118 px under the header from md up, a collapsible menu below it (the
 * button is a disclosure of src/web/enhance/disclosure.ts, so it works the same on the landing page, which visitors
 * get without React, and on the dealer area's React pages).
 * Quotations, Orders and the Price list are for dealers (role_id 2: a company's owner and its
 * buyers) only; a company's technicians get Orders and Team; Become a Dealer and the label Member for
 * everyone else. `statement`: the person may read the company's amounts (decision 034; the layout asks the actor).
 */
export function DealerSidebar({ user, statement = false }: { user: PublicUser | null; statement?: boolean }) {
  // What the menu offers is asked of the permissions (decision 030); the label names the account's role.
  const orders = can.placeOrders(user);
  const companyPerson = can.enterDealerArea(user);
  const label = orders ? "Dealer" : user?.role === "technician" ? "Technician" : "Member";
  // The admin header is shorter than the normal one; the sidebar follows whichever is shown. Classes, not a style
  // attribute (decision 011): 118 px is SIDEBAR_OFFSET_PX, written out because Tailwind reads class names as text.
  const top = can.enterBackOffice(user) ? "md:top-16" : "md:top-[118px]";

  return (
    <aside
      data-tour="dealer-sidebar"
      aria-label="Dealer area"
      className={`${top} border-b border-slate-200 bg-white md:fixed md:bottom-0 md:left-0 md:z-20 md:w-60 md:overflow-y-auto md:border-r md:border-b-0`}
    >
      <div className="flex items-center justify-between gap-2 px-4 py-3">
        <p className="flex items-center gap-2 text-sm">
          <BadgeCheck aria-hidden="true" className={`size-5 ${orders ? "text-green-700" : "text-slate-500"}`} />
          <span className="font-semibold text-slate-900">{label}</span>
          {user ? <span className="truncate text-slate-600">{user.fullName}</span> : null}
        </p>
        <button
          type="button"
          aria-expanded="false"
          aria-controls="dealer-nav"
          data-disclosure=""
          className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 md:hidden"
        >
          Dealer menu
          <ChevronDown
            aria-hidden="true"
            className="size-4 transition-transform in-aria-expanded:rotate-180 motion-reduce:transition-none"
          />
        </button>
      </div>
      <nav id="dealer-nav" aria-label="Dealer" className="px-3 pb-4 max-md:not-data-open:hidden">
        <ul className="space-y-1">
          <li>
            <NavLink to="/dealer" end className={linkClass}>
              <House aria-hidden="true" className="size-4" /> Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/dealer/profile" className={linkClass}>
              <UserRound aria-hidden="true" className="size-4" /> Profile
            </NavLink>
          </li>
          <li>
            <NavLink to="/dealer/manual" className={linkClass}>
              <BookOpen aria-hidden="true" className="size-4" /> Help Manual
            </NavLink>
          </li>
          {orders ? (
            <>
              <li>
                <NavLink to="/dealer/quotations" className={linkClass}>
                  <ClipboardList aria-hidden="true" className="size-4" /> Quotations
                </NavLink>
              </li>
              <li>
                <NavLink to="/dealer/orders" className={linkClass}>
                  <Package aria-hidden="true" className="size-4" /> Orders
                </NavLink>
              </li>
              {statement ? (
                <li>
                  <NavLink to="/dealer/statement" className={linkClass}>
                    <ScrollText aria-hidden="true" className="size-4" /> Statement
                  </NavLink>
                </li>
              ) : null}
              <li>
                <NavLink to="/dealer/price-list" className={linkClass}>
                  <ReceiptText aria-hidden="true" className="size-4" /> Price list
                </NavLink>
              </li>
              <li>
                <NavLink to="/dealer/quick-order" className={linkClass}>
                  <ListPlus aria-hidden="true" className="size-4" /> Quick order
                </NavLink>
              </li>
              <li>
                <NavLink to="/dealer/kits" className={linkClass}>
                  <Boxes aria-hidden="true" className="size-4" /> Kits
                </NavLink>
              </li>
              <li>
                <NavLink to="/dealer/leads" className={linkClass}>
                  <MapPinned aria-hidden="true" className="size-4" /> Leads
                </NavLink>
              </li>
            </>
          ) : companyPerson ? (
            <li>
              <NavLink to="/dealer/orders" className={linkClass}>
                <Package aria-hidden="true" className="size-4" /> Orders
              </NavLink>
            </li>
          ) : (
            <li>
              <NavLink to="/dealer/register" className={linkClass}>
                <UserRoundPlus aria-hidden="true" className="size-4" /> Become a Dealer
              </NavLink>
            </li>
          )}
          {can.seeTeam(user) ? (
            <li>
              <NavLink to="/dealer/team" className={linkClass}>
                <UsersRound aria-hidden="true" className="size-4" /> Team
              </NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
    </aside>
  );
}
