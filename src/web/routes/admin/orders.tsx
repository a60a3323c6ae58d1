import { Download, FolderOpen, ScanBarcode } from "lucide-react";
import { Link } from "react-router";
import { formatDate } from "#shared/dates.ts";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus, type OrderView } from "#shared/schemas/orders.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { RowActionLink } from "#web/components/ui/row-actions.tsx";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import { FiscalOffNotice } from "#web/features/admin/invoices/fiscal-status.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { DataTable } from "#web/features/admin/kit/data-table.tsx";
import { readListParams } from "#web/features/admin/kit/list-params.ts";
import { formatMoney } from "#web/features/orders/order-card.tsx";
import { orderStatusBadge } from "#web/features/orders/order-status.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/orders";

const LIST = { sorts: [], defaultSort: "", defaultDir: "desc", filters: ["status"] } as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "orders.read");
  const params = readListParams(request.url, LIST);
  const status = (ORDER_STATUSES as readonly string[]).includes(params.filters.status ?? "")
    ? (params.filters.status as OrderStatus)
    : undefined;
  const list = await context.services.orders.list(context.actor, {
    status,
    q: params.q || undefined,
    page: params.page,
    pageSize: params.pageSize,
  });
  return { ...list, params };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Orders – Admin", { description: "Dealer orders in the back office.", noIndex: true });
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { rows, count, params } = loaderData;
  const exportQuery = new URLSearchParams({
    ...(params.filters.status ? { status: params.filters.status } : {}),
    ...(params.q ? { q: params.q } : {}),
  });
  return (
    <AdminPage
      title="Orders"
      description="Dealer orders: confirm bank-transfer and ZIPIT payments, move orders on, cancel with a reason."
      actions={
        <>
          <Link to="/admin/orders/serials" className={buttonClass("outline")}>
            <ScanBarcode aria-hidden="true" className="size-4" /> Find a serial number
          </Link>
          <a href={`/api/orders/export.csv?${exportQuery}`} className={buttonClass("outline")} download>
            <Download aria-hidden="true" className="size-4" /> Export CSV
          </a>
        </>
      }
    >
      <FiscalOffNotice />
      <DataTable<OrderView>
        label="Orders"
        rows={rows}
        count={count}
        params={params}
        rowKey={(o) => o.id}
        rowLabel={(o) => o.reference}
        search={{ placeholder: "Reference, dealer or contact" }}
        filters={[
          {
            name: "status",
            label: "Status",
            allLabel: "All statuses",
            options: ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
          },
        ]}
        columns={[
          {
            key: "reference",
            header: "Order",
            // The reference with its date and how it reaches the dealer under it: columns of their own pushed the row's
            // action out of a 1280 px window.
            cell: (o) => (
              <>
                <Link to={`/admin/orders/${o.id}`} className="font-mono font-semibold text-accent-800 underline-offset-2 hover:underline">
                  <Token>{o.reference}</Token>
                </Link>
                <Token className="block text-slate-600">{formatDate(o.created_At)}</Token>
                <span className="block text-slate-600">{o.fulfilment === "delivery" ? "Delivery" : "Collection"}</span>
              </>
            ),
          },
          {
            key: "dealer",
            header: "Dealer",
            className: NAME_CELL_CLASS,
            cell: (o) => (o.dealer_company ? `${o.dealer_company} (${o.dealer_name})` : o.dealer_name),
          },
          {
            key: "status",
            header: "Status",
            className: "whitespace-nowrap",
            cell: (o) => {
              const badge = orderStatusBadge(o.status);
              return <span className={badge.className}>{badge.label}</span>;
            },
          },
          { key: "total", header: "Total", className: "text-right", cell: (o) => <Token>{formatMoney(o.currency, o.total)}</Token> },
        ]}
        rowActions={(o) => <RowActionLink to={`/admin/orders/${o.id}`} icon={FolderOpen} iconOnly label="Open" name={o.reference} />}
        empty="No orders yet."
        tour="order-list"
      />
    </AdminPage>
  );
}
