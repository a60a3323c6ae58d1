import { ArrowLeft } from "lucide-react";
import { Link, Outlet, useLocation } from "react-router";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { TabBar, tabAt } from "#web/features/admin/kit/tab-bar.tsx";
import { correctTarget, RATES_TABS } from "#web/features/admin/rates/rates-tabs.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/rates";

/**
 * The dated rates: the layout of the exchange rates and VAT tabs (routes/admin/rates/), with their tab
 * bar; `?correct=<id>` opens an exchange rate's (or a scheduled VAT rate's) correction form in place of the list.
 */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Rates – Admin", { description: "The exchange rate and the VAT rate, by day.", noIndex: true });
}

export default function AdminRates() {
  const location = useLocation();
  const tab = tabAt(RATES_TABS, location.pathname);
  const correcting = correctTarget(new URLSearchParams(location.search).get("correct")) !== null;
  const back = tab.id === "vat" ? { to: "/admin/rates/vat", label: "VAT rates" } : { to: "/admin/rates", label: "Exchange rates" };
  const flash = (location.state as { flash?: string } | null)?.flash ?? null;
  return (
    <AdminPage
      title={correcting ? (tab.id === "vat" ? "Correct a VAT rate" : "Correct an exchange rate") : "Rates"}
      description={
        correcting
          ? undefined
          : "The official exchange rate that makes every ZWG price from the USD one, and the standard VAT rate, each from its day on."
      }
      actions={
        correcting ? (
          <Link to={back.to} className="inline-flex min-h-11 items-center gap-2 font-semibold text-accent-800 hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4" /> {back.label}
          </Link>
        ) : null
      }
      tour="rates-page"
    >
      {correcting ? null : <TabBar label="Rates" tabs={RATES_TABS} current={tab} />}
      {flash && !correcting ? <FormAlert tone="success">{flash}</FormAlert> : null}
      <Outlet />
    </AdminPage>
  );
}
