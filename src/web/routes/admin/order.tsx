import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { OrderActions } from "#web/features/admin/orders/order-actions.tsx";
import { OrderCard } from "#web/features/orders/order-card.tsx";
import { requireAdminPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/order";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const id = Number(params.orderId);
  if (!Number.isInteger(id) || id < 1) throw new Response("Not found", { status: 404 });
  return { order: await context.services.orders.orderById(context.actor, id) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, `${loaderData?.order.reference ?? "Order"} – Orders – Admin`, {
    description: "An order in the back office.",
    noIndex: true,
  });
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <AdminPage
      title={`Order ${order.reference}`}
      description={`From ${order.dealer_name}`}
      actions={
        <Link to="/admin/orders" className="inline-flex min-h-11 items-center gap-2 font-semibold text-accent-800 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> All orders
        </Link>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0">
          <OrderCard order={order} />
        </div>
        <OrderActions order={order} />
      </div>
    </AdminPage>
  );
}
