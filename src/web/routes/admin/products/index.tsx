import { sellerIsVatRegistered } from "#shared/tax.ts";
import { redirectOldTab, useCloseForm } from "#web/features/admin/products/catalogue-admin-shared.ts";
import { DealerPricesForm } from "#web/features/admin/products/dealer-prices-form.tsx";
import { ProductForm } from "#web/features/admin/products/product-form.tsx";
import { ProductList } from "#web/features/admin/products/product-list.tsx";
import { productsTab } from "#web/features/admin/products/products-tab.server.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { useRootData } from "#web/lib/root-data.ts";
import type { Route } from "./+types/index";

/** The products: one page of the list, or the form `?product=new` / `?product=<id>` opens. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue.edit");
  const url = new URL(request.url);
  redirectOldTab(url);
  return productsTab(context, url);
}

export default function AdminProductsList({ loaderData: p }: Route.ComponentProps) {
  const closeForm = useCloseForm("product");
  const settings = useRootData()?.settings;
  const secondaryCurrency = settings?.secondaryCurrency ?? "ZWG";
  if (p.form) {
    return (
      <div className="max-w-3xl">
        <ProductForm
          key={p.form.editing?.product_id ?? "new"}
          product={p.form.editing}
          categories={p.categories}
          brands={p.brands}
          secondaryCurrency={secondaryCurrency}
          hsCodeRequired={sellerIsVatRegistered(settings?.vatNumber)}
          onSaved={closeForm}
          onCancel={() => closeForm()}
        />
        {p.form.editing && p.form.pricing ? (
          <DealerPricesForm
            key={`prices-${p.form.editing.product_id}`}
            productId={p.form.editing.product_id}
            listPrice={p.form.editing.price_usd ?? ""}
            tiers={p.form.pricing.tiers}
            rules={p.form.pricing.rules}
          />
        ) : null}
      </div>
    );
  }
  return p.list ? (
    <ProductList
      rows={p.list.rows}
      count={p.list.count}
      params={p.list.params}
      categories={p.categories}
      secondaryCurrency={secondaryCurrency}
    />
  ) : null;
}
