import { Outlet } from "react-router";
import { sellerIsVatRegistered } from "#shared/tax.ts";
import { RouteErrorScreen } from "../../components/layout/error-screen.tsx";
import { HELP_BUTTON_GUTTER, MainLandmark } from "../../components/layout/main-landmark.tsx";
import { SiteHeader } from "../../components/layout/site-header.tsx";
import { AdminSidebar } from "../../features/admin/admin-sidebar.tsx";
import type { AdminLayoutData } from "../../features/admin/invoices/fiscal-status.tsx";
import { ToursMount } from "../../features/tours/tours-mount.tsx";
import { requireAdminPage } from "../../lib/guards.server.ts";
import type { Route } from "./+types/layout";

/**
 * Only admin and super get in: a visitor goes to log in first, any other user to the home page. Whether the money
 * screens must say that documents are not fiscal (FDMS off for a VAT-registered seller, decision 016) is read here once.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const settings = await context.services.settings.getPublic();
  return { fiscalOff: !context.services.fiscal.enabled && sellerIsVatRegistered(settings.vatNumber) } satisfies AdminLayoutData;
}

export default function AdminLayout() {
  return (
    <ToursMount>
      <div className="flex min-h-screen flex-col bg-slate-50">
        <SiteHeader />
        <div className="flex flex-1 flex-col md:pl-60">
          <AdminSidebar />
          <MainLandmark className={HELP_BUTTON_GUTTER}>
            <Outlet />
          </MainLandmark>
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
    </div>
  );
}
