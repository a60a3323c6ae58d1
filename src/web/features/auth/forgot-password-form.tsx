import { useEffect } from "react";
import { Form, Link, useNavigate } from "react-router";
import { RESET_REDIRECT_MS } from "#shared/constants.ts";
import { forgotPasswordSchema } from "#shared/schemas/auth.ts";
import type { FormResult } from "#web/lib/form-action.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { usePostForm } from "../../lib/use-post-form.ts";
import { inlineLinkClass } from "./auth-card.tsx";

/** Spec §5/§8: the success text, then the login page after 5 seconds. */
function ResetSent({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/login"), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="space-y-5">
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

/** One e-mail field and 'Send Reset Link' (spec §2), with the spec's client check (§5). */
export function ForgotPasswordForm({ result }: { result: FormResult<"email"> | undefined }) {
  const { register, error, onSubmit, pending } = usePostForm(forgotPasswordSchema, {
    pathname: "/forgot-password",
    defaultValues: { email: result?.values?.email ?? "" },
    serverErrors: result?.fieldErrors,
  });
  if (result?.success) return <ResetSent message={result.success} />;
  return (
    <Form method="post" noValidate aria-busy={pending} onSubmit={onSubmit} className="space-y-5">
      {result?.formError && !pending ? <FormAlert>{result.formError}</FormAlert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={result?.values?.email ?? ""}
        error={error("email")}
        {...register("email")}
      />
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "w-full")}>
        {pending ? "Sending…" : "Send Reset Link"}
      </button>
      <p className="text-center text-sm text-slate-700">
        <Link to="/login" className={inlineLinkClass}>
          Back to Login
        </Link>
      </p>
    </Form>
  );
}
