import { ShieldCheck, UserCog, UserMinus, UserPlus } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { can } from "#shared/can.ts";
import type { PublicUser } from "#shared/schemas/auth.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { RowActionButton, RowActionLink } from "#web/components/ui/row-actions.tsx";
import { Token } from "#web/components/ui/token.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { ConfirmDialog } from "#web/features/admin/kit/confirm-dialog.tsx";
import { DataTable } from "#web/features/admin/kit/data-table.tsx";
import { pageOf, readListParams, sortRows } from "#web/features/admin/kit/list-params.ts";
import { sendRequest } from "#web/features/admin/kit/send-request.ts";
import { ChangeRoleDialog } from "#web/features/admin/staff/change-role-dialog.tsx";
import { AccountSecurity } from "#web/features/admin/users/account-security.tsx";
import { AddAdminForm } from "#web/features/admin/users/add-admin-form.tsx";
import { StepUpCodeField, stepUp } from "#web/features/admin/users/step-up.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/users";

const LIST = { sorts: ["name", "username", "role"], defaultSort: "name", filters: ["role"] } as const;

/**
 * Spec §2 admin user management: everyone in the back office sees the table and each account's role; adding,
 * removing and giving roles is `staff.manage`'s (decision 035).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  // Any back-office account sees who works there (decision 035); the changes are `staff.manage`.
  await requireStaffPage(context, request, null);
  const params = readListParams(request.url, LIST);
  const all = await context.services.accounts.listAdmins(context.actor);
  const role = params.filters.role;
  const filtered = role ? all.filter((u) => u.staffRole?.key === role) : all;
  const key = (u: PublicUser) =>
    params.sort === "username" ? u.username : params.sort === "role" ? (u.staffRole?.name ?? "") : u.fullName;
  const page = pageOf(sortRows(filtered, key, params.dir), params, (u) => `${u.fullName} ${u.username} ${u.email}`);
  const canManage = can.do(context.user, "staff.manage");
  // Reading others' security events and signing them out is `users.manage` (decision 035).
  const canSignOut = can.do(context.user, "users.manage");
  const roles = canManage ? await context.services.accounts.staffRoles.listRoles(context.actor) : [];
  // The filter names the roles someone holds, whoever reads the page.
  const held = [...new Map(all.flatMap((u) => (u.staffRole ? [[u.staffRole.key, u.staffRole.name] as const] : []))).entries()];
  // ?account=<id>: that account's recent security events (super; an admin sees their own).
  const accountId = Number(new URL(request.url).searchParams.get("account"));
  const account = all.find((u) => u.id === accountId && (canManage || canSignOut || u.id === context.user?.id));
  const security = account
    ? { id: account.id, name: account.fullName, events: await context.services.accounts.securityEventsOf(context.actor, account.id) }
    : null;
  return {
    ...page,
    params,
    me: context.user?.id ?? 0,
    canManage,
    canSignOut,
    security,
    roles: roles.map((r) => ({ id: r.id, key: r.key, name: r.name, description: r.description })),
    held,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Admin Users – Admin", { description: "Back-office accounts.", noIndex: true });
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { rows, count, params, me, canManage, canSignOut, security, roles, held } = loaderData;
  const [changing, setChanging] = useState<PublicUser | null>(null);
  const revalidator = useRevalidator();
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PublicUser | null>(null);
  const [removeCode, setRemoveCode] = useState("");
  return (
    <AdminPage
      title="Admin Users"
      description="Back-office accounts. New admins get an e-mail with a link to choose their password."
      tour="admin-users"
      actions={
        // The button over its note, both from the same left edge (beside the title or wrapped under it).
        <div className="flex flex-col items-start gap-1" data-tour="add-admin-button">
          <button
            type="button"
            className={buttonClass("primary")}
            onClick={() => setAdding((v) => !v)}
            aria-expanded={adding}
            disabled={!canManage}
            aria-describedby={canManage ? undefined : "add-admin-note"}
          >
            <UserPlus aria-hidden="true" className="size-4" /> {adding ? "Close" : "Add admin"}
          </button>
          {canManage ? null : (
            <p id="add-admin-note" className="text-sm text-slate-600">
              Only the owner adds or removes back-office accounts.
            </p>
          )}
        </div>
      }
    >
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {adding ? (
        <section aria-labelledby="add-admin-heading" className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 id="add-admin-heading" className="mb-4 text-lg font-semibold text-slate-900">
            Add admin
          </h2>
          <AddAdminForm
            roles={roles}
            onDone={(message) => {
              setAdding(false);
              setNotice(message);
            }}
          />
        </section>
      ) : null}
      <DataTable<PublicUser>
        label="Admin users"
        rows={rows}
        count={count}
        params={params}
        rowKey={(u) => u.id}
        rowLabel={(u) => u.fullName}
        search={{ placeholder: "Name, username or e-mail" }}
        filters={[
          {
            name: "role",
            label: "Role",
            allLabel: "All roles",
            options: held.map(([value, label]) => ({ value, label })),
          },
        ]}
        columns={[
          {
            key: "name",
            header: "Name",
            sortable: true,
            cell: (u) => (
              // The avatar and the name side by side: the name wraps between words only when it must.
              <span className="flex min-w-40 items-center gap-2">
                <Avatar name={u.fullName} profile={u.profile} />
                <span className="font-medium text-slate-900">{u.fullName}</span>
              </span>
            ),
          },
          { key: "username", header: "Username", sortable: true, cell: (u) => u.username },
          { key: "email", header: "E-mail", cell: (u) => <Token>{u.email}</Token> },
          {
            key: "role",
            header: "Role",
            sortable: true,
            className: "whitespace-nowrap",
            cell: (u) => u.staffRole?.name ?? (u.role === "super" ? "Owner" : "Manager"),
          },
          { key: "verified", header: "Password set", cell: (u) => (u.emailVerified ? "Yes" : "Invitation sent") },
        ]}
        rowActions={(u) => (
          <>
            {canManage || canSignOut || u.id === me ? (
              <RowActionLink
                to={`/admin/users?account=${u.id}#security-${u.id}`}
                preventScrollReset
                icon={ShieldCheck}
                iconOnly
                label="Security events"
                name={`of ${u.fullName}`}
              />
            ) : null}
            {!canManage ? null : u.id === me ? (
              <span className="inline-flex min-h-10 items-center px-2.5 text-sm text-slate-600">You</span>
            ) : (
              <>
                <RowActionButton icon={UserCog} iconOnly label="Change role" name={u.fullName} onClick={() => setChanging(u)} />
                <RowActionButton icon={UserMinus} tone="danger" iconOnly label="Remove" name={u.fullName} onClick={() => setRemoving(u)} />
              </>
            )}
          </>
        )}
        empty="No admin users."
        tour="admin-table"
      />
      {security ? (
        <AccountSecurity userId={security.id} name={security.name} events={security.events} canEnd={canSignOut && security.id !== me} />
      ) : null}
      <ChangeRoleDialog
        person={changing}
        roles={roles}
        onClose={() => setChanging(null)}
        onDone={async (message) => {
          setChanging(null);
          setNotice(message);
          await revalidator.revalidate();
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.fullName ?? ""}?`}
        confirmLabel="Remove"
        onClose={() => {
          setRemoving(null);
          setRemoveCode("");
        }}
        onConfirm={async () => {
          if (!removing) return null;
          const refused = await stepUp(removeCode);
          if (refused) return refused;
          setRemoveCode("");
          const answer = await sendRequest({ method: "DELETE", url: `/api/auth/user/${removing.id}` });
          if (!answer.ok) return answer.message;
          setNotice(`${removing.fullName} was removed.`);
          await revalidator.revalidate();
          return null;
        }}
      >
        <p>Their account and sessions end now. This cannot be undone.</p>
        <StepUpCodeField className="mt-4" value={removeCode} onChange={setRemoveCode} />
      </ConfirmDialog>
    </AdminPage>
  );
}
