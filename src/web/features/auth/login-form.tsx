import { Form, Link } from "react-router";
import type { FormResult } from "#web/lib/form-action.ts";
import { serverFields } from "#web/lib/server-form.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormMessage } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { inlineLinkClass } from "./auth-card.tsx";

/**
 * Login (spec §2, §4, §5), drawn by the server (decision 013): a plain form posted to the page's action, which
 * checks it with the shared schema and answers its messages. With scripts (src/web/enhance/forms.ts,
 * `data-validate`) it is checked in the browser first with the same schema.
 */
export function LoginForm({ result, redirectTo }: { result: FormResult<"user" | "password"> | undefined; redirectTo: string | null }) {
  const field = serverFields(result?.fieldErrors, ["user", "password"]);
  return (
    <Form method="post" noValidate data-validate="login" className="space-y-5">
      <FormMessage error={result?.formError} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <TextField
        label="Email or Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        defaultValue={result?.values?.user ?? ""}
        {...field("user")}
      />
      <TextField label="Password" type="password" autoComplete="current-password" required {...field("password")} />
      <p className="text-right text-sm">
        <Link to="/forgot-password" className={inlineLinkClass}>
          Forgot password?
        </Link>
      </p>
      <button type="submit" data-pending-text="Signing in…" className={buttonClass("primary", "w-full")}>
        Login
      </button>
      <p className="text-center text-sm text-slate-700">
        Don't have an account?{" "}
        <Link to="/signup" className={inlineLinkClass}>
          Sign Up
        </Link>
      </p>
    </Form>
  );
}
