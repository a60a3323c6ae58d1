import { data, redirect } from "react-router";
import { homePathFor } from "#shared/roles.ts";
import {
  FORGOT_PASSWORD_FAILED,
  forgotPasswordSchema,
  loginSchema,
  RESET_SENT,
  resendVerificationSchema,
  resetPasswordFormSchema,
  secondFactorLoginSchema,
  signupFormSchema,
} from "#shared/schemas/auth.ts";
import { type FormResult, formAction } from "../../lib/form-action.ts";
import { formText } from "../../lib/form-data.ts";
import { safeRedirectPath } from "../../lib/redirects.ts";
import { knownFailure } from "../../lib/service-errors.ts";
import type { WebContext } from "../../load-context.ts";
import type { SecondFactorState } from "./second-factor-state.ts";

/** A sign-in that owes a code (decision 010), as the accounts service answers it (server types come through load-context.ts). */
type SecondFactorChallenge = Extract<Awaited<ReturnType<WebContext["services"]["accounts"]["login"]>>, { totpRequired: true }>;

/** Where to go after login: a safe `redirectTo` (form field or query), else the role's home (spec §4). */
export function afterLoginPath(request: Request, role: Parameters<typeof homePathFor>[0], form?: FormData): string {
  const fromForm = form ? safeRedirectPath(form.get("redirectTo")) : null;
  const fromQuery = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  return fromForm ?? fromQuery ?? homePathFor(role);
}

/** Where a sign-in comes from: the address and agent (limits, events) and the known-device cookie. */
function signInMeta(context: WebContext) {
  return { ip: context.ip, userAgent: context.userAgent, deviceToken: context.deviceToken };
}

/** The session cookie and the known-device cookie of a new sign-in. */
function signedInCookies(
  context: WebContext,
  session: { token: string; expiresAt: Date; device: { token: string; expiresAt: Date } },
): [string, string][] {
  return [
    ["Set-Cookie", context.sessionCookie(session.token, session.expiresAt)],
    ["Set-Cookie", context.deviceCookie(session.device.token, session.device.expiresAt)],
  ];
}

type LoginField = "user" | "password";

/** A right password of an account that owes a code (decision 010): the page asks for it, holding the challenge. */
function codeOwed(owed: SecondFactorChallenge, redirectTo: string | null): SecondFactorState {
  return {
    secondFactor: owed.enrolmentRequired ? "enrol" : "code",
    challenge: owed.challenge,
    ...(owed.setup ? { setup: owed.setup } : {}),
    ...(redirectTo ? { redirectTo } : {}),
  };
}

/** The second step of a sign-in (/login, /reset-password): the challenge (a hidden field) and the code; after an enrolment, the recovery codes. */
async function secondFactorAction(request: Request, context: WebContext, form: FormData) {
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  const challenge = formText(form, "challenge");
  const kind = formText(form, "secondFactor") === "enrol" ? "enrol" : "code";
  const again = async (error: string, status: number) => {
    // The enrolment page shows the key again; a void challenge sends the user back to the password.
    const described = await context.services.accounts.secondFactor.describe(challenge).catch(() => null);
    if (!described) return data<SecondFactorState | FormResult<LoginField>>({ formError: error }, { status });
    const state: SecondFactorState = { secondFactor: kind, challenge, codeError: error, ...(redirectTo ? { redirectTo } : {}) };
    if (described.setup) state.setup = described.setup;
    return data<SecondFactorState | FormResult<LoginField>>(state, { status });
  };
  const parsed = secondFactorLoginSchema.safeParse({ challenge, code: formText(form, "code") });
  if (!parsed.success) return again(parsed.error.issues[0]?.message ?? "Enter a code.", 400);
  try {
    const session = await context.services.accounts.completeSecondFactor(parsed.data, signInMeta(context));
    const headers = signedInCookies(context, session);
    const next = afterLoginPath(request, session.user.role, form);
    // After an enrolment the recovery codes are shown once, before the user moves on.
    if (session.recoveryCodes)
      return data<SecondFactorState>({ secondFactor: "recovery", recoveryCodes: session.recoveryCodes, next }, { headers });
    return redirect(next, { headers });
  } catch (err) {
    const known = knownFailure(err);
    if (known) return again(known.message, known.statusCode);
    throw err;
  }
}

export async function loginAction(request: Request, context: WebContext) {
  const form = await request.formData();
  if (form.has("challenge")) return secondFactorAction(request, context, form);
  const input = { user: formText(form, "user"), password: formText(form, "password") };
  return formAction(
    loginSchema,
    async (credentials) => {
      const session = await context.services.accounts.login(credentials, signInMeta(context));
      if ("totpRequired" in session) {
        const redirectTo =
          safeRedirectPath(form.get("redirectTo")) ?? safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
        return data<SecondFactorState>(codeOwed(session, redirectTo));
      }
      return redirect(afterLoginPath(request, session.user.role, form), { headers: signedInCookies(context, session) });
    },
    { log: context.logError, input, values: { user: input.user }, unexpected: "An unexpected error occurred." },
  );
}

export async function signupAction(request: Request, context: WebContext) {
  const form = await request.formData();
  const input = {
    fullName: formText(form, "fullName"),
    username: formText(form, "username"),
    email: formText(form, "email"),
    password: formText(form, "password"),
    confirmPassword: formText(form, "confirmPassword"),
  };
  return formAction(
    signupFormSchema,
    async ({ confirmPassword: _confirm, ...registration }) => {
      await context.services.accounts.register(registration, { ip: context.ip, origin: context.siteUrl });
      return redirect("/verification");
    },
    {
      log: context.logError,
      input,
      values: { fullName: input.fullName, username: input.username, email: input.email },
      failureFields: ["password"],
      unexpected: "Registration failed.",
    },
  );
}

/** Spec §2/§8: the reset link is e-mailed when the address has an account; the answer is the same either way. */
export async function forgotPasswordAction(request: Request, context: WebContext) {
  const form = await request.formData();
  const email = formText(form, "email");
  return formAction(
    forgotPasswordSchema,
    async (parsed) => {
      await context.services.accounts.requestPasswordReset(parsed.email, { ip: context.ip, origin: context.siteUrl });
      return data<FormResult<"email">>({ success: RESET_SENT });
    },
    { log: context.logError, input: { email }, values: { email }, unexpected: FORGOT_PASSWORD_FAILED },
  );
}

/** /reset-password: the new password from a reset or invitation link; success signs in and goes to the role's home. */
export async function resetPasswordAction(request: Request, context: WebContext) {
  const form = await request.formData();
  // The second step of an account with two-step sign-in, on this page after the new password.
  if (form.has("challenge")) return secondFactorAction(request, context, form);
  const input = {
    token: formText(form, "token"),
    password: formText(form, "password"),
    confirmPassword: formText(form, "confirmPassword"),
  };
  return formAction(
    resetPasswordFormSchema,
    async ({ token, password }) => {
      const session = await context.services.accounts.resetPassword({ token, password }, signInMeta(context));
      // An admin (or an account with two-step sign-in) still owes a code: the sign-in continues on /login.
      if ("totpRequired" in session) return data<SecondFactorState>(codeOwed(session, null));
      return redirect(homePathFor(session.user.role), { headers: signedInCookies(context, session) });
    },
    { log: context.logError, input, formLevel: ["token"], failureFields: ["password"] },
  );
}

/** /verification: a new link for an address whose account is not verified yet (the same answer either way). */
export async function resendVerificationAction(request: Request, context: WebContext) {
  const form = await request.formData();
  const email = formText(form, "email");
  return formAction(
    resendVerificationSchema,
    async (parsed) => {
      await context.services.accounts.resendVerification(parsed.email, { ip: context.ip, origin: context.siteUrl });
      return data<FormResult<"email">>({
        success: "If this address belongs to an account that is not verified yet, a new link is on its way.",
      });
    },
    { log: context.logError, input: { email }, values: { email } },
  );
}
