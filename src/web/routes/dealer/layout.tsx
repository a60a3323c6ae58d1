import { Outlet } from "react-router";
import { DealerFooter } from "../../components/layout/dealer-footer.tsx";
import { DealerSidebar } from "../../components/layout/dealer-sidebar.tsx";
import { RouteErrorScreen } from "../../components/layout/error-screen.tsx";
import { HELP_BUTTON_GUTTER, MainLandmark } from "../../components/layout/main-landmark.tsx";
import { SiteHeader } from "../../components/layout/site-header.tsx";
import { ToursMount } from "../../features/tours/tours-mount.tsx";
import { useCurrentUser } from "../../lib/root-data.ts";

/**
 * The dealer area: site header, fixed sidebar, page, dealer footer. The landing page is public; each other
 * page's loader asks for a session (DESIGN.md §6), so the guard runs on every navigation, not once per layout.
 */
export default function DealerLayout() {
  const user = useCurrentUser();
  return (
    <ToursMount>
      <div className="flex min-h-screen flex-col">
        <SiteHeader />
        <div className="flex flex-1 flex-col md:pl-60">
          <DealerSidebar user={user} />
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
