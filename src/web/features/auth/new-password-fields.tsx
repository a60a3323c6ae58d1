import type { ServerField } from "#web/lib/server-form.ts";
import { TextField } from "../../components/ui/text-field.tsx";

type Field = (name: "password" | "confirmPassword") => ServerField;

/** A new password and its confirmation (sign-up, a reset or an invitation): never filled again after a refusal. */
export function NewPasswordFields({ field, labels, hint }: { field: Field; labels: readonly [string, string]; hint: string }) {
  return (
    <>
      <TextField label={labels[0]} type="password" autoComplete="new-password" required hint={hint} {...field("password")} />
      <TextField label={labels[1]} type="password" autoComplete="new-password" required {...field("confirmPassword")} />
    </>
  );
}
