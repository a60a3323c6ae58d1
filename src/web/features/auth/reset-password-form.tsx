import { Form } from "react-router";
import type { FormResult } from "#web/lib/form-action.ts";
import { serverFields } from "#web/lib/server-form.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormMessage } from "../../components/ui/form-alert.tsx";
import { NewPasswordFields } from "./new-password-fields.tsx";

/** The new password twice, with the link's token; same length rule as sign-up. Drawn by the server like sign-up. */
export function ResetPasswordForm({ token, result }: { token: string; result: FormResult<"password" | "confirmPassword"> | undefined }) {
  const field = serverFields(result?.fieldErrors, ["password", "confirmPassword"]);
  return (
    <Form method="post" noValidate data-validate="reset-password" className="space-y-5">
      <FormMessage error={result?.formError} />
      <input type="hidden" name="token" value={token} />
      <NewPasswordFields
        field={field}
        labels={["New password", "Confirm new password"]}
        hint="At least 6 characters; a long phrase is best."
      />
      <button type="submit" data-pending-text="Saving…" className={buttonClass("primary", "w-full")}>
        Set Password
      </button>
    </Form>
  );
}
