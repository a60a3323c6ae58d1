import { ArrowLeft } from "lucide-react";
import { useCallback } from "react";
import { data, Link, useLocation, useNavigate } from "react-router";
import { ADMIN_PRODUCT_SORTS, type AdminProductSort } from "#shared/schemas/catalogue-admin.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { type ListParamOptions, pageOf, readListParams, sortRows } from "#web/features/admin/kit/list-params.ts";
import { BrandForm, BrandList } from "#web/features/admin/products/brands-panel.tsx";
import { CATALOGUE_TABS, type CatalogueTab, tabOf, withParam } from "#web/features/admin/products/catalogue-admin-shared.ts";
import { FeaturedForm, FeaturedList } from "#web/features/admin/products/featured-panel.tsx";
import { ProductForm } from "#web/features/admin/products/product-form.tsx";
import { ProductList } from "#web/features/admin/products/product-list.tsx";
import { requireAdminPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { useRootData } from "#web/lib/root-data.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/products";

const PRODUCT_LIST: ListParamOptions = {
  sorts: ADMIN_PRODUCT_SORTS,
  defaultSort: "date",
  defaultDir: "desc",
  filters: ["category"],
};
const FEATURED_LIST: ListParamOptions = { sorts: ["position", "name"], defaultSort: "position" };
const BRAND_LIST: ListParamOptions = { sorts: ["name", "products"], defaultSort: "name" };

/** The record a form is opened for: `new`, an id, or nothing. */
function formTarget(value: string | null): "new" | number | null {
  if (value === "new") return "new";
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** Products, featured products and brands (issue 6); `?tab=` picks one, `?product=`, `?featured=`, `?brand=` open a form. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("tab"));
  const admin = context.services.catalogueAdmin;
  const actor = context.actor;

  if (tab === "featured") {
    const [all, choices] = await Promise.all([admin.listFeatured(actor), admin.productChoices(actor)]);
    const target = formTarget(url.searchParams.get("featured"));
    const editing = typeof target === "number" ? (all.find((f) => f.id === target) ?? null) : null;
    if (typeof target === "number" && !editing) throw data("Featured product not found.", { status: 404 });
    const params = readListParams(url, FEATURED_LIST);
    const sorted =
      params.sort === "name" ? sortRows(all, (f) => f.name.toLowerCase(), params.dir) : params.dir === "desc" ? [...all].reverse() : all;
    const page = pageOf(sorted, params, (f) => `${f.name} ${f.product_name}`);
    return { tab, featured: { ...page, all, params, choices, form: target === null ? null : { editing } } } as const;
  }

  if (tab === "brands") {
    const all = await admin.listBrands(actor);
    const target = formTarget(url.searchParams.get("brand"));
    const editing = typeof target === "number" ? (all.find((b) => b.id === target) ?? null) : null;
    if (typeof target === "number" && !editing) throw data("Brand not found.", { status: 404 });
    const params = readListParams(url, BRAND_LIST);
    const sorted = sortRows(all, (b) => (params.sort === "products" ? b.product_count : b.name.toLowerCase()), params.dir);
    const page = pageOf(sorted, params, (b) => b.name);
    return { tab, brands: { ...page, all, params, form: target === null ? null : { editing } } } as const;
  }

  const [categories, brands] = await Promise.all([context.services.catalogue.listCategories(), context.services.catalogue.listBrandsMin()]);
  const target = formTarget(url.searchParams.get("product"));
  if (target !== null) {
    let editing = null;
    if (target !== "new") {
      try {
        editing = await admin.getProduct(actor, target);
      } catch (err) {
        if (knownFailure(err)?.statusCode === 404) throw data("Product not found.", { status: 404 });
        throw err;
      }
    }
    return { tab, products: { categories, brands, form: { editing }, list: null } } as const;
  }
  const params = readListParams(url, PRODUCT_LIST);
  const category = Number(params.filters.category);
  const list = await admin.listProducts(actor, {
    q: params.q,
    category: Number.isInteger(category) && category > 0 ? category : null,
    sort: params.sort as AdminProductSort,
    dir: params.dir,
    page: params.page,
    pageSize: params.pageSize,
  });
  return { tab, products: { categories, brands, form: null, list: { ...list, params } } } as const;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Manage Products – Admin", {
    description: "Products, featured products and brands in the back office.",
    noIndex: true,
  });
}

function Tabs({ current }: { current: CatalogueTab }) {
  return (
    <nav aria-label="Catalogue" className="border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {CATALOGUE_TABS.map((t) => (
          <li key={t.id}>
            <Link
              to={t.id === "products" ? "/admin/products" : `/admin/products?tab=${t.id}`}
              aria-current={t.id === current ? "page" : undefined}
              className={`inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-semibold whitespace-nowrap ${
                t.id === current
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

function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center gap-2 font-semibold text-accent-800 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" /> {children}
    </Link>
  );
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const secondaryCurrency = useRootData()?.settings.secondaryCurrency ?? "ZWG";
  const flash = (location.state as { flash?: string } | null)?.flash ?? null;
  /** Back to the list the form was opened from, with a message. */
  const closeForm = useCallback(
    (param: string, message?: string) =>
      navigate(withParam(location.search, param, null), { state: message ? { flash: message } : null, preventScrollReset: false }),
    [navigate, location.search],
  );

  let content: React.ReactNode = null;
  let title = "Manage Products";
  let back: React.ReactNode = null;
  if (loaderData.tab === "featured") {
    const f = loaderData.featured;
    if (f.form) {
      title = f.form.editing ? "Edit featured product" : "Feature a product";
      back = <BackLink to={withParam(location.search, "featured", null)}>Featured products</BackLink>;
      content = (
        <div className="max-w-3xl">
          <FeaturedForm
            key={f.form.editing?.id ?? "new"}
            featured={f.form.editing}
            choices={f.choices}
            onSaved={(message) => closeForm("featured", message)}
            onCancel={() => closeForm("featured")}
          />
        </div>
      );
    } else {
      content = <FeaturedList rows={f.rows} count={f.count} params={f.params} all={f.all} />;
    }
  } else if (loaderData.tab === "brands") {
    const b = loaderData.brands;
    if (b.form) {
      title = b.form.editing ? "Edit brand" : "Add a brand";
      back = <BackLink to={withParam(location.search, "brand", null)}>Brands</BackLink>;
      content = (
        <div className="max-w-3xl">
          <BrandForm
            key={b.form.editing?.id ?? "new"}
            brand={b.form.editing}
            onSaved={(message) => closeForm("brand", message)}
            onCancel={() => closeForm("brand")}
          />
        </div>
      );
    } else {
      content = <BrandList rows={b.rows} count={b.count} params={b.params} all={b.all} />;
    }
  } else {
    const p = loaderData.products;
    if (p.form) {
      title = p.form.editing ? "Edit product" : "Add a product";
      back = <BackLink to={withParam(location.search, "product", null)}>All products</BackLink>;
      content = (
        <div className="max-w-3xl">
          <ProductForm
            key={p.form.editing?.product_id ?? "new"}
            product={p.form.editing}
            categories={p.categories}
            brands={p.brands}
            secondaryCurrency={secondaryCurrency}
            onSaved={(message) => closeForm("product", message)}
            onCancel={() => closeForm("product")}
          />
        </div>
      );
    } else if (p.list) {
      content = (
        <ProductList
          rows={p.list.rows}
          count={p.list.count}
          params={p.list.params}
          categories={p.categories}
          secondaryCurrency={secondaryCurrency}
        />
      );
    }
  }

  return (
    <AdminPage
      title={title}
      description={
        back ? undefined : "Products with their prices, images and datasheets; the products featured on the products page; and the brands."
      }
      actions={back}
    >
      {back ? null : <Tabs current={loaderData.tab} />}
      {flash && !back ? <FormAlert tone="success">{flash}</FormAlert> : null}
      {content}
    </AdminPage>
  );
}
