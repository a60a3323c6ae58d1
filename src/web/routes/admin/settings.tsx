import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { SettingsForm } from "#web/features/admin/settings/settings-form.tsx";
import { requireAdminPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/settings";

/** Every site setting, fresh from the database (GET /api/settings/all). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return { settings: await context.services.settings.getAll(context.actor) };
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
      <SettingsForm settings={loaderData.settings} />
    </AdminPage>
  );
}
