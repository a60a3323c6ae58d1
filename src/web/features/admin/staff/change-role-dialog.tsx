import { useState } from "react";
import type { PublicUser } from "#shared/schemas/auth.ts";
import { SelectField } from "#web/components/ui/text-field.tsx";
import { ConfirmDialog } from "../kit/confirm-dialog.tsx";
import { sendRequest } from "../kit/send-request.ts";
import type { RoleChoice } from "../users/add-admin-form.tsx";
import { StepUpCodeField, stepUp } from "../users/step-up.tsx";

/**
 * Gives a back-office account another role (PUT /api/staff/users/{id}/role, decision 035) after a fresh code; the
 * refusal (one's own role, the last owner) is said in the dialog.
 */
export function ChangeRoleDialog({
  person,
  roles,
  onClose,
  onDone,
}: {
  person: PublicUser | null;
  roles: readonly RoleChoice[];
  onClose: () => void;
  onDone: (message: string) => Promise<void>;
}) {
  const [roleId, setRoleId] = useState<string>("");
  const [code, setCode] = useState("");
  const current = person?.staffRole?.id ?? roles.find((r) => r.key === person?.staffRole?.key)?.id;
  const chosen = roleId || String(current ?? "");
  return (
    <ConfirmDialog
      open={person !== null}
      title={`Change the role of ${person?.fullName ?? ""}`}
      confirmLabel="Change role"
      destructive={false}
      onClose={() => {
        setRoleId("");
        setCode("");
        onClose();
      }}
      onConfirm={async () => {
        if (!person) return null;
        const refused = await stepUp(code);
        if (refused) return refused;
        setCode("");
        const answer = await sendRequest<{ message: string }>({
          method: "PUT",
          url: `/api/staff/users/${person.id}/role`,
          body: { staffRoleId: Number(chosen) },
        });
        if (!answer.ok) return answer.issues[0]?.message ?? answer.message;
        setRoleId("");
        await onDone(answer.data?.message ?? "Role changed.");
        return null;
      }}
    >
      <p>They work under the new role from their next click; their sessions stay open.</p>
      <SelectField className="mt-4" label="Role" name="staffRoleId" value={chosen} onChange={(e) => setRoleId(e.target.value)}>
        {roles.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </SelectField>
      <StepUpCodeField className="mt-4" value={code} onChange={setCode} hint="Changing someone's role asks for a fresh code." />
    </ConfirmDialog>
  );
}
