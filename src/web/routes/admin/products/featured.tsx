import { ADMIN_FEATURED_SORTS } from "#shared/schemas/catalogue-admin.ts";
import { readListParams } from "#web/features/admin/kit/list-params.ts";
import { formTarget, useCloseForm } from "#web/features/admin/products/catalogue-admin-shared.ts";
import { FeaturedForm, FeaturedList } from "#web/features/admin/products/featured-panel.tsx";
import { requireAdminPage } from "#web/lib/guards.server.ts";
import { orNotFound } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/featured";

/** The featured products: one page of the list, or the form `?featured=new` / `?featured=<id>` opens. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const admin = context.services.catalogueAdmin;
  const target = formTarget(url.searchParams.get("featured"));
  if (target === null) {
    const params = readListParams(url, { sorts: ADMIN_FEATURED_SORTS, defaultSort: "position" });
    return { form: null, list: { ...(await admin.pageFeatured(context.actor, params)), params } };
  }
  const [editing, choices] = await Promise.all([
    target === "new" ? null : orNotFound(admin.getFeatured(context.actor, target)),
    admin.productChoices(context.actor),
  ]);
  return { form: { editing, choices }, list: null };
}

export default function AdminFeatured({ loaderData }: Route.ComponentProps) {
  const closeForm = useCloseForm("featured");
  const { form, list } = loaderData;
  if (form) {
    return (
      <div className="max-w-3xl">
        <FeaturedForm
          key={form.editing?.id ?? "new"}
          featured={form.editing}
          choices={form.choices}
          onSaved={closeForm}
          onCancel={() => closeForm()}
        />
      </div>
    );
  }
  return list ? <FeaturedList {...list} /> : null;
}
