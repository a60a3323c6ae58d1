import { ArrowLeft, Eye, Plus } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { formatDate, harareDate } from "#shared/dates.ts";
import { SHIPMENT_STATUS_LABELS, SHIPMENT_STATUSES, type ShipmentView } from "#shared/schemas/stock.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { RowActionLink } from "#web/components/ui/row-actions.tsx";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import { BADGE } from "#web/features/admin/kit/badge.ts";
import { ConfirmDialog } from "#web/features/admin/kit/confirm-dialog.tsx";
import { DataTable } from "#web/features/admin/kit/data-table.tsx";
import { readListParams } from "#web/features/admin/kit/list-params.ts";
import { sendRequest } from "#web/features/admin/kit/send-request.ts";
import { SimpleTable } from "#web/features/admin/kit/simple-table.tsx";
import { formTarget, withParam } from "#web/features/admin/products/catalogue-admin-shared.ts";
import { ReceiveForm, ShipmentForm } from "#web/features/admin/stock/shipment-forms.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { orNotFound } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/shipments";

const SHIPMENT_LIST = { sorts: [], defaultSort: "", filters: ["status"] } as const;
const STATUS_FILTER = ["open", ...SHIPMENT_STATUSES] as const;

/** Incoming shipments by status; `?shipment=new` opens the new shipment's form, `?shipment=<id>` a shipment to receive. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "stock.adjust");
  const url = new URL(request.url);
  const { stockAdmin, stock } = context.services;
  const target = formTarget(url.searchParams.get("shipment"));
  if (target === "new")
    return { creating: { branches: await stock.branches(), today: harareDate(new Date()) }, shipment: null, list: null };
  if (target !== null) return { creating: null, shipment: await orNotFound(stockAdmin.shipment(context.actor, target)), list: null };
  const params = readListParams(url, SHIPMENT_LIST);
  const status = (STATUS_FILTER as readonly string[]).includes(params.filters.status ?? "")
    ? (params.filters.status as (typeof STATUS_FILTER)[number])
    : "";
  const page = await stockAdmin.listShipments(context.actor, { status, page: params.page, pageSize: params.pageSize });
  return { creating: null, shipment: null, list: { ...page, params } };
}

const STATUS_BADGE: Record<ShipmentView["status"], string> = {
  expected: BADGE.neutral,
  partial: BADGE.warn,
  received: BADGE.good,
  cancelled: BADGE.bad,
};

function ShipmentStatus({ status }: { status: ShipmentView["status"] }) {
  return <span className={STATUS_BADGE[status]}>{SHIPMENT_STATUS_LABELS[status]}</span>;
}

const units = (s: ShipmentView) => {
  const total = s.lines.reduce((n, l) => n + l.quantity, 0);
  const received = s.lines.reduce((n, l) => n + l.received, 0);
  return `${received} / ${total}`;
};

/** One shipment: its lines, the Receive form while something is still expected, and Cancel. */
function ShipmentPanel({ shipment, back }: { shipment: ShipmentView; back: string }) {
  const revalidator = useRevalidator();
  const [done, setDone] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const open = shipment.status === "expected" || shipment.status === "partial";
  return (
    <div className="max-w-4xl space-y-6">
      <Link to={back} className="inline-flex min-h-11 items-center gap-2 font-semibold text-accent-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> All shipments
      </Link>
      <section aria-labelledby="shipment-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="shipment-heading" className="text-lg font-semibold text-slate-900">
            Shipment {shipment.supplier_reference}
          </h2>
          <ShipmentStatus status={shipment.status} />
        </div>
        <p className="text-sm text-slate-700">
          To <span className="font-semibold">{shipment.branch_name}</span>, expected <Token>{formatDate(shipment.expected_date)}</Token>
          {shipment.notes ? ` · ${shipment.notes}` : ""}
        </p>
        <SimpleTable
          wrapperClassName="overflow-x-auto"
          caption="Products on the shipment"
          headClassName="border-b border-slate-200 text-slate-700"
          rowClassName="border-b border-slate-100"
          rows={shipment.lines}
          rowKey={(l) => l.product_id}
          columns={[
            {
              header: "Product",
              className: "py-2 pr-3",
              cell: (l) => (
                <>
                  <span className="font-medium text-slate-900">{l.product_name}</span>
                  {l.sku ? <Token className="ml-2 text-slate-600">{l.sku}</Token> : null}
                </>
              ),
            },
            { header: "Quantity", className: "py-2 pr-3 text-right", cell: (l) => <Token>{l.quantity}</Token> },
            { header: "Received", className: "py-2 pr-3 text-right", cell: (l) => <Token>{l.received}</Token> },
            {
              header: "Outstanding",
              className: "py-2 text-right",
              cell: (l) => <Token>{shipment.status === "cancelled" ? 0 : l.quantity - l.received}</Token>,
            },
          ]}
        />
      </section>
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      {open ? (
        <>
          <ReceiveForm
            key={`${shipment.id}-${units(shipment)}`}
            shipment={shipment}
            onDone={async (message) => {
              setDone(message);
              await revalidator.revalidate();
            }}
          />
          <div className="border-t border-slate-200 pt-4">
            <button type="button" className={buttonClass("outline", "text-red-800")} onClick={() => setCancelling(true)}>
              Cancel the rest of this shipment
            </button>
          </div>
          <ConfirmDialog
            open={cancelling}
            title={`Cancel shipment ${shipment.supplier_reference}?`}
            confirmLabel="Cancel shipment"
            onClose={() => setCancelling(false)}
            onConfirm={async () => {
              const answer = await sendRequest({ method: "POST", url: `/api/shipments/${shipment.id}/cancel` });
              if (!answer.ok) return answer.message ?? "Cancelling failed.";
              setDone("The shipment is cancelled: what was received stays in stock, the rest is no longer expected.");
              await revalidator.revalidate();
              return null;
            }}
          >
            <p>What was received stays in stock; the rest is no longer expected, and backorders no longer wait for it.</p>
          </ConfirmDialog>
        </>
      ) : null}
    </div>
  );
}

export default function AdminShipments({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const back = withParam(location.search, "shipment", null);
  const { creating, shipment, list } = loaderData;
  if (creating) {
    return (
      <div className="max-w-3xl">
        <ShipmentForm
          branches={creating.branches}
          today={creating.today}
          onSaved={(message, id) => navigate(withParam(location.search, "shipment", String(id)), { state: { flash: message } })}
          onCancel={() => navigate(back)}
        />
      </div>
    );
  }
  if (shipment) return <ShipmentPanel key={shipment.id} shipment={shipment} back={back} />;
  if (!list) return null;
  return (
    <DataTable<ShipmentView>
      label="Shipments"
      rows={list.rows}
      count={list.count}
      params={list.params}
      rowKey={(s) => s.id}
      rowLabel={(s) => `Shipment ${s.supplier_reference}`}
      filters={[
        {
          name: "status",
          label: "Status",
          allLabel: "All shipments",
          options: [
            { value: "open", label: "Open (not yet received)" },
            ...SHIPMENT_STATUSES.map((s) => ({ value: s, label: SHIPMENT_STATUS_LABELS[s] })),
          ],
        },
      ]}
      toolbar={
        <Link to={withParam(location.search, "shipment", "new")} className={buttonClass("primary")}>
          <Plus aria-hidden="true" className="size-4" /> New shipment
        </Link>
      }
      tour="shipment-list"
      columns={[
        {
          key: "reference",
          header: "Supplier reference",
          className: NAME_CELL_CLASS,
          cell: (s) => <span className="font-medium text-slate-900">{s.supplier_reference}</span>,
        },
        { key: "branch", header: "Branch", cell: (s) => s.branch_name },
        { key: "expected", header: "Expected", cell: (s) => <Token>{formatDate(s.expected_date)}</Token> },
        { key: "status", header: "Status", cell: (s) => <ShipmentStatus status={s.status} /> },
        { key: "products", header: "Products", className: "text-right", cell: (s) => <Token>{s.lines.length}</Token> },
        { key: "units", header: "Units received", className: "text-right", cell: (s) => <Token>{units(s)}</Token> },
      ]}
      rowActions={(s) => (
        <RowActionLink
          to={withParam(location.search, "shipment", String(s.id))}
          icon={Eye}
          label={s.status === "expected" || s.status === "partial" ? "Receive" : "View"}
          name={`shipment ${s.supplier_reference}`}
        />
      )}
      empty="No shipments yet: record one when the supplier confirms an order."
    />
  );
}
