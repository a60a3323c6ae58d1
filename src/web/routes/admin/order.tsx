import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { can } from "#shared/can.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { FiscalOffNotice } from "#web/features/admin/invoices/fiscal-status.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { OrderActions } from "#web/features/admin/orders/order-actions.tsx";
import { OrderNotes } from "#web/features/admin/orders/order-notes.tsx";
import { OrderTax } from "#web/features/admin/orders/order-tax.tsx";
import { OrderCard } from "#web/features/orders/order-card.tsx";
import { PaymentProofList } from "#web/features/orders/payment-proofs.tsx";
import { detailId } from "#web/lib/detail-id.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/order";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = await requireStaffPage(context, request, "orders.read");
  const id = detailId(params.orderId);
  if (id === null) return data({ order: null, noteOptions: null }, { status: 404 });
  try {
    const order = await context.services.orders.orderById(context.actor, id);
    // The note forms of the order's invoice in force (decision 016).
    // Credit and debit notes are `money.documents` (decision 035): not asked for a role without it.
    const noteOptions =
      order.invoice && can.do(user, "money.documents")
        ? await context.services.taxDocuments.noteOptions(context.actor, order.invoice.id)
        : null;
    return { order, noteOptions };
  } catch (err) {
    if (knownFailure(err)?.statusCode === 404) return data({ order: null, noteOptions: null }, { status: 404 });
    throw err;
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, `${loaderData?.order?.reference ?? "Order not found"} – Orders – Admin`, {
    description: "An order in the back office.",
    noIndex: true,
  });
}

const backToList = (
  <Link to="/admin/orders" className="inline-flex min-h-11 items-center gap-2 font-semibold text-accent-800 hover:underline">
    <ArrowLeft aria-hidden="true" className="size-4" /> All orders
  </Link>
);

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order, noteOptions } = loaderData;
  if (!order) {
    return (
      <AdminPage title="Order not found" actions={backToList}>
        <EmptyState>Order not found.</EmptyState>
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title={`Order ${order.reference}`}
      description={`From ${order.dealer_company ? `${order.dealer_company}, ${order.dealer_name}` : order.dealer_name}`}
      actions={backToList}
    >
      <FiscalOffNotice />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0">
          <OrderCard
            order={order}
            backOffice
            // While it awaits payment the proofs stand beside "Confirm payment"; afterwards, on the order.
            proof={
              order.status !== "awaiting_payment" && order.payment_proofs.length > 0 ? (
                <PaymentProofList proofs={order.payment_proofs} />
              ) : undefined
            }
          />
        </div>
        <div className="space-y-6">
          <OrderTax order={order} />
          {noteOptions ? <OrderNotes options={noteOptions} /> : null}
          <OrderActions order={order} />
        </div>
      </div>
    </AdminPage>
  );
}
