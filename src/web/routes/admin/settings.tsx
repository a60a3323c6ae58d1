import { AdminScreen } from "#web/features/admin/admin-placeholder.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/settings";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Settings – Admin", { description: "Settings in the back office.", noIndex: true });
}

export default function AdminSettings() {
  return (
    <AdminScreen title="Settings">
      <p>Coming with the back office.</p>
    </AdminScreen>
  );
}
