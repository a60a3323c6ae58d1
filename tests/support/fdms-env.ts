import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type FdmsStandIn, startFdmsStandIn } from "./fdms-stand-in.ts";

/** The FDMS stand-in running, and the FDMS_* settings that point a test app or a built server at it. */
export type FdmsStandInEnv = { fdms: FdmsStandIn; env: Record<string, string>; close(): Promise<void> };

/**
 * Starts the FDMS stand-in (tests/support/fdms-stand-in.ts) and writes its CA and signing certificate to a folder of
 * their own: `env` switches FDMS on against it (decision 016), with a short time-out and a key secret; `extra` adds to
 * or overrides those settings. `close()` stops the stand-in and removes the folder.
 */
export async function startFdmsStandInEnv(extra: Record<string, string> = {}): Promise<FdmsStandInEnv> {
  const fdms = await startFdmsStandIn();
  const dir = await mkdtemp(path.join(tmpdir(), "fdms-stand-in-"));
  const caFile = path.join(dir, "fdms-ca.pem");
  const serverCertFile = path.join(dir, "fdms-signing.pem");
  await Promise.all([writeFile(caFile, fdms.caCertificate), writeFile(serverCertFile, fdms.signingCertificate)]);
  return {
    fdms,
    env: {
      FDMS_URL: fdms.url,
      FDMS_DEVICE_ID: String(fdms.deviceId),
      FDMS_ACTIVATION_KEY: fdms.activationKey,
      FDMS_DEVICE_SERIAL: fdms.serialNo,
      FDMS_DEVICE_MODEL_NAME: "SolarSite",
      FDMS_DEVICE_MODEL_VERSION: "1.0",
      FDMS_CA_FILE: caFile,
      FDMS_SERVER_CERT_FILE: serverCertFile,
      FDMS_TIMEOUT_MS: "1500",
      FDMS_KEY_SECRET: "fiscal-test-secret-of-at-least-32-characters",
      ...extra,
    },
    async close() {
      await fdms.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
