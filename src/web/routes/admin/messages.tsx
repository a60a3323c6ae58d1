import { AdminScreen } from "#web/features/admin/admin-placeholder.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/messages";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Messages – Admin", { description: "Messages in the back office.", noIndex: true });
}

export default function AdminMessages() {
  return (
    <AdminScreen title="Messages">
      <p>Coming with the back office.</p>
    </AdminScreen>
  );
}
