import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { sellerIsVatRegistered } from "#shared/tax.ts";
import { RouteErrorScreen } from "../../components/layout/error-screen.tsx";
import { HELP_BUTTON_GUTTER, MainLandmark } from "../../components/layout/main-landmark.tsx";
import { SiteHeader } from "../../components/layout/site-header.tsx";
import { AdminSidebar } from "../../features/admin/admin-sidebar.tsx";
import { StaffForbidden } from "../../features/admin/forbidden.tsx";
import type { AdminLayoutData } from "../../features/admin/invoices/fiscal-status.tsx";
import { ToursMount } from "../../features/tours/tours-mount.tsx";
import { requireStaffPage } from "../../lib/guards.server.ts";
import { isStaffRefusal } from "../../lib/staff-refusal.ts";
import type { Route } from "./+types/layout";

/**
 * Only admin and super get in: a visitor goes to log in first, any other user to the home page. Whether the money
 * screens must say that documents are not fiscal (FDMS off for a VAT-registered seller, decision 016) is read here once.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, null);
  const settings = await context.services.settings.getPublic();
  return { fiscalOff: !context.services.fiscal.enabled && sellerIsVatRegistered(settings.vatNumber) } satisfies AdminLayoutData;
}

/** The back office's frame: the header, the sidebar and the page. */
function AdminChrome({ children }: { children: React.ReactNode }) {
  return (
    <ToursMount>
      <div className="flex min-h-screen flex-col bg-slate-50">
        <SiteHeader />
        <div className="flex flex-1 flex-col md:pl-60">
          <AdminSidebar />
          <MainLandmark className={HELP_BUTTON_GUTTER}>{children}</MainLandmark>
        </div>
      </div>
    </ToursMount>
  );
}

export default function AdminLayout() {
  return (
    <AdminChrome>
      <Outlet />
    </AdminChrome>
  );
}

/**
 * A page the person's role does not allow (decision 035) is refused inside the back office's chrome, so the menu of
 * what they may do stays at hand; any other failure is the spec's error screen.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403 && isStaffRefusal(error.data)) {
    return (
      <AdminChrome>
        <StaffForbidden refusal={error.data} />
      </AdminChrome>
    );
  }
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <RouteErrorScreen />
    </div>
  );
}
