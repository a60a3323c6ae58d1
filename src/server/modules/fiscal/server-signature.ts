import { createHash, verify, type X509Certificate } from "node:crypto";
import type { FiscalData } from "#shared/schemas/tax-documents.ts";
import type { FdmsSubmitAnswer } from "./fdms-client.ts";
import { fdmsHash } from "./fdms-protocol.ts";

export type ServerSignature = NonNullable<FiscalData["server_signature"]>;

/** The SHA-1 thumbprint of a certificate, hexadecimal in capitals, as FDMS names its signing certificate. */
export function thumbprintOf(cert: X509Certificate): string {
  return createHash("sha1").update(cert.raw).digest("hex").toUpperCase();
}

/**
 * FDMS's signature on its answer to a receipt (API §13.2.2; decision 016, row 49): SHA-256 of the receipt's device
 * signature (its base64 text), receiptID and serverDate, signed with FDMS's key; certificateThumbprint names the
 * certificate. Checked against FDMS's certificate when one is configured (FDMS_SERVER_CERT_FILE); otherwise kept as
 * "not verified".
 */
export function checkServerSignature(
  answer: Pick<FdmsSubmitAnswer, "receiptID" | "serverDate" | "receiptServerSignature">,
  deviceSignature: string,
  cert: X509Certificate | null,
): ServerSignature {
  const s = answer.receiptServerSignature;
  const kept = {
    hash: s?.hash ?? "",
    signature: s?.signature ?? "",
    certificate_thumbprint: s?.certificateThumbprint ?? "",
    server_date: answer.serverDate ?? "",
  };
  if (!cert) return { ...kept, check: "not_verified" };
  const failed = (problem: string): ServerSignature => ({ ...kept, check: "failed", problem });
  if (!s) return failed("FDMS's answer carries no server signature.");
  if (s.certificateThumbprint.toUpperCase() !== thumbprintOf(cert)) {
    return failed(`FDMS signed with certificate ${s.certificateThumbprint}, not the configured one (${thumbprintOf(cert)}).`);
  }
  const text = `${deviceSignature}${answer.receiptID}${answer.serverDate}`;
  if (fdmsHash(text) !== s.hash) return failed("FDMS's server hash is not the hash of the receipt's signature, ID and server date.");
  let valid = false;
  try {
    valid = verify("sha256", Buffer.from(text, "utf8"), cert.publicKey, Buffer.from(s.signature, "base64"));
  } catch {
    valid = false;
  }
  return valid ? { ...kept, check: "verified" } : failed("FDMS's server signature does not verify with the configured certificate.");
}
