import { Download } from "lucide-react";
import { Link, useLocation } from "react-router";
import { formatDateTime } from "#shared/dates.ts";
import { STOCK_MOVEMENT_KINDS, STOCK_MOVEMENT_LABELS, type StockMovementView } from "#shared/schemas/stock.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import { DataTable } from "#web/features/admin/kit/data-table.tsx";
import { DateRangeForm } from "#web/features/admin/kit/date-range-form.tsx";
import { readListParams } from "#web/features/admin/kit/list-params.ts";
import { withParam } from "#web/features/admin/products/catalogue-admin-shared.ts";
import { exportQuery, signed } from "#web/features/admin/stock/stock-tabs.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/movements";

const LEDGER_LIST = { sorts: [], defaultSort: "", filters: ["branch", "kind", "product", "from", "to"], defaultPageSize: 50 } as const;

const idOf = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n < 2_147_483_648 ? n : undefined;
};
const dayOf = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** The stock ledger, newest first, by branch, kind, product and days. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "stock.adjust");
  const params = readListParams(request.url, LEDGER_LIST);
  const f = params.filters;
  const kind = (STOCK_MOVEMENT_KINDS as readonly string[]).includes(f.kind ?? "") ? (f.kind as StockMovementView["kind"]) : "";
  const product = idOf(f.product);
  const branch = idOf(f.branch);
  const from = dayOf(f.from);
  const to = dayOf(f.to);
  const { stockAdmin, stock } = context.services;
  const [page, branches] = await Promise.all([
    stockAdmin.ledger(context.actor, {
      kind,
      ...(product ? { product } : {}),
      ...(branch ? { branch } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      page: params.page,
      pageSize: params.pageSize,
    }),
    stock.branches(),
  ]);
  return { ...page, params, branches, productName: product ? (page.rows[0]?.product_name ?? `Product ${product}`) : null };
}

export default function AdminStockMovements({ loaderData }: Route.ComponentProps) {
  const { rows, count, params, branches, productName } = loaderData;
  const location = useLocation();
  return (
    <div className="space-y-4">
      {productName ? (
        <p className="text-sm text-slate-800">
          Movements of <span className="font-semibold">{productName}</span> only.{" "}
          <Link to={withParam(location.search, "product", null)} className="font-semibold text-accent-800 underline">
            Show every product
          </Link>
        </p>
      ) : null}
      <DateRangeForm
        id="ledger"
        keep={{ branch: params.filters.branch, kind: params.filters.kind, product: params.filters.product }}
        from={params.filters.from}
        to={params.filters.to}
      />
      <DataTable<StockMovementView>
        label="Stock movements"
        rows={rows}
        count={count}
        params={params}
        rowKey={(m) => m.id}
        rowLabel={(m) => `${STOCK_MOVEMENT_LABELS[m.kind]} of ${m.product_name} at ${m.branch_name}`}
        filters={[
          {
            name: "branch",
            label: "Branch",
            allLabel: "All branches",
            options: branches.map((b) => ({ value: String(b.id), label: b.name })),
          },
          {
            name: "kind",
            label: "Kind",
            allLabel: "All kinds",
            options: STOCK_MOVEMENT_KINDS.map((k) => ({ value: k, label: STOCK_MOVEMENT_LABELS[k] })),
          },
        ]}
        toolbar={
          <a
            href={`/api/stock/movements/export.csv${exportQuery(location.search, ["branch", "kind", "product", "from", "to"])}`}
            className={buttonClass("outline")}
            download
          >
            <Download aria-hidden="true" className="size-4" /> Export CSV
          </a>
        }
        tour="stock-movements"
        columns={[
          { key: "when", header: "When", cell: (m) => <Token>{formatDateTime(m.created_At)}</Token> },
          { key: "kind", header: "Kind", cell: (m) => STOCK_MOVEMENT_LABELS[m.kind] },
          {
            key: "product",
            header: "Product",
            className: NAME_CELL_CLASS,
            cell: (m) => (
              <span>
                <span className="font-medium text-slate-900">{m.product_name}</span>
                {m.sku ? <Token className="block text-sm text-slate-600">{m.sku}</Token> : null}
              </span>
            ),
          },
          { key: "branch", header: "Branch", cell: (m) => m.branch_name },
          { key: "on_hand", header: "On hand", className: "text-right", cell: (m) => <Token>{signed(m.on_hand_change)}</Token> },
          { key: "reserved", header: "Reserved", className: "text-right", cell: (m) => <Token>{signed(m.reserved_change)}</Token> },
          {
            key: "reason",
            header: "Reason",
            className: "min-w-48",
            cell: (m) => (
              <span>
                {m.reason}
                {m.order_id ? (
                  <Link to={`/admin/orders/${m.order_id}`} className="ml-1 text-accent-800 underline">
                    open order
                  </Link>
                ) : null}
                {m.shipment_id ? (
                  <Link to={`/admin/stock/shipments?shipment=${m.shipment_id}`} className="ml-1 text-accent-800 underline">
                    open shipment
                  </Link>
                ) : null}
              </span>
            ),
          },
          { key: "by", header: "By", cell: (m) => m.user_name ?? <span className="text-slate-600">System</span> },
        ]}
        empty="No stock has moved yet."
      />
    </div>
  );
}
