import { Outlet, useLocation } from "react-router";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { TabBar, tabAt } from "#web/features/admin/kit/tab-bar.tsx";
import { STOCK_TABS } from "#web/features/admin/stock/stock-tabs.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/stock";

/**
 * Stock per branch: the layout of its tabs (routes/admin/stock/): levels with adjustments, incoming
 * shipments, the ledger, low stock, branches, delivery fees and the counts import.
 */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Stock – Admin", {
    description: "Stock per product and branch, shipments and the stock ledger.",
    noIndex: true,
  });
}

export default function AdminStock() {
  const location = useLocation();
  const tab = tabAt(STOCK_TABS, location.pathname);
  const flash = (location.state as { flash?: string } | null)?.flash ?? null;
  return (
    <AdminPage
      title="Stock"
      description="Stock per product and branch: on hand, reserved for quotations and orders, available, and what is on its way. Every change is a row of the ledger."
    >
      <TabBar label="Stock" tabs={STOCK_TABS} current={tab} />
      {flash ? <FormAlert tone="success">{flash}</FormAlert> : null}
      <Outlet />
    </AdminPage>
  );
}
