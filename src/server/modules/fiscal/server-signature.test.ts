import { generateKeyPairSync, sign, X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { issueCertificate } from "./der.ts";
import { fdmsHash } from "./fdms-protocol.ts";
import { checkServerSignature, thumbprintOf } from "./server-signature.ts";

/** FDMS's signature on a receipt's answer (API §13.2.2; decision 016, row 49). */
describe("checkServerSignature", () => {
  const keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const name = { CN: "FDMS signing" };
  const cert = new X509Certificate(
    issueCertificate({
      serial: 1,
      subject: name,
      issuer: name,
      publicKey: keys.publicKey,
      signingKey: keys.privateKey,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 86_400_000),
      usage: "client",
    }),
  );
  const deviceSignature = "MEUCIQDdevice==";
  const text = `${deviceSignature}5000${"2026-11-26T10:00:01"}`;
  const answer = {
    receiptID: 5000,
    serverDate: "2026-11-26T10:00:01",
    receiptServerSignature: {
      certificateThumbprint: thumbprintOf(cert),
      hash: fdmsHash(text),
      signature: sign("sha256", Buffer.from(text), keys.privateKey).toString("base64"),
    },
  };

  it("verifies FDMS's signature over the device signature, receiptID and serverDate", () => {
    expect(checkServerSignature(answer, deviceSignature, cert)).toMatchObject({ check: "verified", server_date: "2026-11-26T10:00:01" });
    expect(thumbprintOf(cert)).toBe(cert.fingerprint.replaceAll(":", ""));
  });

  it("keeps it unverified without a certificate, and says why one fails", () => {
    expect(checkServerSignature(answer, deviceSignature, null)).toMatchObject({
      check: "not_verified",
      hash: answer.receiptServerSignature.hash,
    });
    expect(checkServerSignature(answer, "another", cert)).toMatchObject({ check: "failed", problem: expect.stringContaining("hash") });
    const forged = {
      ...answer,
      receiptServerSignature: {
        ...answer.receiptServerSignature,
        signature: answer.receiptServerSignature.signature.replace(/^.{4}/, "AAAA"),
      },
    };
    expect(checkServerSignature(forged, deviceSignature, cert)).toMatchObject({
      check: "failed",
      problem: expect.stringContaining("does not verify"),
    });
    const other = { ...answer, receiptServerSignature: { ...answer.receiptServerSignature, certificateThumbprint: "00" } };
    expect(checkServerSignature(other, deviceSignature, cert)).toMatchObject({
      check: "failed",
      problem: expect.stringContaining("not the configured one"),
    });
  });
});
