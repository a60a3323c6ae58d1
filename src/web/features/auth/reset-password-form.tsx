import { Form } from "react-router";
import { resetPasswordFormSchema } from "#shared/schemas/auth.ts";
import type { FormResult } from "#web/lib/form-action.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { usePostForm } from "../../lib/use-post-form.ts";

/** The new password twice, with the link's token; same length rule as sign-up. */
export function ResetPasswordForm({ token, result }: { token: string; result: FormResult<"password" | "confirmPassword"> | undefined }) {
  const { register, error, onSubmit, pending } = usePostForm(resetPasswordFormSchema, {
    pathname: "/reset-password",
    defaultValues: { token, password: "", confirmPassword: "" },
    serverErrors: result?.fieldErrors,
  });
  return (
    <Form method="post" noValidate aria-busy={pending} onSubmit={onSubmit} className="space-y-5">
      {result?.formError && !pending ? <FormAlert>{result.formError}</FormAlert> : null}
      <input type="hidden" value={token} {...register("token")} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 6 characters; a long phrase is best."
        error={error("password")}
        {...register("password")}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        error={error("confirmPassword")}
        {...register("confirmPassword")}
      />
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "w-full")}>
        {pending ? "Saving…" : "Set Password"}
      </button>
    </Form>
  );
}
