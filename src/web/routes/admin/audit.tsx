import { AdminScreen } from "#web/features/admin/admin-placeholder.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/audit";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Audit Log – Admin", { description: "Audit Log in the back office.", noIndex: true });
}

export default function AdminAudit() {
  return (
    <AdminScreen title="Audit Log">
      <p>Coming with the back office.</p>
    </AdminScreen>
  );
}
