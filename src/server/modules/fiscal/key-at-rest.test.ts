import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isSealed, openKey, sealKey } from "./key-at-rest.ts";

const pem = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const secret = "a-secret-of-more-than-thirty-two-characters";

describe("the fiscal device's key at rest", () => {
  it("is sealed under the secret, with nothing of the key readable, and opens to the same PEM", () => {
    const sealed = sealKey(pem, secret);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("PRIVATE KEY");
    expect(sealed).not.toContain(pem.split("\n")[1]);
    expect(openKey(sealed, secret)).toBe(pem);
    // A fresh salt and IV each time: two seals of one key differ.
    expect(sealKey(pem, secret)).not.toBe(sealed);
  });

  it("refuses to open with a wrong or missing secret, and never says the key", () => {
    const sealed = sealKey(pem, secret);
    expect(() => openKey(sealed, `${secret}x`)).toThrow(/does not open with FDMS_KEY_SECRET/);
    expect(() => openKey(sealed, undefined)).toThrow(/set FDMS_KEY_SECRET/);
    const tampered = `${sealed.slice(0, -4)}AAAA`;
    expect(() => openKey(tampered, secret)).toThrow(/does not open/);
  });

  it("keeps the key as it comes without a secret, and reads such a key with or without one", () => {
    expect(sealKey(pem, undefined)).toBe(pem);
    expect(openKey(pem, undefined)).toBe(pem);
    expect(openKey(pem, secret)).toBe(pem);
  });
});
