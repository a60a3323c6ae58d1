import { ADMIN_FEATURED_SORTS } from "#shared/schemas/catalogue-admin.ts";
import { listOf, listOrForm, useCloseForm } from "#web/features/admin/products/catalogue-admin-shared.ts";
import { FeaturedForm, FeaturedList } from "#web/features/admin/products/featured-panel.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { orNotFound } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/featured";

const FEATURED_LIST = { sorts: ADMIN_FEATURED_SORTS, defaultSort: "position" } as const;

/** The featured products: one page of the list, or the form `?featured=new` / `?featured=<id>` opens. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue.edit");
  const url = new URL(request.url);
  const admin = context.services.catalogueAdmin;
  return listOrForm(url, "featured", {
    list: () => listOf(url, FEATURED_LIST, (q) => admin.pageFeatured(context.actor, q)),
    form: async (target) => ({
      editing: target === "new" ? null : await orNotFound(admin.getFeatured(context.actor, target)),
      choices: await admin.productChoices(context.actor),
    }),
  });
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
