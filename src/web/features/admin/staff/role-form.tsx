import { type StaffRoleView, staffRoleInputSchema } from "#shared/schemas/staff.ts";
import { PERMISSION_LABELS, PERMISSIONS, SENSITIVE_PERMISSIONS } from "#shared/staff.ts";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { FormShell, useAdminForm } from "../kit/form-kit.tsx";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";
import { STEP_UP_HINT, StepUpCodeField, useStepUp } from "../users/step-up.tsx";

/**
 * A custom role (decision 035): its name, what it is for, and what it may do, one box per permission in the words of
 * PERMISSION_LABELS. Saving asks for a fresh code first (POST /api/auth/step-up), then POST or PUT /api/staff/roles.
 */
export function RoleForm({ role, onDone }: { role: StaffRoleView | null; onDone: (message: string) => void }) {
  const { form, register, error, applyAnswer } = useAdminForm(staffRoleInputSchema, {
    name: role?.name ?? "",
    description: role?.description ?? "",
    permissions: role?.permissions ?? [],
  });
  const submit = useAdminSubmit(applyAnswer);
  const step = useStepUp();
  const title = role ? `Change ${role.name}` : "New role";
  return (
    <FormShell
      title={title}
      submitLabel={role ? "Save role" : "Make role"}
      {...submit.shell}
      dirty={form.formState.isDirty}
      onSubmit={form.handleSubmit(
        submit.saving(async (values) => {
          if (!(await step.confirm())) return;
          const answer = await submit.send<StaffRoleView>(
            role
              ? { method: "PUT", url: `/api/staff/roles/${role.id}`, body: values }
              : { method: "POST", url: "/api/staff/roles", body: values },
          );
          if (!answer) return;
          form.reset(values);
          await submit.succeed();
          onDone(role ? `${values.name} was saved.` : `${values.name} was made. Give it to someone on Admin Users.`);
        }),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="off" error={error("name")} {...register("name")} />
        <TextAreaField label="What it is for" rows={2} error={error("description")} {...register("description")} />
      </div>
      <fieldset aria-describedby={error("permissions") ? "role-permissions-error" : undefined}>
        <legend className="mb-2 font-semibold text-slate-900">What it may do</legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {PERMISSIONS.map((p) => (
            <li key={p}>
              <label className="flex min-h-11 items-start gap-3 rounded-md border border-slate-200 p-2.5 hover:bg-slate-50">
                <input type="checkbox" value={p} className="mt-0.5 size-5 shrink-0" {...register("permissions")} />
                <span>
                  <span className="block text-slate-900">{PERMISSION_LABELS[p]}</span>
                  <span className="block text-sm text-slate-600">
                    {p}
                    {(SENSITIVE_PERMISSIONS as readonly string[]).includes(p) ? " · asks for a fresh code" : ""}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {error("permissions") ? (
          <p id="role-permissions-error" className="mt-2 text-sm font-medium text-red-700">
            {error("permissions")}
          </p>
        ) : null}
      </fieldset>
      <StepUpCodeField {...step.field} hint={STEP_UP_HINT} />
    </FormShell>
  );
}
