import { data } from "react-router";
import {
  changePasswordFormSchema,
  emailChangePending,
  PASSWORD_CHANGE_FAILED,
  PASSWORD_CHANGED,
  PROFILE_UPDATE_FAILED,
  PROFILE_UPDATED,
  revokeOthersSchema,
  updateProfileSchema,
} from "#shared/schemas/auth.ts";
import { type FormResult, formAction } from "../../lib/form-action.ts";
import { formText } from "../../lib/form-data.ts";
import type { WebContext } from "../../load-context.ts";
import { type TwoStepResult, twoStepAction } from "./two-step-actions.server.ts";

export type ProfileField = "fullName" | "username" | "email" | "currentPassword";
export type PasswordField = "oldPassword" | "newPassword" | "confirmPassword";
/** Which of the profile page's forms answered, so only that one shows the result. */
export type AccountResult =
  | ({ form: "profile" } & FormResult<ProfileField>)
  | ({ form: "password" } & FormResult<PasswordField>)
  | ({ form: "sessions" } & FormResult<"password">)
  | TwoStepResult;

/** A conflict names the field it is about ("…e-mail address…", "…username…"). */
function conflictField(message: string): ProfileField | null {
  if (/e-mail/i.test(message)) return "email";
  if (/username/i.test(message)) return "username";
  return null;
}

async function updateProfile(form: FormData, context: WebContext, userId: number) {
  const values = { fullName: formText(form, "fullName"), username: formText(form, "username"), email: formText(form, "email") };
  const currentPassword = formText(form, "currentPassword");
  return formAction(
    updateProfileSchema,
    async (profile) => {
      const { pendingEmail } = await context.services.accounts.updateProfile(context.actor, userId, profile, requestMeta(context));
      return data<AccountResult>({
        form: "profile",
        success: pendingEmail ? `${PROFILE_UPDATED} ${emailChangePending(pendingEmail)}` : PROFILE_UPDATED,
      });
    },
    {
      log: context.logError,
      input: { ...values, ...(currentPassword ? { currentPassword } : {}) },
      values,
      tag: { form: "profile" as const },
      failure: (known) => {
        const field = known?.field === "currentPassword" ? "currentPassword" : known ? conflictField(known.message) : null;
        return { formError: PROFILE_UPDATE_FAILED, ...(field && known ? { fieldErrors: { [field]: known.message } } : {}) };
      },
    },
  );
}

async function changePassword(form: FormData, context: WebContext, userId: number) {
  const input = {
    oldPassword: formText(form, "oldPassword"),
    newPassword: formText(form, "newPassword"),
    confirmPassword: formText(form, "confirmPassword"),
  };
  return formAction(
    changePasswordFormSchema,
    async ({ oldPassword, newPassword }) => {
      await context.services.accounts.changePassword(context.actor, userId, { oldPassword, newPassword }, requestMeta(context));
      return data<AccountResult>({ form: "password", success: PASSWORD_CHANGED });
    },
    {
      log: context.logError,
      input,
      tag: { form: "password" as const },
      // A refused new password (too common) is said under its field; anything else is the spec's failure text.
      failure: (known) => ({
        formError: known?.statusCode === 429 ? known.message : PASSWORD_CHANGE_FAILED,
        ...(known?.field === "newPassword" ? { fieldErrors: { newPassword: known.message } } : {}),
      }),
    },
  );
}

/** "Sign out of other devices", with the current password. */
async function revokeOthers(form: FormData, context: WebContext) {
  return formAction(
    revokeOthersSchema,
    async ({ password }) => {
      const ended = await context.services.accounts.revokeOtherSessions(context.actor, password, requestMeta(context));
      return data<AccountResult>({ form: "sessions", success: ended === 1 ? "1 other session ended." : `${ended} other sessions ended.` });
    },
    {
      log: context.logError,
      input: { password: formText(form, "password") },
      tag: { form: "sessions" as const },
      failureFields: ["password"],
    },
  );
}

/** The address, agent and known-device cookie of the request: the password checks count and log by them. */
function requestMeta(context: WebContext) {
  return { ip: context.ip, userAgent: context.userAgent, deviceToken: context.deviceToken, origin: context.siteUrl };
}

/** The profile page's forms: personal details, password change, and signing out other devices. */
export async function accountAction(request: Request, context: WebContext, userId: number) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "profile") return updateProfile(form, context, userId);
  if (intent === "password") return changePassword(form, context, userId);
  if (intent.startsWith("totp-")) return twoStepAction(intent, form, context);
  if (intent === "revoke-others") return revokeOthers(form, context);
  return data<AccountResult>({ form: "profile", formError: "Unknown form." }, { status: 400 });
}
