import { useState } from "react";
import { createAdminSchema } from "#shared/schemas/auth.ts";
import { SelectField, TextField } from "#web/components/ui/text-field.tsx";
import { FormShell, useAdminForm } from "../kit/form-kit.tsx";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";
import { StepUpCodeField, stepUp } from "./step-up.tsx";

/** A role the owner may give (GET /api/staff/roles). */
export type RoleChoice = { id: number; key: string; name: string; description: string };

/**
 * The owner (`staff.manage`) adds a back-office account with its role (POST /api/auth/admin, decision 035); the new
 * account chooses a password from the e-mailed link.
 */
export function AddAdminForm({ roles, onDone }: { roles: readonly RoleChoice[]; onDone: (message: string) => void }) {
  const manager = roles.find((r) => r.key === "manager") ?? roles[0];
  const { form, register, error, applyAnswer } = useAdminForm(createAdminSchema, {
    fullName: "",
    username: "",
    email: "",
    role: "admin",
    staffRoleId: manager?.id,
  });
  const submit = useAdminSubmit(applyAnswer);
  // The step-up code is not part of the account's contract: it goes to /api/auth/step-up first.
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();
  return (
    <FormShell
      title="Add admin"
      submitLabel="Add admin"
      {...submit.shell}
      dirty={form.formState.isDirty}
      tour="admin-user-form"
      onSubmit={form.handleSubmit(
        submit.saving(async (values) => {
          const refused = await stepUp(code);
          setCodeError(refused ?? undefined);
          if (refused) return;
          setCode("");
          const answer = await submit.send<{ fullName: string; email: string }>({ method: "POST", url: "/api/auth/admin", body: values });
          if (!answer) return;
          form.reset();
          await submit.succeed();
          onDone(`${answer.data?.fullName} was added. An e-mail to ${answer.data?.email} asks them to choose a password.`);
        }),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Full name" autoComplete="off" error={error("fullName")} {...register("fullName")} />
        <TextField label="Username" autoComplete="off" error={error("username")} {...register("username")} />
        <TextField label="E-mail" type="email" autoComplete="off" error={error("email")} {...register("email")} />
        <SelectField label="Role" error={error("staffRoleId")} {...register("staffRoleId")}>
          {roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
              {r.description ? ` — ${r.description}` : ""}
            </option>
          ))}
        </SelectField>
        <StepUpCodeField value={code} onChange={setCode} error={codeError} />
      </div>
    </FormShell>
  );
}
