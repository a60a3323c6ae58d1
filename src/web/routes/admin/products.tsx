import { ArrowLeft } from "lucide-react";
import { Link, Outlet, useLocation } from "react-router";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { TabBar, tabAt } from "#web/features/admin/kit/tab-bar.tsx";
import { CATALOGUE_TABS, formTarget, withParam } from "#web/features/admin/products/catalogue-admin-shared.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/products";

/**
 * Products, featured products and brands: the layout of the three parts (routes/admin/products/), with
 * their tab bar; `?product=`, `?featured=`, `?brand=` open a part's form in place of the list.
 */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Manage Products – Admin", {
    description: "Products, featured products and brands in the back office.",
    noIndex: true,
  });
}

export default function AdminProducts() {
  const location = useLocation();
  const tab = tabAt(CATALOGUE_TABS, location.pathname);
  const target = formTarget(new URLSearchParams(location.search).get(tab.param));
  const flash = (location.state as { flash?: string } | null)?.flash ?? null;
  const formTitle = target === null ? null : target === "new" ? tab.add : tab.edit;
  return (
    <AdminPage
      title={formTitle ?? "Manage Products"}
      description={
        formTitle
          ? undefined
          : "Products with their prices, images and datasheets; the products featured on the products page; and the brands."
      }
      actions={
        formTitle ? (
          <Link
            to={withParam(location.search, tab.param, null)}
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-accent-800 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" /> {tab.back}
          </Link>
        ) : null
      }
    >
      {formTitle ? null : <TabBar label="Catalogue" tabs={CATALOGUE_TABS} current={tab} />}
      {flash && !formTitle ? <FormAlert tone="success">{flash}</FormAlert> : null}
      <Outlet />
    </AdminPage>
  );
}
