import { formatDate } from "#shared/dates.ts";
import type { LowStockView } from "#shared/schemas/stock.ts";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import { BADGE } from "#web/features/admin/kit/badge.ts";
import { DataTable } from "#web/features/admin/kit/data-table.tsx";
import { pageOf, readListParams } from "#web/features/admin/kit/list-params.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/low";

const LOW_LIST = { sorts: [], defaultSort: "", defaultPageSize: 50 } as const;

/** Products at or below their reorder level over every branch, the emptiest first, with what is on its way. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "stock.adjust");
  const params = readListParams(request.url, LOW_LIST);
  const rows = await context.services.stockAdmin.lowStock(context.actor);
  return { ...pageOf(rows, params, (r) => `${r.product_name} ${r.sku ?? ""}`), params };
}

export default function AdminLowStock({ loaderData }: Route.ComponentProps) {
  const { rows, count, params } = loaderData;
  return (
    <DataTable<LowStockView>
      label="Low stock"
      rows={rows}
      count={count}
      params={params}
      rowKey={(r) => r.product_id}
      rowLabel={(r) => r.product_name}
      search={{ placeholder: "Product name or SKU" }}
      tour="stock-low"
      columns={[
        {
          key: "product",
          header: "Product",
          className: NAME_CELL_CLASS,
          cell: (r) => (
            <span>
              <span className="font-medium text-slate-900">{r.product_name}</span>
              {r.sku ? <Token className="block text-sm text-slate-600">{r.sku}</Token> : null}
            </span>
          ),
        },
        {
          key: "available",
          header: "Available",
          className: "text-right",
          cell: (r) => <span className={r.available <= 0 ? BADGE.bad : BADGE.warn}>{r.available}</span>,
        },
        { key: "reorder", header: "Reorder level", className: "text-right", cell: (r) => <Token>{r.reorder_level}</Token> },
        { key: "on_hand", header: "On hand", className: "text-right", cell: (r) => <Token>{r.on_hand}</Token> },
        { key: "backordered", header: "Backordered", className: "text-right", cell: (r) => <Token>{r.backordered}</Token> },
        { key: "incoming", header: "Incoming", className: "text-right", cell: (r) => <Token>{r.incoming}</Token> },
        {
          key: "next",
          header: "Next arrival",
          cell: (r) =>
            r.next_arrival ? <Token>{formatDate(r.next_arrival)}</Token> : <span className="text-slate-600">None expected</span>,
        },
      ]}
      empty="Nothing is low: every product has more available than its reorder level."
    />
  );
}
