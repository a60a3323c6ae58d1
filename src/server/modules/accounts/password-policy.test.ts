import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH } from "#shared/constants.ts";
import { password } from "#shared/schemas/auth.ts";
import { COMMON_PASSWORD, commonPasswords, isCommonPassword, passwordProblem } from "./password-policy.ts";

describe("password policy (issue 4)", () => {
  it("ships a list of at least 1,000 common passwords", () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(1_000);
  });

  it("refuses common passwords, ignoring case", () => {
    for (const p of ["password", "123456", "qwerty123", "Password1", "PASSWORD", "QwErTy123"]) {
      expect(isCommonPassword(p), p).toBe(true);
      expect(passwordProblem(p, {}), p).toBe(COMMON_PASSWORD);
    }
  });

  it("accepts a long random passphrase and passwords of 64 and 128 characters", () => {
    const long64 = "Kx7#mQ2vL9!pW4zR".repeat(4);
    const long128 = "tH3-qu1ck~br0wn_f0x".repeat(7).slice(0, 128);
    expect(long64).toHaveLength(64);
    expect(long128).toHaveLength(128);
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64);
    for (const p of ["correct horse battery staple violet oyster", long64, long128]) {
      expect(isCommonPassword(p)).toBe(false);
      expect(passwordProblem(p, { username: "jane.doe", email: "jane@example.com" })).toBeNull();
    }
    expect(password.safeParse(long64).success).toBe(true);
    expect(password.safeParse(long128).success).toBe(true);
  });

  it("refuses a password equal to the username or the e-mail's local part, ignoring case", () => {
    expect(passwordProblem("Solar.Dealer42", { username: "solar.dealer42" })).toBe(COMMON_PASSWORD);
    expect(passwordProblem("installer.anna", { email: "Installer.Anna@example.com" })).toBe(COMMON_PASSWORD);
    expect(passwordProblem("Solar.Dealer42", { username: "someone-else", email: "other@example.com" })).toBeNull();
  });

  it("leaves the spec's length rule untouched", () => {
    const result = password.safeParse("abc");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Password must be at least 6 characters long."]);
  });
});
