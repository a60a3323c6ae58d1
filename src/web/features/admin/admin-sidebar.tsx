import {
  BriefcaseBusiness,
  ChartLine,
  ChevronDown,
  ClipboardList,
  FileText,
  History,
  Hourglass,
  KeyRound,
  LayoutDashboard,
  Mail,
  MapPinned,
  Newspaper,
  Package,
  ReceiptText,
  Settings,
  ShoppingBag,
  Store,
  UserCog,
  Users,
  Warehouse,
} from "lucide-react";
import { useEffect, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { can, type Person } from "#shared/can.ts";
import type { Permission } from "#shared/staff.ts";
import { useCurrentUser } from "#web/lib/root-data.ts";

/**
 * The back office's screens and the permission each needs (decision 035; the pages' loaders ask the same, and the
 * server again). `null`: every back-office account (the dashboard; the rates and the back office's accounts, which
 * anyone there may read).
 */
export const ADMIN_SCREENS: readonly { to: string; label: string; Icon: typeof Package; permission: Permission | null }[] = [
  { to: "/admin", label: "Dashboard", Icon: LayoutDashboard, permission: null },
  { to: "/admin/products", label: "Products", Icon: Package, permission: "catalogue.edit" },
  { to: "/admin/stock", label: "Stock", Icon: Warehouse, permission: "stock.adjust" },
  { to: "/admin/dealers", label: "Dealers", Icon: Store, permission: "dealers.read" },
  { to: "/admin/quotations", label: "Quotations", Icon: ClipboardList, permission: "quotations.decide" },
  { to: "/admin/leads", label: "Leads", Icon: MapPinned, permission: "leads.assign" },
  { to: "/admin/orders", label: "Orders", Icon: ShoppingBag, permission: "orders.read" },
  { to: "/admin/invoices", label: "Invoices", Icon: ReceiptText, permission: "money.documents" },
  { to: "/admin/ageing", label: "Ageing", Icon: Hourglass, permission: "orders.payments" },
  { to: "/admin/users", label: "Admin Users", Icon: UserCog, permission: null },
  { to: "/admin/roles", label: "Roles", Icon: KeyRound, permission: "staff.manage" },
  { to: "/admin/blogs", label: "Blogs", Icon: Newspaper, permission: "content.edit" },
  { to: "/admin/team", label: "Team", Icon: Users, permission: "content.edit" },
  { to: "/admin/case-studies", label: "Case Studies", Icon: BriefcaseBusiness, permission: "content.edit" },
  { to: "/admin/content", label: "Site Content", Icon: FileText, permission: "content.edit" },
  { to: "/admin/messages", label: "Messages", Icon: Mail, permission: "messages.read" },
  { to: "/admin/rates", label: "Rates", Icon: ChartLine, permission: null },
  { to: "/admin/settings", label: "Settings", Icon: Settings, permission: "settings.edit" },
  { to: "/admin/fiscal", label: "Fiscalisation", Icon: ReceiptText, permission: "money.documents" },
  { to: "/admin/audit", label: "Audit Log", Icon: History, permission: "audit.read" },
];

/** The screens a person's role opens (decision 035). */
export function screensFor(person: Person) {
  return ADMIN_SCREENS.filter((s) => s.permission === null || can.do(person, s.permission));
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium ${isActive ? "bg-slate-800 text-white" : "text-slate-200 hover:bg-slate-800 hover:text-white"}`;

/** The back office's sidebar: fixed under the admin header from md up, collapsible below. */
export function AdminSidebar() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const user = useCurrentUser();
  const screens = screensFor(user);
  // biome-ignore lint/correctness/useExhaustiveDependencies: collapse again after every navigation
  useEffect(() => setOpen(false), [location.key]);
  return (
    <aside
      aria-label="Back office"
      data-tour="admin-sidebar"
      className="on-dark bg-slate-900 md:fixed md:top-16 md:bottom-0 md:left-0 md:z-20 md:w-60 md:overflow-y-auto"
    >
      <div className="flex items-center justify-between px-4 py-3">
        <div>
          <p className="text-sm font-semibold tracking-wide text-slate-100 uppercase">Back office</p>
          {/* Whose menu this is: it lists what the role allows, no more (decision 035). */}
          {user?.staffRole ? (
            <p className="text-sm text-slate-300" data-testid="staff-role">
              Signed in as {user.staffRole.name}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="admin-nav"
          onClick={() => setOpen((v) => !v)}
          className="inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm font-medium text-white hover:bg-slate-800 md:hidden"
        >
          Admin menu
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
          />
        </button>
      </div>
      <nav id="admin-nav" aria-label="Admin" className={`px-3 pb-4 ${open ? "" : "max-md:hidden"}`}>
        <ul className="space-y-1">
          {screens.map(({ to, label, Icon }) => (
            <li key={to}>
              <NavLink to={to} end={to === "/admin"} className={linkClass}>
                <Icon aria-hidden="true" className="size-4" /> {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
