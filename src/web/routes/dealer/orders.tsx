import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { requireSignedIn } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/orders";

export function loader({ context, request }: Route.LoaderArgs) {
  requireSignedIn(context, request);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Orders"), { description: "Your dealer orders.", noIndex: true });
}

/** Spec §2: a placeholder showing only the word 'Orders'. */
export default function DealerOrders() {
  return <DealerPage title="Orders" />;
}
