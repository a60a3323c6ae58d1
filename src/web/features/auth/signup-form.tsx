import { Form, Link } from "react-router";
import type { FormResult } from "#web/lib/form-action.ts";
import { serverFields } from "#web/lib/server-form.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormMessage } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { inlineLinkClass } from "./auth-card.tsx";
import { NewPasswordFields } from "./new-password-fields.tsx";

type SignupField = "fullName" | "username" | "email" | "password" | "confirmPassword";
const ORDER: readonly SignupField[] = ["fullName", "username", "email", "password", "confirmPassword"];

/**
 * Sign-up (spec §2, §5), drawn by the server: a plain form the page's action checks with the shared schema; with
 * scripts (src/web/enhance/forms.ts, `data-validate`) checked in the browser first with the same schema.
 */
export function SignupForm({ result }: { result: FormResult<SignupField> | undefined }) {
  const field = serverFields(result?.fieldErrors, ORDER);
  return (
    <Form method="post" noValidate data-validate="signup" className="space-y-5">
      <FormMessage error={result?.formError} />
      <TextField label="Full Name" autoComplete="name" required defaultValue={result?.values?.fullName ?? ""} {...field("fullName")} />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        defaultValue={result?.values?.username ?? ""}
        {...field("username")}
      />
      <TextField label="Email" type="email" autoComplete="email" required defaultValue={result?.values?.email ?? ""} {...field("email")} />
      <NewPasswordFields field={field} labels={["Password", "Confirm Password"]} hint="At least 6 characters." />
      <button type="submit" data-pending-text="Creating account…" className={buttonClass("primary", "w-full")}>
        Sign Up
      </button>
      <p className="text-center text-sm text-slate-700">
        Already have an account?{" "}
        <Link to="/login" className={inlineLinkClass}>
          Login
        </Link>
      </p>
    </Form>
  );
}
