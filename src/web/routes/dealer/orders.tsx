import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { OrderCard } from "#web/features/orders/order-card.tsx";
import { requireSignedIn } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/orders";

/** The signed-in account's orders, newest first; `?placed=<id>` right after checkout highlights the new one. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireSignedIn(context, request);
  const placed = Number(new URL(request.url).searchParams.get("placed")) || null;
  const orders = await context.services.orders.myOrders(context.actor);
  return { orders, placed };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Orders"), { description: "Your dealer orders, their payment and their status.", noIndex: true });
}

/** Issue 5 replaces the spec's placeholder: each order with its reference, status, lines, totals and timeline. */
export default function DealerOrders({ loaderData }: Route.ComponentProps) {
  const { orders, placed } = loaderData;
  const justPlaced = placed === null ? undefined : orders.find((o) => o.id === placed);
  return (
    <DealerPage title="Orders">
      <div className="not-prose max-w-3xl space-y-6 text-base">
        {justPlaced ? (
          <FormAlert tone="success">
            Your order {justPlaced.reference} has been placed.
            {justPlaced.status === "awaiting_payment" ? " Please pay by bank transfer or ZIPIT, quoting the reference shown below." : ""}
          </FormAlert>
        ) : null}
        {orders.length === 0 ? (
          <EmptyState>No orders yet</EmptyState>
        ) : (
          orders.map((order) => <OrderCard key={order.id} order={order} highlight={order.id === placed} />)
        )}
      </div>
    </DealerPage>
  );
}
