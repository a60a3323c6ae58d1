import { DealerHome } from "#web/features/dealer/dealer-home.tsx";
import { DealerLanding } from "#web/features/dealer/dealer-landing.tsx";
import { dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { useCurrentUser } from "#web/lib/root-data.ts";
import { sharedQuietPageForVisitors } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/landing";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedQuietPageForVisitors;

/**
 * An approved dealer company's people (owner, buyers, technicians) get their home, read in one service
 * call; visitors, users and applicants get the programme's landing (the loader reads nothing for them).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [home, credit] = await Promise.all([
    context.services.dealerHome.home(context.actor),
    // Decision 034: the account's figures for who may read them (null for visitors and technicians); never a failure.
    context.services.credit.summaryForPage(context.actor).catch(() => null),
  ]);
  return { home, credit: home ? credit : null };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (loaderData?.home)
    return pageMeta(matches, dealerPageName("Home"), { description: "Your dealer account at a glance.", noIndex: true });
  return pageMeta(matches, dealerPageName(), {
    description: "Become a certified dealer: exclusive pricing, priority support, bulk discounts and a verified-dealer badge.",
  });
}

/** Public (DESIGN.md §6): a visitor sees the programme and its Apply buttons; an approved dealer their home. */
export default function DealerIndex({ loaderData }: Route.ComponentProps) {
  const user = useCurrentUser();
  if (loaderData.home) return <DealerHome home={loaderData.home} credit={loaderData.credit} name={user?.fullName ?? ""} />;
  return <DealerLanding user={user} />;
}
