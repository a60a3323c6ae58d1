import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, matchTotp, otpauthUri, qrSvg, totpCode, totpStep } from "./totp.ts";

// RFC 6238 Appendix B, SHA-1, secret "12345678901234567890": the 8-digit values' last 6 digits.
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890", "ascii"));
const VECTORS: [number, string][] = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
  [20000000000, "353130"],
];

describe("TOTP (RFC 6238)", () => {
  it("gives the RFC's test values", () => {
    for (const [seconds, code] of VECTORS) expect(totpCode(RFC_SECRET, totpStep(seconds * 1000)), String(seconds)).toBe(code);
  });

  it("accepts one step either side of now and no further, and says which step matched", () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now)).toBe(step + offset);
    for (const offset of [-2, 2]) expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, "12345", now)).toBeNull();
  });

  it("round-trips base32 and makes the otpauth URI and an SVG QR code locally", () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    const uri = otpauthUri(RFC_SECRET, "Solar Demo", "admin@solar-demo.example");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Solar%20Demo%3Aadmin%40solar-demo\.example\?secret=[A-Z2-7]+&issuer=Solar\+Demo/);
    const svg = qrSvg(uri);
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(svg).not.toMatch(/<script|style=|href=/);
  });
});
