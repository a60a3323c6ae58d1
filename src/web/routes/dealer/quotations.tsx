import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { requirePageRole } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/quotations";

/** Quotations are a dealer page (spec §2: role_id 2 only); other users go back to the dealer home. */
export function loader({ context, request }: Route.LoaderArgs) {
  requirePageRole(context, request, ["dealer"], "/dealer");
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Quotations"), { description: "Your quotation requests and their status.", noIndex: true });
}

export default function DealerQuotations() {
  return (
    <DealerPage title="Quotations">
      <p>Your quotation requests and their status.</p>
    </DealerPage>
  );
}
