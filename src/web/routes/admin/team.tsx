import { AdminScreen } from "#web/features/admin/admin-placeholder.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/team";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Team – Admin", { description: "Team in the back office.", noIndex: true });
}

export default function AdminTeam() {
  return (
    <AdminScreen title="Team">
      <p>Team members with their name, position, bio and photo.</p>
    </AdminScreen>
  );
}
