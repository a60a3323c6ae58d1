import { Link, Outlet } from "react-router";
import { expiredSentence, HOLD_BANNER_TAIL } from "#shared/schemas/documents.ts";
import { DealerFooter } from "../../components/layout/dealer-footer.tsx";
import { DealerSidebar } from "../../components/layout/dealer-sidebar.tsx";
import { RouteErrorScreen } from "../../components/layout/error-screen.tsx";
import { HELP_BUTTON_GUTTER, MainLandmark } from "../../components/layout/main-landmark.tsx";
import { SiteHeader } from "../../components/layout/site-header.tsx";
import { ToursMount } from "../../features/tours/tours-mount.tsx";
import { useCurrentUser } from "../../lib/root-data.ts";
import type { Route } from "./+types/layout";

/** Issue 26 §3: the company's expired documents when it is on hold, for the banner on every dealer page. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = context.actor;
  if (!actor?.documentsExpired) return { expired: null };
  return { expired: await context.services.documentExpiry.expiredOf(actor.companyUserId) };
}

/** "Your tax clearance expired on 31 Dec 2026. Dealer prices and checkout are suspended …" with the way out. */
function HoldBanner({
  expired,
  owner,
}: {
  expired: { kind: Parameters<typeof expiredSentence>[0][number]["kind"]; expiresOn: string }[];
  owner: boolean;
}) {
  return (
    <div role="alert" className="border-b border-red-300 bg-red-50 px-4 py-3 text-red-900 sm:px-6">
      <p className="max-w-4xl text-sm sm:text-base">
        <strong className="font-semibold">{expiredSentence(expired)}</strong> {HOLD_BANNER_TAIL}{" "}
        {owner ? (
          <Link to="/dealer/profile#documents-heading" className="font-semibold underline underline-offset-2 hover:text-red-700">
            Upload the renewal
          </Link>
        ) : (
          "Your company's owner can upload the renewal."
        )}
      </p>
    </div>
  );
}

/**
 * The dealer area: site header, fixed sidebar, page, dealer footer. The landing page is public; each other
 * page's loader asks for a session (DESIGN.md §6), so the guard runs on every navigation, not once per layout.
 */
export default function DealerLayout({ loaderData }: Route.ComponentProps) {
  const user = useCurrentUser();
  const expired = loaderData?.expired ?? null;
  return (
    <ToursMount>
      <div className="flex min-h-screen flex-col">
        <SiteHeader />
        <div className="flex flex-1 flex-col md:pl-60">
          <DealerSidebar user={user} />
          {expired ? <HoldBanner expired={expired} owner={user?.teamRole === "owner"} /> : null}
          <MainLandmark className={HELP_BUTTON_GUTTER}>
            <Outlet />
          </MainLandmark>
          <DealerFooter />
        </div>
      </div>
    </ToursMount>
  );
}

export function ErrorBoundary() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <RouteErrorScreen />
      <DealerFooter />
    </div>
  );
}
