import { AdminScreen } from "#web/features/admin/admin-placeholder.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/users";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Admin Users – Admin", { description: "Admin Users in the back office.", noIndex: true });
}

export default function AdminUsers() {
  return (
    <AdminScreen title="Admin Users">
      <p>The back-office accounts in a table; a super admin adds and removes admins here.</p>
    </AdminScreen>
  );
}
