import { DealerLanding } from "#web/features/dealer/dealer-landing.tsx";
import { dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { useCurrentUser } from "#web/lib/root-data.ts";
import { sharedQuietPageForVisitors } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/landing";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedQuietPageForVisitors;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName(), {
    description: "Become a certified dealer: exclusive pricing, priority support, bulk discounts and a verified-dealer badge.",
  });
}

/** Public (DESIGN.md §6): a visitor sees the programme and its Apply buttons. */
export default function DealerHome() {
  return <DealerLanding user={useCurrentUser()} />;
}
