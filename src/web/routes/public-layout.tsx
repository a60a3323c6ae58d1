import { Outlet } from "react-router";
import { RouteErrorScreen } from "../components/layout/error-screen.tsx";
import { MainLandmark } from "../components/layout/main-landmark.tsx";
import { SiteFooter } from "../components/layout/site-footer.tsx";
import { SiteHeader } from "../components/layout/site-header.tsx";

/** The public shell (spec §2): header, main outlet, footer. */
export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <MainLandmark>
        <Outlet />
      </MainLandmark>
      <SiteFooter />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <RouteErrorScreen />
      <SiteFooter />
    </div>
  );
}
