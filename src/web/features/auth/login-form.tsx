import { Form, Link } from "react-router";
import { loginSchema } from "#shared/schemas/auth.ts";
import type { FormResult } from "#web/lib/form-action.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { LoadingOverlay } from "../../components/ui/loading-overlay.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { usePostForm } from "../../lib/use-post-form.ts";
import { inlineLinkClass } from "./auth-card.tsx";

/**
 * Login (spec §2, §4, §5). Checked in the browser with the shared schema, then sent as a normal form post, so it
 * also works before JavaScript has loaded; the action checks again.
 */
export function LoginForm({ result, redirectTo }: { result: FormResult<"user" | "password"> | undefined; redirectTo: string | null }) {
  const { register, error, onSubmit, pending } = usePostForm(loginSchema, {
    pathname: "/login",
    // Also set on the inputs below: the server-rendered form (no JavaScript yet) shows what was typed.
    defaultValues: { user: result?.values?.user ?? "", password: "" },
    serverErrors: result?.fieldErrors,
  });

  return (
    <Form method="post" noValidate aria-busy={pending} onSubmit={onSubmit} className="space-y-5">
      {pending ? <LoadingOverlay label="Signing in…" /> : null}
      {result?.formError ? <FormAlert>{result.formError}</FormAlert> : null}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <TextField
        label="Email or Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        defaultValue={result?.values?.user ?? ""}
        error={error("user")}
        {...register("user")}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={error("password")}
        {...register("password")}
      />
      <p className="text-right text-sm">
        <Link to="/forgot-password" className={inlineLinkClass}>
          Forgot password?
        </Link>
      </p>
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "w-full")}>
        {pending ? "Signing in…" : "Login"}
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
