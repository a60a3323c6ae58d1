import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH } from "#shared/constants.ts";
import { password } from "#shared/schemas/auth.ts";
import {
  BACK_OFFICE_PASSWORD_TOO_SHORT,
  COMMON_PASSWORD,
  commonPasswords,
  isCommonPassword,
  PASSWORD_HAS_EMAIL,
  PASSWORD_HAS_SITE_NAME,
  PASSWORD_HAS_USERNAME,
  passwordProblem,
  passwordScore,
  WEAK_PASSWORD,
} from "./password-policy.ts";

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
    expect(passwordProblem("Solar.Dealer42", { username: "solar.dealer42" })).toBe(PASSWORD_HAS_USERNAME);
    expect(passwordProblem("installer.anna", { email: "Installer.Anna@example.com" })).toBe(PASSWORD_HAS_EMAIL);
    expect(passwordProblem("Mukuvisi-Kettle-Drift", { username: "someone-else", email: "other@example.com" })).toBeNull();
  });

  it("leaves the spec's length rule untouched", () => {
    const result = password.safeParse("abc");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Password must be at least 6 characters long."]);
  });

  it("refuses what zxcvbn scores under 3, with a message that says what to do (decision 010)", () => {
    for (const p of ["Zimbabwe1", "abcabcabc1", "Summer2026", "qwertyuiop12"]) {
      expect(passwordScore(p), p).toBeLessThan(3);
      expect(passwordProblem(p), p).toBe(WEAK_PASSWORD);
    }
    expect(WEAK_PASSWORD).toMatch(/Use a longer one/);
    expect(passwordProblem("Mukuvisi-Kettle-Drift")).toBeNull();
  });

  it("refuses a password that contains the username, the e-mail address or the company's name", () => {
    const who = { username: "tatenda", email: "t.moyo@example.com", siteName: "Sunburst Energy" };
    expect(passwordProblem("Tatenda-Kettle-Drift-9", who)).toBe(PASSWORD_HAS_USERNAME);
    expect(passwordProblem("kettle-t.moyo-drift-9", who)).toBe(PASSWORD_HAS_EMAIL);
    expect(passwordProblem("sunburst energy kettle 9", who)).toBe(PASSWORD_HAS_SITE_NAME);
    expect(passwordProblem("Mukuvisi-Kettle-Drift", who)).toBeNull();
  });

  it("asks back-office accounts for 12 characters, others for the spec's 6", () => {
    expect(passwordProblem("Kx7#mQ2vL9!", { backOffice: true })).toBe(BACK_OFFICE_PASSWORD_TOO_SHORT);
    expect(passwordProblem("Kx7#mQ2vL9!")).toBeNull();
    expect(passwordProblem("Kx7#mQ2vL9!p", { backOffice: true })).toBeNull();
  });
});
