import { Form, Link } from "react-router";
import { signupFormSchema } from "#shared/schemas/auth.ts";
import type { FormResult } from "#web/lib/form-action.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { LoadingOverlay } from "../../components/ui/loading-overlay.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { usePostForm } from "../../lib/use-post-form.ts";
import { inlineLinkClass } from "./auth-card.tsx";

type SignupField = "fullName" | "username" | "email" | "password" | "confirmPassword";

/** Sign-up (spec §2, §5): the shared schema in the browser and again in the action; works without JavaScript. */
export function SignupForm({ result }: { result: FormResult<SignupField> | undefined }) {
  const { register, error, onSubmit, pending } = usePostForm(signupFormSchema, {
    pathname: "/signup",
    defaultValues: {
      fullName: result?.values?.fullName ?? "",
      username: result?.values?.username ?? "",
      email: result?.values?.email ?? "",
      password: "",
      confirmPassword: "",
    },
    serverErrors: result?.fieldErrors,
  });

  return (
    <Form method="post" noValidate aria-busy={pending} onSubmit={onSubmit} className="space-y-5">
      {pending ? <LoadingOverlay label="Creating your account…" /> : null}
      {result?.formError ? <FormAlert>{result.formError}</FormAlert> : null}
      <TextField
        label="Full Name"
        autoComplete="name"
        required
        defaultValue={result?.values?.fullName ?? ""}
        error={error("fullName")}
        {...register("fullName")}
      />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        defaultValue={result?.values?.username ?? ""}
        error={error("username")}
        {...register("username")}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={result?.values?.email ?? ""}
        error={error("email")}
        {...register("email")}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 6 characters."
        error={error("password")}
        {...register("password")}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        error={error("confirmPassword")}
        {...register("confirmPassword")}
      />
      <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "w-full")}>
        {pending ? "Creating account…" : "Sign Up"}
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
