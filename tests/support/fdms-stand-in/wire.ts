import { createHash, X509Certificate } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** FDMS's dates: Harare local time (UTC+2, no daylight saving), "YYYY-MM-DDTHH:mm:ss". */
export function hararePlain(d: Date): string {
  return new Date(d.getTime() + 2 * 3_600_000).toISOString().slice(0, 19);
}

/** The server signature's string (API §13.2.2): the device signature (base64 text), receiptID, serverDate. */
export function serverSignatureString(deviceSignature: string, receiptID: number, serverDate: string): string {
  return `${deviceSignature}${receiptID}${serverDate}`;
}

export const readJson = (req: IncomingMessage): Promise<unknown> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch {
        resolve(undefined);
      }
    });
  });

/** The SHA-1 thumbprint of a certificate as FDMS writes it (hexadecimal, capitals). */
export function certificateThumbprint(pem: string): string {
  return createHash("sha1").update(new X509Certificate(pem).raw).digest("hex").toUpperCase();
}
