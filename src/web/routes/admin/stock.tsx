import { Link, Outlet, useLocation } from "react-router";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { STOCK_TABS, type StockTab, stockTabAt } from "#web/features/admin/stock/stock-tabs.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/stock";

/**
 * Stock per branch (issue 23 §2): the layout of its tabs (routes/admin/stock/): levels with adjustments, incoming
 * shipments, the ledger, low stock, branches, delivery fees and the counts import.
 */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Stock – Admin", {
    description: "Stock per product and branch, shipments and the stock ledger.",
    noIndex: true,
  });
}

function Tabs({ current }: { current: StockTab }) {
  return (
    <nav aria-label="Stock" className="border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {STOCK_TABS.map((t) => (
          <li key={t.id}>
            <Link
              to={t.path}
              aria-current={t.id === current.id ? "page" : undefined}
              className={`inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-semibold whitespace-nowrap ${
                t.id === current.id
                  ? "border-accent-700 text-slate-900"
                  : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"
              }`}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function AdminStock() {
  const location = useLocation();
  const tab = stockTabAt(location.pathname);
  const flash = (location.state as { flash?: string } | null)?.flash ?? null;
  return (
    <AdminPage
      title="Stock"
      description="Stock per product and branch: on hand, reserved for quotations and orders, available, and what is on its way. Every change is a row of the ledger."
    >
      <Tabs current={tab} />
      {flash ? <FormAlert tone="success">{flash}</FormAlert> : null}
      <Outlet />
    </AdminPage>
  );
}
