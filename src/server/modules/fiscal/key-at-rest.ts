import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * The fiscal device's private key at rest (decision 016): whoever reads a database backup must not be able to sign
 * receipts in the company's name. With `FDMS_KEY_SECRET` set, the key is kept sealed with AES-256-GCM under a key
 * derived from the secret (HKDF-SHA-256, a random salt per seal); production refuses to start with FDMS on and no
 * secret (config.ts). Without a secret (development, tests) the key is kept as it comes, in PEM, and a key stored
 * so is sealed the first time a process with a secret reads it.
 *
 * Sealed form: `fdms-key:v1:<salt>:<iv>:<tag>:<ciphertext>`, each part base64.
 */
const PREFIX = "fdms-key:v1:";
const INFO = Buffer.from("fdms device private key");

const keyFrom = (secret: string, salt: Buffer): Buffer => Buffer.from(hkdfSync("sha256", secret, salt, INFO, 32));

export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/** The key as it is to be stored: sealed under `secret`, or as it is without one. */
export function sealKey(pem: string, secret: string | undefined): string {
  if (!secret) return pem;
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secret, salt), iv);
  const body = Buffer.concat([cipher.update(pem, "utf8"), cipher.final()]);
  return PREFIX + [salt, iv, cipher.getAuthTag(), body].map((b) => b.toString("base64")).join(":");
}

/** The PEM of a stored key; throws, without a word of the key, when it is sealed and the secret is missing or wrong. */
export function openKey(stored: string, secret: string | undefined): string {
  if (!isSealed(stored)) return stored;
  if (!secret) throw new Error("The fiscal device's key is sealed: set FDMS_KEY_SECRET to the secret it was sealed with.");
  const [salt, iv, tag, body] = stored
    .slice(PREFIX.length)
    .split(":")
    .map((part) => Buffer.from(part, "base64"));
  if (!salt || !iv || !tag || !body) throw new Error("The fiscal device's stored key is malformed.");
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(secret, salt), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    throw new Error("The fiscal device's key does not open with FDMS_KEY_SECRET: is it the secret the key was sealed with?");
  }
}
