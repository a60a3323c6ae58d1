import { data } from "react-router";
import type { DeliveryFeeView } from "#shared/schemas/stock.ts";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import { pageOf } from "#web/features/admin/kit/list-params.ts";
import { listOf, listOrForm, money, useCloseForm } from "#web/features/admin/products/catalogue-admin-shared.ts";
import { CatalogueTable } from "#web/features/admin/products/catalogue-ui.tsx";
import { DeliveryFeeForm } from "#web/features/admin/stock/stock-forms.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/delivery-fees";

const FEE_LIST = { sorts: [], defaultSort: "", defaultPageSize: 50 } as const;

/** The delivery fee per city, or the form `?fee=new` / `?fee=<id>` opens. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "stock.adjust");
  const url = new URL(request.url);
  const all = await context.services.stock.deliveryFees();
  return listOrForm(url, "fee", {
    list: () => listOf(url, FEE_LIST, async (q) => pageOf(all, q, (f) => f.city)),
    form: async (target) => {
      const editing = target === "new" ? null : (all.find((f) => f.id === target) ?? null);
      if (target !== "new" && !editing) throw data("Delivery fee not found.", { status: 404 });
      return { editing };
    },
  });
}

export default function AdminDeliveryFees({ loaderData }: Route.ComponentProps) {
  const closeForm = useCloseForm("fee");
  const { form, list } = loaderData;
  if (form) {
    return (
      <div className="max-w-3xl">
        <DeliveryFeeForm key={form.editing?.id ?? "new"} fee={form.editing} onSaved={closeForm} onCancel={() => closeForm()} />
      </div>
    );
  }
  if (!list) return null;
  return (
    <CatalogueTable<DeliveryFeeView>
      param="fee"
      label="Delivery fees"
      rows={list.rows}
      count={list.count}
      params={list.params}
      id={(f) => f.id}
      rowLabel={(f) => f.city}
      search={{ placeholder: "City" }}
      columns={[
        {
          key: "city",
          header: "City",
          className: NAME_CELL_CLASS,
          cell: (f) => <span className="font-medium text-slate-900">{f.city}</span>,
        },
        { key: "fee", header: "Fee (USD excl. VAT)", className: "text-right", cell: (f) => <Token>USD {money(f.fee_usd)}</Token> },
      ]}
      remove={{
        url: (id) => `/api/delivery-fees/${id}`,
        noun: "delivery fee",
        label: "Delete",
        missing: "Delivery fee",
        title: (f) => `Delete the delivery fee to ${f.city}?`,
        body: () => <p>Checkout no longer offers delivery to this city. Orders already placed keep their fee.</p>,
      }}
      add="Add delivery fee"
      empty="No delivery fees yet: without any, checkout charges no delivery."
      tour="delivery-fee-list"
    />
  );
}
