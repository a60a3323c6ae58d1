import { data, redirect } from "react-router";
import { z } from "zod";
import { homePathFor } from "#shared/roles.ts";
import { loginSchema, signupFormSchema } from "#shared/schemas/auth.ts";
import { safeRedirectPath } from "../../lib/redirects.ts";
import { knownFailure } from "../../lib/service-errors.ts";
import type { WebContext } from "../../load-context.ts";
import { FORGOT_PASSWORD_FAILED, INVALID_EMAIL, isPlausibleEmail } from "./forgot-password-rules.ts";
import type { FormResult } from "./form-result.ts";

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function firstIssues<Field extends string>(error: z.ZodError): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [field, messages] of Object.entries(z.flattenError(error).fieldErrors) as [Field, string[] | undefined][]) {
    if (messages?.[0]) out[field] = messages[0];
  }
  return out;
}

/** Where to go after login: a safe `redirectTo` (form field or query), else the role's home (spec §4). */
export function afterLoginPath(request: Request, role: Parameters<typeof homePathFor>[0], form?: FormData): string {
  const fromForm = form ? safeRedirectPath(form.get("redirectTo")) : null;
  const fromQuery = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  return fromForm ?? fromQuery ?? homePathFor(role);
}

type LoginField = "user" | "password";

export async function loginAction(request: Request, context: WebContext) {
  const form = await request.formData();
  const input = { user: text(form, "user"), password: text(form, "password") };
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
    fullName: text(form, "fullName"),
    username: text(form, "username"),
    email: text(form, "email"),
    password: text(form, "password"),
    confirmPassword: text(form, "confirmPassword"),
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
  const email = text(form, "email").trim();
  if (!isPlausibleEmail(email)) {
    return data<FormResult<"email">>({ fieldErrors: { email: INVALID_EMAIL }, values: { email } }, { status: 400 });
  }
  return data<FormResult<"email">>({ formError: FORGOT_PASSWORD_FAILED, values: { email } }, { status: 503 });
}
