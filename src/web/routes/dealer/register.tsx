import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { requireSignedIn } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/register";

export function loader({ context, request }: Route.LoaderArgs) {
  requireSignedIn(context, request);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName(), {
    description: "Register your company as a dealer: company details, required documents and installations.",
    noIndex: true,
  });
}

export default function DealerRegister() {
  return (
    <DealerPage title="Dealer Registration Portal">
      <p>Complete three sections to apply: Company Details, Required Documents and Dealer Installations.</p>
    </DealerPage>
  );
}
