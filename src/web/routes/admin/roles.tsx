import { Pencil, Plus, X } from "lucide-react";
import { useState } from "react";
import type { StaffRoleView } from "#shared/schemas/staff.ts";
import { PERMISSION_LABELS } from "#shared/staff.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { RowActionButton } from "#web/components/ui/row-actions.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { SimpleTable } from "#web/features/admin/kit/simple-table.tsx";
import { RoleForm } from "#web/features/admin/staff/role-form.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/roles";

/** The back office's roles (decision 035): what each may do and how many hold it; the owner makes custom ones. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "staff.manage");
  return { roles: await context.services.accounts.staffRoles.listRoles(context.actor) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Roles – Admin", { description: "What each back-office role may do.", noIndex: true });
}

export default function AdminRoles({ loaderData }: Route.ComponentProps) {
  const { roles } = loaderData;
  // null: no form; "new": a new role; a role: that custom role's form.
  const [editing, setEditing] = useState<StaffRoleView | "new" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <AdminPage
      title="Roles"
      description="What each back-office role may do. The built-in roles are fixed; make a custom role for anything else. Changes ask for a fresh code from your authenticator app."
      actions={
        <button
          type="button"
          className={buttonClass("primary")}
          onClick={() => setEditing(editing === "new" ? null : "new")}
          aria-expanded={editing === "new"}
        >
          {editing === "new" ? <X aria-hidden="true" className="size-4" /> : <Plus aria-hidden="true" className="size-4" />}{" "}
          {editing === "new" ? "Close" : "New role"}
        </button>
      }
    >
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {editing ? (
        <section aria-labelledby="role-form-heading" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="role-form-heading" className="mb-4 text-lg font-semibold text-slate-900">
            {editing === "new" ? "New role" : `Change ${editing.name}`}
          </h2>
          <RoleForm
            key={editing === "new" ? "new" : editing.id}
            role={editing === "new" ? null : editing}
            onDone={(message) => {
              setEditing(null);
              setNotice(message);
            }}
          />
        </section>
      ) : null}
      <SimpleTable<StaffRoleView>
        caption="Roles"
        rows={roles}
        rowKey={(r) => r.id}
        wrapperClassName="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        className="w-full text-left"
        headClassName="bg-slate-50 text-sm text-slate-700"
        headerCellClassName="px-4 py-3 font-semibold"
        rowClassName="border-t border-slate-200 align-top"
        columns={[
          {
            header: "Role",
            rowHeader: true,
            className: "px-4 py-3 min-w-40",
            cell: (r) => (
              <>
                <span className="block font-semibold text-slate-900">{r.name}</span>
                <span className="block text-sm text-slate-600">{r.builtIn ? "Built in" : "Custom"}</span>
              </>
            ),
          },
          {
            header: "What it may do",
            className: "px-4 py-3 min-w-64",
            cell: (r) => (
              <>
                {r.description ? <p className="mb-1 text-slate-700">{r.description}</p> : null}
                <ul className="list-disc pl-5 text-sm text-slate-700">
                  {r.permissions.map((p) => (
                    <li key={p}>{PERMISSION_LABELS[p]}</li>
                  ))}
                </ul>
              </>
            ),
          },
          { header: "People", className: "px-4 py-3 tabular-nums", cell: (r) => r.members },
          {
            header: "Actions",
            className: "px-4 py-3",
            cell: (r) =>
              r.builtIn ? (
                <span className="text-sm text-slate-600">Fixed</span>
              ) : (
                <RowActionButton icon={Pencil} label="Change" name={r.name} onClick={() => setEditing(r)} />
              ),
          },
        ]}
      />
    </AdminPage>
  );
}
