import {
  BriefcaseBusiness,
  ChartLine,
  ChevronDown,
  ClipboardList,
  FileText,
  History,
  Hourglass,
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

export const ADMIN_SCREENS = [
  { to: "/admin", label: "Dashboard", Icon: LayoutDashboard },
  { to: "/admin/products", label: "Products", Icon: Package },
  { to: "/admin/stock", label: "Stock", Icon: Warehouse },
  { to: "/admin/dealers", label: "Dealers", Icon: Store },
  { to: "/admin/quotations", label: "Quotations", Icon: ClipboardList },
  { to: "/admin/leads", label: "Leads", Icon: MapPinned },
  { to: "/admin/orders", label: "Orders", Icon: ShoppingBag },
  { to: "/admin/invoices", label: "Invoices", Icon: ReceiptText },
  { to: "/admin/ageing", label: "Ageing", Icon: Hourglass },
  { to: "/admin/users", label: "Admin Users", Icon: UserCog },
  { to: "/admin/blogs", label: "Blogs", Icon: Newspaper },
  { to: "/admin/team", label: "Team", Icon: Users },
  { to: "/admin/case-studies", label: "Case Studies", Icon: BriefcaseBusiness },
  { to: "/admin/content", label: "Site Content", Icon: FileText },
  { to: "/admin/messages", label: "Messages", Icon: Mail },
  { to: "/admin/rates", label: "Rates", Icon: ChartLine },
  { to: "/admin/settings", label: "Settings", Icon: Settings },
  { to: "/admin/fiscal", label: "Fiscalisation", Icon: ReceiptText },
  { to: "/admin/audit", label: "Audit Log", Icon: History },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium ${isActive ? "bg-slate-800 text-white" : "text-slate-200 hover:bg-slate-800 hover:text-white"}`;

/** The back office's sidebar: fixed under the admin header from md up, collapsible below. */
export function AdminSidebar() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: collapse again after every navigation
  useEffect(() => setOpen(false), [location.key]);
  return (
    <aside
      aria-label="Back office"
      data-tour="admin-sidebar"
      className="on-dark bg-slate-900 md:fixed md:top-16 md:bottom-0 md:left-0 md:z-20 md:w-60 md:overflow-y-auto"
    >
      <div className="flex items-center justify-between px-4 py-3">
        <p className="text-sm font-semibold tracking-wide text-slate-100 uppercase">Back office</p>
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
          {ADMIN_SCREENS.map(({ to, label, Icon }) => (
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
