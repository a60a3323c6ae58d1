import { Outlet } from "react-router";
import { RouteErrorScreen } from "../components/layout/error-screen.tsx";
import { SiteFooter } from "../components/layout/site-footer.tsx";
import { SiteHeader } from "../components/layout/site-header.tsx";

/** The public shell (spec §2): header, main outlet, footer. */
export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
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
