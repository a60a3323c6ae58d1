import { Link, Outlet } from "react-router";
import { can } from "#shared/can.ts";
import { SUSPENDED_BANNER } from "#shared/schemas/dealers.ts";
import { expiredSentence, HOLD_BANNER_TAIL } from "#shared/schemas/documents.ts";
import { DealerFooter } from "../../components/layout/dealer-footer.tsx";
import { DealerSidebar } from "../../components/layout/dealer-sidebar.tsx";
import { RouteErrorScreen } from "../../components/layout/error-screen.tsx";
import { HELP_BUTTON_GUTTER, MainLandmark } from "../../components/layout/main-landmark.tsx";
import { SiteHeader } from "../../components/layout/site-header.tsx";
import { CreditHoldBanner } from "../../features/credit/account-figures.tsx";
import { ToursMount } from "../../features/tours/tours-mount.tsx";
import { useCurrentUser } from "../../lib/root-data.ts";
import type { Route } from "./+types/layout";

/**
 * The company's hold for the banner on every dealer page (decision 023): suspended by the back office, or its
 * documents expired (then which ones); and its account (decision 034), for the banner while orders on account are
 * paused and the Statement link: read once here, and never a reason for a page to fail.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = context.actor;
  const [credit, expired] = await Promise.all([
    context.services.credit.summaryForPage(actor).catch(() => null),
    actor?.hold === "documents-expired" ? context.services.documentExpiry.expiredOf(actor.companyUserId) : null,
  ]);
  // Who may read the company's amounts has its statement (technicians never).
  const statement = can.enterDealerArea(actor) && can.readPastAmounts(actor, actor?.companyUserId ?? null);
  return { suspended: actor?.hold === "suspended", expired: actor?.hold === "suspended" ? null : expired, credit, statement };
}

/** Decision 023: the company is suspended; its owner has the reason by e-mail, its members are told who has it. */
function SuspendedBanner({ owner }: { owner: boolean }) {
  return (
    <div role="alert" className="border-b border-red-300 bg-red-50 px-4 py-3 text-red-900 sm:px-6">
      <p className="max-w-4xl text-sm sm:text-base">
        <strong className="font-semibold">{SUSPENDED_BANNER}</strong>{" "}
        {owner ? "Our e-mail to you gives the reason. " : "Your company's owner has our e-mail with the reason. "}
        <Link to="/contact" className="font-semibold underline underline-offset-2 hover:text-red-700">
          Contact us
        </Link>
      </p>
    </div>
  );
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
  const owner = can.manageTeam(user);
  return (
    <ToursMount>
      <div className="flex min-h-screen flex-col">
        <SiteHeader />
        <div className="flex flex-1 flex-col md:pl-60">
          <DealerSidebar user={user} statement={loaderData?.statement ?? false} />
          {loaderData?.suspended ? <SuspendedBanner owner={owner} /> : null}
          {expired ? <HoldBanner expired={expired} owner={owner} /> : null}
          {loaderData?.credit ? <CreditHoldBanner summary={loaderData.credit} /> : null}
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
