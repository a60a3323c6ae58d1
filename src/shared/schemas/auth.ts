import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../constants.ts";

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
  role: z.enum(["user", "dealer", "admin", "super"]),
  role_id: z.number(),
  profile: z.string(),
  emailVerified: z.boolean(),
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
