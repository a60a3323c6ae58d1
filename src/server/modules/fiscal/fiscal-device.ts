import { createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { FdmsConfig } from "../../config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { type fiscalDays, fiscalDevices } from "../../db/schema/fiscal.ts";
import type { Actor } from "../../platform/auth/actor.ts";
import { AppError } from "../../platform/errors.ts";
import { type Log, silentLog } from "../../platform/log.ts";
import { certificateRequest } from "./der.ts";
import { createFdmsClient, type DeviceCredentials, type FdmsClient, type FdmsConfigAnswer, FdmsError } from "./fdms-client.ts";
import { deviceCommonName, type FdmsReceipt, fdmsInstant } from "./fdms-protocol.ts";
import { isSealed, openKey, sealKey } from "./key-at-rest.ts";

/** getConfig is asked again after this long (taxes, qrUrl, the certificate's validity). */
const CONFIG_MAX_AGE_MS = 3_600_000;
/** A certificate valid for less than this is renewed (issueCertificate). */
const RENEW_BEFORE_MS = 30 * 24 * 3_600_000;

export type DeviceRow = typeof fiscalDevices.$inferSelect;
export type DayRow = typeof fiscalDays.$inferSelect;
export type InFlight = { documentId: number; fiscalDayNo: number; receipt: FdmsReceipt };

export type FiscalServiceDeps = {
  db: Db;
  /** Unset: FDMS is off, nothing is queued and the back office says so. */
  fdms: FdmsConfig | undefined;
  log?: Log;
  now?: () => Date;
  /** Called once a document is fiscalised (outside any transaction): the issuing service e-mails it then. */
  onFiscalised?: (documentId: number) => Promise<void> | void;
  /** Wakes the job worker after the service queued or re-timed jobs itself ("Retry now"). */
  onJobQueued?: () => void;
  /** Tests pass their own client. */
  client?: FdmsClient;
  /** The back office's actions (close the day, retry now) are written to the audit log. */
  audit?: {
    record(
      exec: Db | Tx,
      actor: NonNullable<Actor>,
      change: { entity: string; entityId: string | number; action: string; summary?: string },
    ): Promise<void>;
  };
};

export function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

/**
 * The fiscal device as this site holds it: its row, the lease that lets one process talk to FDMS at a time, its
 * registration, certificate and configuration.
 */
export function createFiscalDevice(deps: FiscalServiceDeps) {
  const { db } = deps;
  const cfg = deps.fdms;
  const log = deps.log ?? silentLog;
  const now = deps.now ?? (() => new Date());
  const holder = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  let ownClient: FdmsClient | undefined;
  function client(): FdmsClient {
    if (deps.client) return deps.client;
    if (!cfg) throw new AppError(409, "FDMS is off.");
    ownClient ??= createFdmsClient({
      url: cfg.url,
      deviceId: cfg.deviceId,
      modelName: cfg.modelName,
      modelVersion: cfg.modelVersion,
      timeoutMs: cfg.timeoutMs,
      ca: cfg.caFile ? readFileSync(cfg.caFile, "utf8") : undefined,
    });
    return ownClient;
  }
  let serverCert: X509Certificate | null | undefined;
  /** FDMS's signing certificate (FDMS_SERVER_CERT_FILE), read once; null when none is configured. */
  function serverCertificate(): X509Certificate | null {
    serverCert ??= cfg?.serverCertFile ? new X509Certificate(readFileSync(cfg.serverCertFile, "utf8")) : null;
    return serverCert;
  }
  const leaseMs = () => (cfg ? cfg.timeoutMs * 6 + 60_000 : 60_000);

  async function deviceRow(): Promise<DeviceRow> {
    if (!cfg) throw new AppError(409, "FDMS is off.");
    await db.insert(fiscalDevices).values({ deviceId: cfg.deviceId, serialNo: cfg.serialNo }).onConflictDoNothing();
    const [row] = await db.select().from(fiscalDevices).where(eq(fiscalDevices.deviceId, cfg.deviceId));
    if (!row) throw new Error("fiscal device row missing");
    return row;
  }

  /** Takes the device for this process (a lease in the row, so no transaction is held while FDMS answers). */
  async function takeLease(deviceId: number): Promise<boolean> {
    const at = now();
    const rows = await db
      .update(fiscalDevices)
      .set({ leaseUntil: new Date(at.getTime() + leaseMs()), leaseBy: holder })
      .where(
        and(
          eq(fiscalDevices.deviceId, deviceId),
          or(isNull(fiscalDevices.leaseUntil), lt(fiscalDevices.leaseUntil, at), eq(fiscalDevices.leaseBy, holder)),
        ),
      )
      .returning({ id: fiscalDevices.id });
    return rows.length > 0;
  }

  async function releaseLease(deviceId: number) {
    await db
      .update(fiscalDevices)
      .set({ leaseUntil: null, leaseBy: null })
      .where(and(eq(fiscalDevices.deviceId, deviceId), eq(fiscalDevices.leaseBy, holder)));
  }

  /** Runs `task` holding the device; `busy` when another process holds it. */
  async function withDevice<T>(task: (device: DeviceRow) => Promise<T>, busy: () => never): Promise<T> {
    const row = await deviceRow();
    if (!(await takeLease(row.deviceId))) busy();
    try {
      return await task(await deviceRow());
    } catch (err) {
      if (err instanceof FdmsError || !(err instanceof AppError)) {
        await db
          .update(fiscalDevices)
          .set({ lastError: errorText(err), lastErrorAt: now() })
          .where(eq(fiscalDevices.deviceId, row.deviceId));
      }
      throw err;
    } finally {
      await releaseLease(row.deviceId);
    }
  }

  /** The device's private key in PEM, opened from its sealed form (key-at-rest.ts). */
  const privateKeyPem = (d: DeviceRow): string => openKey(d.privateKey ?? "", cfg?.keySecret);
  const privateKeyOf = (d: DeviceRow): KeyObject => createPrivateKey(privateKeyPem(d));
  const credentialsOf = (d: DeviceRow): DeviceCredentials => ({ certificate: d.certificate ?? "", privateKey: privateKeyPem(d) });

  function newKey(): { privateKey: KeyObject; pem: string } {
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    return { privateKey, pem: privateKey.export({ type: "pkcs8", format: "pem" }).toString() };
  }

  function csrFor(d: DeviceRow, key: KeyObject) {
    return certificateRequest(
      { C: "ZW", ST: "Zimbabwe", O: "Zimbabwe Revenue Authority", CN: deviceCommonName(d.serialNo, d.deviceId) },
      key,
    );
  }

  const validTill = (certificate: string) => new Date(new X509Certificate(certificate).validTo);

  /**
   * The device registered, its certificate current and getConfig's answer fresh: registers with the activation key on
   * first use (verifyTaxpayerInformation, then registerDevice with a CSR of a new P-256 key), renews a certificate
   * close to its end (issueCertificate), and asks getConfig again after an hour.
   */
  async function ready(d: DeviceRow): Promise<DeviceRow> {
    if (!cfg) throw new AppError(409, "FDMS is off.");
    let device = d;
    if (!device.certificate || !device.privateKey) {
      const taxpayer = await client().verifyTaxpayerInformation(cfg.activationKey, device.serialNo);
      const key = newKey();
      const { certificate } = await client().registerDevice(csrFor(device, key.privateKey), cfg.activationKey);
      [device] = (await db
        .update(fiscalDevices)
        .set({
          certificate,
          privateKey: sealKey(key.pem, cfg.keySecret),
          certificateValidTill: validTill(certificate),
          registeredAt: now(),
          config: { taxPayerName: taxpayer.taxPayerName, taxPayerTIN: taxpayer.taxPayerTIN },
        })
        .where(eq(fiscalDevices.id, device.id))
        .returning()) as [DeviceRow];
      log.info({ deviceId: device.deviceId }, "FDMS device registered");
    } else if (device.certificateValidTill && device.certificateValidTill.getTime() - now().getTime() < RENEW_BEFORE_MS) {
      const key = newKey();
      const { certificate } = await client().issueCertificate(credentialsOf(device), csrFor(device, key.privateKey));
      [device] = (await db
        .update(fiscalDevices)
        .set({ certificate, privateKey: sealKey(key.pem, cfg.keySecret), certificateValidTill: validTill(certificate) })
        .where(eq(fiscalDevices.id, device.id))
        .returning()) as [DeviceRow];
      log.info({ deviceId: device.deviceId }, "FDMS device certificate renewed");
    } else if (cfg.keySecret && device.privateKey && !isSealed(device.privateKey)) {
      // A key kept as it came (before FDMS_KEY_SECRET was set) is sealed now.
      [device] = (await db
        .update(fiscalDevices)
        .set({ privateKey: sealKey(device.privateKey, cfg.keySecret) })
        .where(eq(fiscalDevices.id, device.id))
        .returning()) as [DeviceRow];
      log.info({ deviceId: device.deviceId }, "FDMS device key sealed with FDMS_KEY_SECRET");
    }
    if (
      !device.configAt ||
      now().getTime() - device.configAt.getTime() > CONFIG_MAX_AGE_MS ||
      !(device.config as FdmsConfigAnswer | null)?.qrUrl
    ) {
      const config = await client().getConfig(credentialsOf(device));
      [device] = (await db
        .update(fiscalDevices)
        .set({ config, configAt: now(), certificateValidTill: fdmsInstant(config.certificateValidTill) ?? device.certificateValidTill })
        .where(eq(fiscalDevices.id, device.id))
        .returning()) as [DeviceRow];
    }
    return device;
  }

  const busyJob = (): never => {
    throw new Error("Another process is talking to FDMS for this device; retried later.");
  };
  const busyAdmin = (): never => {
    throw new AppError(409, "FDMS is busy with this device right now; try again in a moment.");
  };

  return {
    deps,
    db,
    cfg,
    log,
    now,
    client,
    deviceRow,
    takeLease,
    withDevice,
    credentialsOf,
    privateKeyOf,
    serverCertificate,
    ready,
    busyJob,
    busyAdmin,

    /** Closes FDMS's kept-alive connections (app close). */
    close() {
      ownClient?.close();
    },
  };
}

export type FiscalDevice = ReturnType<typeof createFiscalDevice>;
