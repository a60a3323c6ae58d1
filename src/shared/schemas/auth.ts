import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../constants.ts";
import { COMPANY_HOLDS, TEAM_ROLES } from "../roles.ts";
import { PERMISSIONS } from "../staff.ts";

export const PASSWORD_TOO_SHORT = "Password must be at least 6 characters long.";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match.";

export const password = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`);

/** POST /api/auth/login: `user` is the e-mail address or the username. */
export const loginSchema = z.object({
  user: z.string({ error: "Enter your e-mail address or username." }).trim().min(1, "Enter your e-mail address or username.").max(254),
  password,
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/auth/register. */
export const registerSchema = z.object({
  fullName: z.string({ error: "Full name is required." }).trim().min(1, "Full name is required.").max(120),
  username: z
    .string({ error: "Username is required." })
    .trim()
    .min(3, "Username must be at least 3 characters long.")
    .max(40, "Username must be at most 40 characters long.")
    .regex(/^[A-Za-z0-9._-]+$/, "Username may contain letters, digits, dots, dashes and underscores only."),
  email: z.string({ error: "E-mail address is required." }).trim().toLowerCase().pipe(z.email("Enter a valid e-mail address.").max(254)),
  password,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The sign-up form: the registration contract plus the confirmation the spec asks for. */
export const signupFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });
export type SignupFormInput = z.infer<typeof signupFormSchema>;

/** The stored user the spec's clients read (§3). */
export const publicUserSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(["user", "dealer", "admin", "super", "technician"]),
  role_id: z.number(),
  profile: z.string(),
  emailVerified: z.boolean(),
  /** A dealer company's people: owner, buyer or technician; null for everyone else. Given with a session. */
  teamRole: z.enum(TEAM_ROLES).nullable().optional(),
  /** The company's documents have expired, so its dealer prices and checkout are suspended. */
  documentsExpired: z.boolean().optional(),
  /**
   * Decision 023: why the company's people are on hold (no dealer prices, no ordering): 'suspended' by the back
   * office, or 'documents-expired'; null in good standing. Given with a session.
   */
  companyHold: z.enum(COMPANY_HOLDS).nullable().optional(),
  /** A back-office account's role (decision 035): its id (null for one not yet given a stored role), key and name. Given with a session. */
  staffRole: z.object({ id: z.number().nullable(), key: z.string(), name: z.string() }).optional(),
  /** What that role allows (decision 035): the pages show only these. Given with a session. */
  permissions: z.array(z.enum(PERMISSIONS)).optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const INVALID_EMAIL = "Please enter a valid email address.";
export const FORGOT_PASSWORD_FAILED = "Failed to send reset email.";

/** POST /api/auth/forgetpassword and the /forgot-password form: the spec's check (§5) is non-empty and contains '@'. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: INVALID_EMAIL })
    .trim()
    .max(254, INVALID_EMAIL)
    .refine((v) => v !== "" && v.includes("@"), INVALID_EMAIL),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

// Spec §8's messages for the account pages.
export const RESET_SENT = "Password reset instructions sent. Please check your email.";
export const PROFILE_UPDATED = "Your profile details have been successfully updated.";
export const PROFILE_UPDATE_FAILED = "Failed to update profile details.";
export const PASSWORD_CHANGED = "Your password has been successfully changed.";
export const PASSWORD_CHANGE_FAILED = "Failed to update password. Please check your credentials and try again";
export const NEW_PASSWORDS_DO_NOT_MATCH = "New passwords do not match.";
export const INVALID_LINK = "This link is invalid or has expired. Ask for a new one.";
/** A new username another account has (the sign-in name is unique: said on its field, the changes limited per account). */
export const USERNAME_TAKEN = "This username is not available: please choose another.";
/** An e-mail change waits for its link (the answer is the same whether or not the address has an account). */
export const emailChangePending = (email: string) =>
  `We have sent a link to ${email}: your e-mail address changes when you open it. Until then we keep writing to your current address.`;
/** An e-mail change's link whose address another account took meanwhile. */
export const EMAIL_CHANGE_TAKEN = "This address now belongs to another account, so it cannot be used for yours.";

const emailAddress = z
  .string({ error: "E-mail address is required." })
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid e-mail address.").max(254));

/** A single-use link's token (43 base64url characters for 256 bits). */
const linkToken = z.string({ error: INVALID_LINK }).trim().min(20, INVALID_LINK).max(200, INVALID_LINK);

/** POST /api/auth/verify-email: the token of the link in the verification e-mail. */
export const verifyEmailSchema = z.object({ token: linkToken });

/** POST /api/auth/resend-verification. */
export const resendVerificationSchema = z.object({ email: emailAddress });

/** POST /api/auth/reset-password: the token of a reset or invitation link and the new password. */
export const resetPasswordSchema = z.object({ token: linkToken, password });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The /reset-password form: the new password twice. */
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });

export const CURRENT_PASSWORD_REQUIRED = "Enter your current password to change your e-mail address or username.";

/** The current password, asked again before a sensitive change. */
const currentPassword = z.string().max(PASSWORD_MAX_LENGTH).optional();

/**
 * PUT /api/auth/update-profile/{id} (spec §5: e-mail, username and full name required). A new e-mail address or
 * username needs the current password too; the full name alone does not.
 */
export const updateProfileSchema = registerSchema.pick({ fullName: true, username: true, email: true }).extend({ currentPassword });
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** PUT /api/auth/change-password/{id}: the old password is required. */
export const changePasswordSchema = z.object({
  oldPassword: z.string({ error: "Enter your current password." }).min(1, "Enter your current password.").max(PASSWORD_MAX_LENGTH),
  newPassword: password,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The Change Password form: the new password twice (spec §5: 'New passwords do not match.'). */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: NEW_PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });

/**
 * POST /api/auth/admin (`staff.manage`): a back-office account, invited by e-mail to set its password. `staffRoleId`
 * names its role (decision 035); without it the spec's `role` says: super an Owner, admin a Manager.
 */
export const createAdminSchema = registerSchema.pick({ fullName: true, username: true, email: true }).extend({
  role: z.enum(["admin", "super"]).default("admin"),
  staffRoleId: z.coerce.number({ error: "Choose a role." }).int().positive("Choose a role.").optional(),
});
export type CreateAdminInput = z.infer<typeof createAdminSchema>;

/** One of the signed-in user's sessions (GET /api/auth/sessions). */
export const sessionInfoSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

// Two-step sign-in (decision 010).
export const ENTER_CODE = "Enter the 6-digit code from your authenticator app, or one of your recovery codes.";
export const ENTER_TOTP = "Enter the 6-digit code from your authenticator app.";

/** A code as typed: six digits, or a recovery code (letters and digits, dashes and spaces ignored). */
const anyCode = z
  .string({ error: ENTER_CODE })
  .transform((v) => v.replace(/[\s-]/g, ""))
  .pipe(
    z
      .string()
      .min(6, ENTER_CODE)
      .max(20, ENTER_CODE)
      .regex(/^[A-Za-z0-9]+$/, ENTER_CODE),
  );

/** Six digits from the authenticator app (spaces ignored). */
export const totpCode = z
  .string({ error: ENTER_TOTP })
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, ENTER_TOTP));

/** The token of a half-done sign-in (43 base64url characters). */
const challengeToken = z.string({ error: "Log in again." }).trim().min(20, "Log in again.").max(200, "Log in again.");

/** POST /api/auth/login/second-factor: the challenge from the login answer and a code (or, for an enrolment, the first code). */
export const secondFactorLoginSchema = z.object({ challenge: challengeToken, code: anyCode });
export type SecondFactorLoginInput = z.infer<typeof secondFactorLoginSchema>;

/** POST /api/auth/totp/enable, /auth/totp/recovery-codes and /auth/step-up: a current code from the app. */
export const totpCodeSchema = z.object({ code: totpCode });

/** POST /api/auth/totp/disable: the password and a current code (or a recovery code). */
export const disableTotpSchema = z.object({
  password: z.string({ error: "Enter your current password." }).min(1, "Enter your current password.").max(PASSWORD_MAX_LENGTH),
  code: anyCode,
});

/** Two-step sign-in of the signed-in account (GET /api/auth/totp). */
export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  /** Back-office accounts cannot turn it off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TotpStatus = z.infer<typeof totpStatusSchema>;

/** What an app needs to add the account: the secret as text and as a QR code (SVG made on the server). */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;
/** POST /api/auth/sessions/revoke-others: the current password, asked again. */
export const revokeOthersSchema = z.object({
  password: z.string({ error: "Enter your current password." }).min(1, "Enter your current password.").max(PASSWORD_MAX_LENGTH),
});

/** What a security event is about, and how the back office names it. */
export const SECURITY_EVENT_LABELS = {
  login: "Sign-in",
  logout: "Sign-out",
  "password-change": "Password change",
  "password-reset": "Password reset",
  "email-change": "E-mail change",
  "email-change-undone": "E-mail change undone",
  "username-change": "Username change",
  "sessions-ended": "Sessions ended",
  forbidden: "Refused request",
} as const;
export type SecurityEventKind = keyof typeof SECURITY_EVENT_LABELS;

/** One of an account's recent security events, as the back office shows them. */
export const securityEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.string(),
  result: z.string(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Done by someone else (an admin), not the account itself. */
  byOther: z.boolean(),
});
export type SecurityEventView = z.infer<typeof securityEventSchema>;
