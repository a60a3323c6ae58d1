/** The spec's client check for the reset form (§5): non-empty and containing '@'. */
export function isPlausibleEmail(value: string): boolean {
  return value.trim() !== "" && value.includes("@");
}

export const INVALID_EMAIL = "Please enter a valid email address.";
export const FORGOT_PASSWORD_FAILED = "Failed to send reset email.";
