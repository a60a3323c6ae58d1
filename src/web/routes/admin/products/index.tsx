import { ADMIN_PRODUCT_SORTS } from "#shared/schemas/catalogue-admin.ts";
import { formTarget, listOf, positiveId, redirectOldTab, useCloseForm } from "#web/features/admin/products/catalogue-admin-shared.ts";
import { ProductForm } from "#web/features/admin/products/product-form.tsx";
import { ProductList } from "#web/features/admin/products/product-list.tsx";
import { requireAdminPage } from "#web/lib/guards.server.ts";
import { useRootData } from "#web/lib/root-data.ts";
import { orNotFound } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/index";

const PRODUCT_LIST = { sorts: ADMIN_PRODUCT_SORTS, defaultSort: "date", defaultDir: "desc", filters: ["category"] } as const;

/** The products: one page of the list, or the form `?product=new` / `?product=<id>` opens. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  redirectOldTab(url);
  const { catalogue, catalogueAdmin: admin } = context.services;
  const target = formTarget(url.searchParams.get("product"));
  const [categories, brands] = await Promise.all([catalogue.listCategories(), catalogue.listBrandsMin()]);
  if (target === null) {
    const list = await listOf(url, PRODUCT_LIST, (q) =>
      admin.listProducts(context.actor, { ...q, category: positiveId(q.filters.category ?? null) }),
    );
    return { categories, brands, form: null, list };
  }
  const editing = target === "new" ? null : await orNotFound(admin.getProduct(context.actor, target));
  return { categories, brands, form: { editing }, list: null };
}

export default function AdminProductsList({ loaderData: p }: Route.ComponentProps) {
  const closeForm = useCloseForm("product");
  const secondaryCurrency = useRootData()?.settings.secondaryCurrency ?? "ZWG";
  if (p.form) {
    return (
      <div className="max-w-3xl">
        <ProductForm
          key={p.form.editing?.product_id ?? "new"}
          product={p.form.editing}
          categories={p.categories}
          brands={p.brands}
          secondaryCurrency={secondaryCurrency}
          onSaved={closeForm}
          onCancel={() => closeForm()}
        />
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
