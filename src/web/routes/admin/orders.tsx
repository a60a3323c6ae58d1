import { AdminScreen } from "#web/features/admin/admin-placeholder.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/orders";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Orders – Admin", { description: "Orders in the back office.", noIndex: true });
}

export default function AdminOrders() {
  return (
    <AdminScreen title="Orders">
      <p>Dealer orders placed through checkout and their payments.</p>
    </AdminScreen>
  );
}
