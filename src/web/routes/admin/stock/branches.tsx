import { data } from "react-router";
import type { BranchView } from "#shared/schemas/stock.ts";
import { NAME_CELL_CLASS } from "#web/components/ui/token.tsx";
import { BADGE } from "#web/features/admin/kit/badge.ts";
import { pageOf } from "#web/features/admin/kit/list-params.ts";
import { listOf, listOrForm, useCloseForm } from "#web/features/admin/products/catalogue-admin-shared.ts";
import { CatalogueTable } from "#web/features/admin/products/catalogue-ui.tsx";
import { BranchForm } from "#web/features/admin/stock/stock-forms.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import type { Route } from "./+types/branches";

const BRANCH_LIST = { sorts: [], defaultSort: "" } as const;

/** The branches, or the form `?branch=new` / `?branch=<id>` opens. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "stock.adjust");
  const url = new URL(request.url);
  const all = await context.services.stock.branches();
  return listOrForm(url, "branch", {
    list: () => listOf(url, BRANCH_LIST, async (q) => pageOf(all, q, (b) => `${b.name} ${b.city}`)),
    form: async (target) => {
      const editing = target === "new" ? null : (all.find((b) => b.id === target) ?? null);
      if (target !== "new" && !editing) throw data("Branch not found.", { status: 404 });
      return { editing };
    },
  });
}

export default function AdminBranches({ loaderData }: Route.ComponentProps) {
  const closeForm = useCloseForm("branch");
  const { form, list } = loaderData;
  if (form) {
    return (
      <div className="max-w-3xl">
        <BranchForm key={form.editing?.id ?? "new"} branch={form.editing} onSaved={closeForm} onCancel={() => closeForm()} />
      </div>
    );
  }
  if (!list) return null;
  return (
    <CatalogueTable<BranchView>
      param="branch"
      label="Branches"
      rows={list.rows}
      count={list.count}
      params={list.params}
      id={(b) => b.id}
      rowLabel={(b) => b.name}
      search={{ placeholder: "Name or city" }}
      columns={[
        {
          key: "name",
          header: "Name",
          className: NAME_CELL_CLASS,
          cell: (b) => <span className="font-medium text-slate-900">{b.name}</span>,
        },
        { key: "city", header: "City", cell: (b) => b.city },
        { key: "address", header: "Address", className: "min-w-48", cell: (b) => b.address || <span className="text-slate-600">–</span> },
        { key: "hours", header: "Opening hours", cell: (b) => b.opening_hours || <span className="text-slate-600">–</span> },
        {
          key: "collection",
          header: "Collection",
          cell: (b) =>
            b.collection ? <span className={BADGE.good}>Collect here</span> : <span className={BADGE.neutral}>No collection</span>,
        },
      ]}
      remove={{
        url: (id) => `/api/branches/${id}`,
        noun: "branch",
        label: "Delete",
        missing: "Branch",
        title: (b) => `Delete the branch ${b.name}?`,
        body: () => (
          <p>A branch that holds or held stock, or has orders, quotations or shipments, cannot be deleted: the answer says why.</p>
        ),
      }}
      add="Add branch"
      empty="No branches yet: add the warehouses and shops stock is kept at."
      tour="branch-list"
    />
  );
}
