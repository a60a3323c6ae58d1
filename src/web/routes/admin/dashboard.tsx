import { AdminScreen } from "#web/features/admin/admin-placeholder.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Dashboard – Admin", { description: "Dashboard in the back office.", noIndex: true });
}

export default function AdminDashboard() {
  return (
    <AdminScreen title="Dashboard">
      <p>An overview of the business: recent sales, statistics, new dealer applications and pending quotations.</p>
    </AdminScreen>
  );
}
