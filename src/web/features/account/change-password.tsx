import { Form, Link } from "react-router";
import { changePasswordFormSchema } from "#shared/schemas/auth.ts";
import type { FormResult } from "#web/lib/form-action.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { usePostForm } from "../../lib/use-post-form.ts";
import type { PasswordField } from "./account-actions.server.ts";

function PasswordForm({ result }: { result: FormResult<PasswordField> | undefined }) {
  const { register, error, onSubmit, pending } = usePostForm(changePasswordFormSchema, {
    pathname: "/dealer/profile",
    defaultValues: { oldPassword: "", newPassword: "", confirmPassword: "" },
    serverErrors: result?.fieldErrors,
  });
  return (
    <Form method="post" noValidate aria-busy={pending} onSubmit={onSubmit} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="password" />
      {result?.formError && !pending ? <FormAlert>{result.formError}</FormAlert> : null}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        error={error("oldPassword")}
        {...register("oldPassword")}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        error={error("newPassword")}
        {...register("newPassword")}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        error={error("confirmPassword")}
        {...register("confirmPassword")}
      />
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary")}>
        {pending ? "Saving…" : "Change Password"}
      </button>
    </Form>
  );
}

/** Spec §2/§4: Change Password behind a Change/Cancel toggle; a successful change closes and clears the form. */
export function ChangePassword({ editing, result }: { editing: boolean; result: FormResult<PasswordField> | undefined }) {
  const changed = result?.success;
  const open = editing && !changed;
  return (
    <section
      aria-labelledby="password-heading"
      data-tour="profile-password"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id="password-heading" className="text-xl font-semibold text-slate-900">
          Change Password
        </h2>
        <Link
          to={open ? "/dealer/profile" : "/dealer/profile?edit=password"}
          replace
          preventScrollReset
          className="text-sm font-semibold text-accent-700 underline-offset-2 hover:underline"
        >
          {open ? "Cancel" : "Change"}
        </Link>
      </div>
      {changed ? (
        <div className="mt-4">
          <FormAlert tone="success">{changed}</FormAlert>
        </div>
      ) : null}
      {open ? <PasswordForm result={result} /> : <p className="mt-2 text-slate-700">Changing it signs you out on your other devices.</p>}
    </section>
  );
}
