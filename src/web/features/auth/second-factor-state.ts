import type { TotpSetup } from "#shared/schemas/auth.ts";

/**
 * The second step of a sign-in as the login page shows it (decision 010): "code" asks for a code from the
 * authenticator app or a recovery code, "enrol" sets the app up first, "recovery" shows the new recovery codes once.
 */
export type SecondFactorState =
  | { secondFactor: "code" | "enrol"; challenge: string; setup?: TotpSetup; redirectTo?: string; codeError?: string }
  | { secondFactor: "recovery"; recoveryCodes: string[]; next: string };

export function isSecondFactorState(value: unknown): value is SecondFactorState {
  return typeof value === "object" && value !== null && "secondFactor" in value;
}
