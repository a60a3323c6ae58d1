import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { formatDate } from "#shared/dates.ts";
import { imageVariantName, mediaUrl } from "#shared/media.ts";
import type { Category } from "#shared/schemas/catalogue.ts";
import type { AdminProduct } from "#shared/schemas/catalogue-admin.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { ConfirmDialog } from "../kit/confirm-dialog.tsx";
import { DataTable } from "../kit/data-table.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { deleteEach, money, withParam } from "./catalogue-admin-shared.ts";

type Props = {
  rows: readonly AdminProduct[];
  count: number;
  params: ListParams;
  categories: readonly Category[];
  secondaryCurrency: string;
};

const deleteUrl = (id: string | number) => `/api/products/delete-product/${id}`;

/** The products: search by name, a category filter, sorting by name, USD price or date, edit and delete. */
export function ProductList({ rows, count, params, categories, secondaryCurrency }: Props) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const nameOf = (id: string | number) => rows.find((r) => r.product_id === id)?.product_name ?? `Product ${id}`;

  return (
    <>
      <DataTable
        label="Products"
        rows={rows}
        count={count}
        params={params}
        rowKey={(p) => p.product_id}
        rowLabel={(p) => p.product_name}
        search={{ placeholder: "Product name" }}
        filters={[
          {
            name: "category",
            label: "Category",
            allLabel: "All categories",
            options: categories.map((c) => ({ value: String(c.id), label: c.name })),
          },
        ]}
        columns={[
          {
            key: "image",
            header: "Image",
            className: "w-20",
            cell: (p) => {
              const main = p.images.split(",")[0];
              return main ? (
                <img
                  src={mediaUrl("products", imageVariantName(main, 400))}
                  alt=""
                  width={64}
                  height={48}
                  loading="lazy"
                  className="h-12 w-16 rounded border border-slate-200 bg-slate-100 object-cover"
                />
              ) : null;
            },
          },
          {
            key: "name",
            header: "Name",
            sortable: true,
            cell: (p) => (
              <>
                <Link to={`/product/${p.product_id}`} className="font-medium text-slate-900 underline-offset-2 hover:underline">
                  {p.product_name}
                </Link>
                <span className="block text-slate-600">{p.category_name}</span>
              </>
            ),
          },
          {
            key: "price",
            header: "Price (USD)",
            sortable: true,
            className: "text-right tabular-nums",
            cell: (p) => money(p.price_usd),
          },
          {
            key: "secondary",
            header: `Price (${secondaryCurrency})`,
            className: "text-right tabular-nums",
            cell: (p) => money(p.price_zwl) || <span className="text-slate-500">–</span>,
          },
          { key: "date", header: "Added", sortable: true, className: "whitespace-nowrap", cell: (p) => formatDate(p.created_At) },
        ]}
        rowActions={(p) => (
          <>
            <Link to={withParam(location.search, "product", String(p.product_id))} className={buttonClass("outline", "px-3")}>
              <Pencil aria-hidden="true" className="size-4" /> Edit<span className="sr-only"> {p.product_name}</span>
            </Link>
            <button type="button" className={buttonClass("ghost", "px-3 text-red-800")} onClick={() => setDeleting(p)}>
              <Trash2 aria-hidden="true" className="size-4" /> Delete<span className="sr-only"> {p.product_name}</span>
            </button>
          </>
        )}
        bulkDelete={{ noun: "product", onDelete: (ids) => deleteEach(ids, deleteUrl, nameOf) }}
        toolbar={
          <Link to={withParam(location.search, "product", "new")} className={buttonClass("primary")}>
            <Plus aria-hidden="true" className="size-4" /> Add product
          </Link>
        }
        empty="No products yet. Add the first one."
        tour="product-list"
        searchTour="product-search"
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.product_name ?? "this product"}?`}
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return null;
          const failure = await deleteEach([deleting.product_id], deleteUrl, nameOf);
          if (!failure) await revalidator.revalidate();
          return failure;
        }}
      >
        <p>
          The product, its images and its datasheet are removed, and it is no longer featured. Quotations and orders keep its name. This
          cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
