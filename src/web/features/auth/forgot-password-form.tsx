import { useState } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { inlineLinkClass } from "./auth-card.tsx";
import { INVALID_EMAIL, isPlausibleEmail } from "./forgot-password-rules.ts";
import type { FormResult } from "./form-result.ts";
import { usePostPending } from "./use-post-pending.ts";

/** One e-mail field and 'Send Reset Link' (spec §2), with the spec's client check (§5). */
export function ForgotPasswordForm({ result }: { result: FormResult<"email"> | undefined }) {
  const pending = usePostPending("/forgot-password");
  const [clientError, setClientError] = useState<string | undefined>();
  const error = clientError ?? result?.fieldErrors?.email;
  return (
    <Form
      method="post"
      noValidate
      aria-busy={pending}
      onSubmit={(event) => {
        const email = new FormData(event.currentTarget).get("email");
        if (!isPlausibleEmail(typeof email === "string" ? email : "")) {
          event.preventDefault();
          setClientError(INVALID_EMAIL);
          (event.currentTarget.elements.namedItem("email") as HTMLInputElement | null)?.focus();
        }
      }}
      className="space-y-5"
    >
      {result?.formError && !pending ? <FormAlert>{result.formError}</FormAlert> : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={result?.values?.email ?? ""}
        error={error}
        onChange={() => setClientError(undefined)}
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
