import { ADMIN_BRAND_SORTS } from "#shared/schemas/catalogue-admin.ts";
import { BrandForm, BrandList } from "#web/features/admin/products/brands-panel.tsx";
import { listOf, listOrForm, useCloseForm } from "#web/features/admin/products/catalogue-admin-shared.ts";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { orNotFound } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/brands";

const BRAND_LIST = { sorts: ADMIN_BRAND_SORTS, defaultSort: "name" } as const;

/** The brands: one page of the list, or the form `?brand=new` / `?brand=<id>` opens. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "catalogue.edit");
  const url = new URL(request.url);
  const admin = context.services.catalogueAdmin;
  return listOrForm(url, "brand", {
    list: () => listOf(url, BRAND_LIST, (q) => admin.pageBrands(context.actor, q)),
    form: async (target) => ({ editing: target === "new" ? null : await orNotFound(admin.getBrand(context.actor, target)) }),
  });
}

export default function AdminBrands({ loaderData }: Route.ComponentProps) {
  const closeForm = useCloseForm("brand");
  const { form, list } = loaderData;
  if (form) {
    return (
      <div className="max-w-3xl">
        <BrandForm key={form.editing?.id ?? "new"} brand={form.editing} onSaved={closeForm} onCancel={() => closeForm()} />
      </div>
    );
  }
  return list ? <BrandList {...list} /> : null;
}
