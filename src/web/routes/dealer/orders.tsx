import { data, useActionData } from "react-router";
import { can } from "#shared/can.ts";
import { formatDay } from "#shared/dates.ts";
import { PAYMENT_PAID, PAYMENT_PENDING, type PaymentView } from "#shared/schemas/payments.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { ReorderForm, type ReorderResult, reorderAction } from "#web/features/dealer/reorder.tsx";
import { fulfilmentSummary } from "#web/features/orders/fulfilment.ts";
import { formatMoney, OrderCard } from "#web/features/orders/order-card.tsx";
import { PaymentProofPanel } from "#web/features/orders/payment-proofs.tsx";
import { paynowAction } from "#web/features/orders/paynow-action.server.ts";
import { PaynowPanel } from "#web/features/orders/paynow-panel.tsx";
import type { PaynowResult } from "#web/features/orders/paynow-result.ts";
import { formText } from "#web/lib/form-data.ts";
import { requirePageWhere, requireSignedIn } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { useCurrentUser } from "#web/lib/root-data.ts";
import type { Route } from "./+types/orders";

/**
 * The signed-in account's orders, newest first; `?placed=<id>` right after checkout highlights the new one, and
 * `?paynow=<id>` is where Paynow sends the dealer back: that order's payment is asked about first, so the page
 * shows its result.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireSignedIn(context, request);
  const url = new URL(request.url);
  const placed = Number(url.searchParams.get("placed")) || null;
  const returned = Number(url.searchParams.get("paynow")) || null;
  const availability = context.services.payments.availability();
  const paynow = { enabled: availability.enabled && can.placeOrders(user), currency: availability.currency };
  if (returned && paynow.enabled) await context.services.payments.state(context.actor, returned).catch(() => null);
  const orders = await context.services.orders.myOrders(context.actor);
  const payments: Record<number, PaymentView> = paynow.enabled
    ? await context.services.payments.latestForOrders(context.actor, orders)
    : {};
  // Proofs of payment are sent by who can pay: the company's owner and buyers, their address confirmed.
  const canSendProof = can.placeOrders(context.actor) && context.actor?.emailVerified === true;
  return { orders, placed, returned, paynow, payments, canSendProof };
}

/** 'Pay with Paynow' (the only form of the page). */
export async function action({ context, request }: Route.ActionArgs) {
  requirePageWhere(context, request, can.placeOrders, "/dealer/orders");
  const form = await request.formData();
  if (formText(form, "intent") === "paynow") return paynowAction(form, context);
  if (formText(form, "intent") === "reorder") return reorderAction(form, context);
  return data({ status: "error", orderId: 0, formError: "Unknown action.", values: { method: "", phone: "" } } satisfies PaynowResult, {
    status: 400,
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Orders"), { description: "Your dealer orders, their payment and their status.", noIndex: true });
}

/** What the page says on coming back from Paynow. */
function ReturnedFromPaynow({ reference, status, payment }: { reference: string; status: string; payment: PaymentView | undefined }) {
  if (payment && PAYMENT_PAID.includes(payment.status)) {
    return <FormAlert tone="success">Thank you: we have received your Paynow payment for order {reference}.</FormAlert>;
  }
  if (status !== "awaiting_payment") return null;
  if (payment && PAYMENT_PENDING.includes(payment.status)) {
    return (
      <p role="status" className="rounded-md border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
        Waiting for Paynow to confirm your payment for order {reference}. This page updates by itself.
      </p>
    );
  }
  return (
    <FormAlert>
      Your Paynow payment for order {reference} did not go through. You can try again, or pay by bank transfer or ZIPIT.
    </FormAlert>
  );
}

/** This replaces the spec's placeholder: each order with its reference, status, lines, totals, payment and timeline. */
export default function DealerOrders({ loaderData }: Route.ComponentProps) {
  const { orders, placed, returned, paynow, payments, canSendProof } = loaderData;
  const answer = useActionData<typeof action>();
  // "Order again" answers with its report; Paynow's forms with theirs.
  const reorder = answer && "report" in answer ? (answer as ReorderResult) : answer?.status === "reorder-error" ? answer : undefined;
  const actionData = reorder ? undefined : (answer as PaynowResult | undefined);
  // Owners and buyers order again; technicians see the orders only.
  const canOrder = can.placeOrders(useCurrentUser());
  const justPlaced = placed === null ? undefined : orders.find((o) => o.id === placed);
  const backFromPaynow = returned === null ? undefined : orders.find((o) => o.id === returned);
  const paynowFor = (o: (typeof orders)[number]) => paynow.enabled && o.status === "awaiting_payment" && o.currency === paynow.currency;
  return (
    <DealerPage title="Orders">
      <div className="not-prose max-w-3xl space-y-6 text-base">
        {justPlaced ? (
          <FormAlert tone="success">
            Your order {justPlaced.reference} has been placed for {fulfilmentSummary(justPlaced)}.
            {justPlaced.payment_terms === "account" && justPlaced.due_on
              ? ` It is on your company's account, due on ${formatDay(justPlaced.due_on)}.`
              : ""}
            {justPlaced.status === "awaiting_payment"
              ? paynowFor(justPlaced)
                ? " Please pay with Paynow, or by bank transfer or ZIPIT quoting the reference shown below."
                : " Please pay by bank transfer or ZIPIT, quoting the reference shown below."
              : ""}
          </FormAlert>
        ) : null}
        {backFromPaynow && !justPlaced ? (
          <ReturnedFromPaynow reference={backFromPaynow.reference} status={backFromPaynow.status} payment={payments[backFromPaynow.id]} />
        ) : null}
        {orders.length === 0 ? (
          <EmptyState>No orders yet</EmptyState>
        ) : (
          orders.map((order) => {
            const latest = payments[order.id];
            const showPaynow = paynowFor(order) || (latest !== undefined && PAYMENT_PAID.includes(latest.status));
            return (
              <div key={order.id}>
                <OrderCard
                  order={order}
                  highlight={order.id === placed || order.id === returned}
                  proof={
                    (canSendProof && order.status === "awaiting_payment") || order.payment_proofs.length > 0 ? (
                      <PaymentProofPanel order={order} canSend={canSendProof} />
                    ) : undefined
                  }
                  payment={
                    showPaynow ? (
                      <PaynowPanel
                        orderId={order.id}
                        reference={order.reference}
                        total={formatMoney(order.currency, order.total ?? "")}
                        awaitingPayment={paynowFor(order)}
                        initialPayment={latest ?? null}
                        result={actionData?.orderId === order.id ? actionData : undefined}
                      />
                    ) : undefined
                  }
                />
                {canOrder ? (
                  <ReorderForm
                    orderId={order.id}
                    reference={order.reference}
                    result={reorder?.orderId === order.id ? reorder : undefined}
                  />
                ) : null}
              </div>
            );
          })
        )}
      </div>
    </DealerPage>
  );
}
