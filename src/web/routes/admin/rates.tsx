import { ArrowLeft } from "lucide-react";
import { Link, Outlet, useLocation } from "react-router";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { correctTarget, RATES_TABS, type RatesTab, ratesTabAt } from "#web/features/admin/rates/rates-tabs.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/rates";

/**
 * The dated rates (issue 21 §6): the layout of the exchange rates and VAT tabs (routes/admin/rates/), with their tab
 * bar; `?correct=<id>` opens an exchange rate's correction form in place of the list.
 */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Rates – Admin", { description: "The exchange rate and the VAT rate, by day.", noIndex: true });
}

function Tabs({ current }: { current: RatesTab }) {
  return (
    <nav aria-label="Rates" className="border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {RATES_TABS.map((t) => (
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

export default function AdminRates() {
  const location = useLocation();
  const tab = ratesTabAt(location.pathname);
  const correcting = tab.id === "exchange" && correctTarget(new URLSearchParams(location.search).get("correct")) !== null;
  const flash = (location.state as { flash?: string } | null)?.flash ?? null;
  return (
    <AdminPage
      title={correcting ? "Correct an exchange rate" : "Rates"}
      description={
        correcting
          ? undefined
          : "The official exchange rate that makes every ZWG price from the USD one, and the standard VAT rate, each from its day on."
      }
      actions={
        correcting ? (
          <Link to="/admin/rates" className="inline-flex min-h-11 items-center gap-2 font-semibold text-accent-800 hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4" /> Exchange rates
          </Link>
        ) : null
      }
      tour="rates-page"
    >
      {correcting ? null : <Tabs current={tab} />}
      {flash && !correcting ? <FormAlert tone="success">{flash}</FormAlert> : null}
      <Outlet />
    </AdminPage>
  );
}
