import { Link } from "react-router";
import { formatDate } from "#shared/dates.ts";
import type { Category } from "#shared/schemas/catalogue.ts";
import type { AdminProduct } from "#shared/schemas/catalogue-admin.ts";
import { formatHsCode, VAT_CATEGORY_LABELS } from "#shared/tax.ts";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { money } from "./catalogue-admin-shared.ts";
import { CatalogueTable, CatalogueThumbnail } from "./catalogue-ui.tsx";

type Props = {
  rows: readonly AdminProduct[];
  count: number;
  params: ListParams;
  categories: readonly Category[];
  secondaryCurrency: string;
};

/** The products: search by name, a category filter, sorting by name, USD price or date, edit and delete. */
export function ProductList({ rows, count, params, categories, secondaryCurrency }: Props) {
  return (
    <CatalogueTable
      param="product"
      label="Products"
      rows={rows}
      count={count}
      params={params}
      id={(p) => p.product_id}
      rowLabel={(p) => p.product_name}
      search={{ placeholder: "Product name" }}
      filters={[
        {
          name: "category",
          label: "Category",
          allLabel: "All categories",
          options: categories.map((c) => ({ value: String(c.id), label: c.name })),
        },
        // Products saved before the HS code was required (decision 016): a change to one must add it.
        { name: "hs_code", label: "HS code", allLabel: "Any", options: [{ value: "missing", label: "No HS code" }] },
      ]}
      columns={[
        {
          key: "image",
          header: "Image",
          className: "w-20",
          cell: (p) => <CatalogueThumbnail folder="products" name={p.images.split(",")[0]} />,
        },
        {
          key: "name",
          header: "Name",
          sortable: true,
          className: NAME_CELL_CLASS,
          cell: (p) => (
            <>
              <Link to={`/product/${p.product_id}`} className="font-medium text-slate-900 underline-offset-2 hover:underline">
                {p.product_name}
              </Link>
              <span className="block text-slate-600">{p.category_name}</span>
              {/* Issue 21 §3: what the tax invoice prints for it, small under the name to keep the table compact. */}
              <span className="block text-xs text-slate-600" data-product-tax="">
                {p.hs_code ? <Token>{`HS ${formatHsCode(p.hs_code)}`}</Token> : <span className="text-amber-800">No HS code</span>}
                {p.vat_category !== "standard" ? <> · {VAT_CATEGORY_LABELS[p.vat_category]}</> : null}
              </span>
            </>
          ),
        },
        {
          key: "price",
          header: "List price (USD)",
          sortable: true,
          className: "text-right",
          // The retail price small under the list price, to keep the table within the Help button's lane.
          cell: (p) => (
            <span className="flex flex-col items-end">
              <Token>{money(p.price_usd)}</Token>
              <span className="text-xs whitespace-nowrap text-slate-600">
                RRP <Token>{money(p.retail_price_usd)}</Token>
              </span>
            </span>
          ),
        },
        {
          key: "secondary",
          header: `Price (${secondaryCurrency})`,
          className: "text-right",
          // A secondary price is the USD price at the day's rate unless an admin set one on purpose.
          cell: (p) =>
            p.price_zwl ? (
              <span className="flex flex-col items-end">
                <Token>{money(p.price_zwl)}</Token>
                <span className="text-xs font-medium text-amber-800">Set by hand</span>
              </span>
            ) : (
              <span className="text-sm whitespace-nowrap text-slate-600">At the day's rate</span>
            ),
        },
        { key: "date", header: "Added", sortable: true, cell: (p) => <Token>{formatDate(p.created_At)}</Token> },
      ]}
      remove={{
        url: (id) => `/api/products/delete-product/${id}`,
        noun: "product",
        label: "Delete",
        missing: "Product",
        title: (p) => `Delete ${p.product_name}?`,
        body: () => (
          <p>
            The product, its images and its datasheet are removed, and it is no longer featured. Quotations and orders keep its name. This
            cannot be undone.
          </p>
        ),
      }}
      add="Add product"
      empty="No products yet. Add the first one."
      tour="product-list"
      searchTour="product-search"
    />
  );
}
