import { data, redirect } from "react-router";
import { homePathFor } from "#shared/roles.ts";
import { FORGOT_PASSWORD_FAILED, forgotPasswordSchema, loginSchema, signupFormSchema } from "#shared/schemas/auth.ts";
import { firstIssues, formText } from "../../lib/form-data.ts";
import { safeRedirectPath } from "../../lib/redirects.ts";
import { knownFailure } from "../../lib/service-errors.ts";
import type { WebContext } from "../../load-context.ts";
import type { FormResult } from "./form-result.ts";

/** Where to go after login: a safe `redirectTo` (form field or query), else the role's home (spec §4). */
export function afterLoginPath(request: Request, role: Parameters<typeof homePathFor>[0], form?: FormData): string {
  const fromForm = form ? safeRedirectPath(form.get("redirectTo")) : null;
  const fromQuery = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  return fromForm ?? fromQuery ?? homePathFor(role);
}

type LoginField = "user" | "password";

export async function loginAction(request: Request, context: WebContext) {
  const form = await request.formData();
  const input = { user: formText(form, "user"), password: formText(form, "password") };
  const values = { user: input.user };
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) {
    return data<FormResult<LoginField>>({ fieldErrors: firstIssues<LoginField>(parsed.error), values }, { status: 400 });
  }
  try {
    const session = await context.services.accounts.login(parsed.data, { userAgent: request.headers.get("user-agent") ?? undefined });
    return redirect(afterLoginPath(request, session.user.role, form), {
      headers: { "Set-Cookie": context.sessionCookie(session.token, session.expiresAt) },
    });
  } catch (err) {
    const known = knownFailure(err);
    if (known) return data<FormResult<LoginField>>({ formError: known.message, values }, { status: known.statusCode });
    console.error(err);
    return data<FormResult<LoginField>>({ formError: "An unexpected error occurred.", values }, { status: 500 });
  }
}

type SignupField = "fullName" | "username" | "email" | "password" | "confirmPassword";

export async function signupAction(request: Request, context: WebContext) {
  const form = await request.formData();
  const input = {
    fullName: formText(form, "fullName"),
    username: formText(form, "username"),
    email: formText(form, "email"),
    password: formText(form, "password"),
    confirmPassword: formText(form, "confirmPassword"),
  };
  const values = { fullName: input.fullName, username: input.username, email: input.email };
  const parsed = signupFormSchema.safeParse(input);
  if (!parsed.success) {
    return data<FormResult<SignupField>>({ fieldErrors: firstIssues<SignupField>(parsed.error), values }, { status: 400 });
  }
  const { confirmPassword: _confirm, ...registration } = parsed.data;
  try {
    await context.services.accounts.register(registration);
  } catch (err) {
    const known = knownFailure(err);
    if (known) return data<FormResult<SignupField>>({ formError: known.message, values }, { status: known.statusCode });
    console.error(err);
    return data<FormResult<SignupField>>({ formError: "Registration failed.", values }, { status: 500 });
  }
  return redirect("/verification");
}

/**
 * Password reset e-mails are not sent yet, so the request honestly fails (spec §8's failure text) instead of
 * pretending that instructions went out.
 */
export async function forgotPasswordAction(request: Request) {
  const form = await request.formData();
  const email = formText(form, "email");
  const parsed = forgotPasswordSchema.safeParse({ email });
  if (!parsed.success) {
    return data<FormResult<"email">>({ fieldErrors: firstIssues<"email">(parsed.error), values: { email } }, { status: 400 });
  }
  return data<FormResult<"email">>({ formError: FORGOT_PASSWORD_FAILED, values: { email } }, { status: 503 });
}
