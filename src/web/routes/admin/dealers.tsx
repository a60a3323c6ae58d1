import { AdminScreen } from "#web/features/admin/admin-placeholder.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/dealers";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Dealer Verification – Admin", { description: "Dealer Verification in the back office.", noIndex: true });
}

export default function AdminDealers() {
  return (
    <AdminScreen title="Dealer Verification">
      <p>
        Dealer applications as cards, filtered by status and searchable by name, e-mail, trading name or username, with their documents and
        installations and the status update (Pending, Approved, Rejected, Suspended).
      </p>
    </AdminScreen>
  );
}
