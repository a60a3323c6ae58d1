import { AdminScreen } from "#web/features/admin/admin-placeholder.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/quotations";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Quotation Management – Admin", { description: "Quotation Management in the back office.", noIndex: true });
}

export default function AdminQuotations() {
  return (
    <AdminScreen title="Quotation Management">
      <p>Overview cards per status, the quotation requests as cards, and the approve, reject and reapprove actions.</p>
    </AdminScreen>
  );
}
