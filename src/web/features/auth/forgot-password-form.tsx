import { Form, Link } from "react-router";
import { RESET_REDIRECT_MS } from "#shared/constants.ts";
import type { FormResult } from "#web/lib/form-action.ts";
import { serverFields } from "#web/lib/server-form.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert, FormMessage } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { inlineLinkClass } from "./auth-card.tsx";

/** Spec §5/§8: the success text, then the login page after 5 seconds (src/web/enhance/go-after.ts; the link without scripts). */
function ResetSent({ message }: { message: string }) {
  return (
    <div className="space-y-5" data-go-to="/login" data-go-after={RESET_REDIRECT_MS}>
      <FormAlert tone="success">{message}</FormAlert>
      <p className="text-sm text-slate-700">
        You will be taken to the login page in a few seconds.{" "}
        <Link to="/login" className={inlineLinkClass}>
          Go to Login now
        </Link>
      </p>
    </div>
  );
}

/** One e-mail field and 'Send Reset Link' (spec §2), with the spec's client check (§5), drawn by the server like login. */
export function ForgotPasswordForm({ result }: { result: FormResult<"email"> | undefined }) {
  if (result?.success) return <ResetSent message={result.success} />;
  const field = serverFields(result?.fieldErrors, ["email"]);
  return (
    <Form method="post" noValidate data-validate="forgot-password" className="space-y-5">
      <FormMessage error={result?.formError} />
      <TextField label="Email" type="email" autoComplete="email" required defaultValue={result?.values?.email ?? ""} {...field("email")} />
      <button type="submit" data-pending-text="Sending…" className={buttonClass("primary", "w-full")}>
        Send Reset Link
      </button>
      <p className="text-center text-sm text-slate-700">
        <Link to="/login" className={inlineLinkClass}>
          Back to Login
        </Link>
      </p>
    </Form>
  );
}
