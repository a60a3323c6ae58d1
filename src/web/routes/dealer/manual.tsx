import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { requireSignedIn } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/manual";

export function loader({ context, request }: Route.LoaderArgs) {
  requireSignedIn(context, request);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Dealer Manual"), {
    description: "Guided tours and the dealer manual: registration, documents, installations and your profile.",
    noIndex: true,
  });
}

export default function DealerManual() {
  return (
    <DealerPage title="Dealer Manual">
      <p>Guided tours and step-by-step help for registration, documents, installations and your profile.</p>
    </DealerPage>
  );
}
