import { sellerDifferences } from "#shared/fdms-seller.ts";
import { SellerMismatch } from "#web/features/admin/fiscal/seller-mismatch.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { SettingsForm } from "#web/features/admin/settings/settings-form.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/settings";

/** Every site setting, fresh from the database (GET /api/settings/all). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "settings.edit");
  const [settings, seller] = await Promise.all([
    context.services.settings.getAll(context.actor),
    context.services.fiscal.sellerAsFdmsKnowsIt(),
  ]);
  // With FDMS on, invoices name FDMS's taxpayer: the page says where the settings disagree (decision 016).
  return { settings, sellerDifferences: sellerDifferences(seller, settings) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Settings – Admin", { description: "The company's details as the site shows them.", noIndex: true });
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Settings"
      description="The company's details as the website and its e-mails show them. Changes show on the site as soon as they are saved."
    >
      <SellerMismatch differences={loaderData.sellerDifferences} where="settings" />
      <SettingsForm settings={loaderData.settings} />
    </AdminPage>
  );
}
