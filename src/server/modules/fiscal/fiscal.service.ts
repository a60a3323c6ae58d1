import { createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { FiscalData, TaxDocumentContent } from "#shared/schemas/tax-documents.ts";
import type { FdmsConfig } from "../../config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { fiscalDays, fiscalDevices } from "../../db/schema/fiscal.ts";
import { jobs } from "../../db/schema/jobs.ts";
import { taxDocuments } from "../../db/schema/money.ts";
import { type Actor, requireAdmin } from "../../platform/auth/actor.ts";
import { AppError } from "../../platform/errors.ts";
import { enqueue } from "../../platform/jobs/queue.ts";
import { type Log, silentLog } from "../../platform/log.ts";
import { certificateRequest } from "./der.ts";
import { createFdmsClient, type DeviceCredentials, type FdmsClient, type FdmsConfigAnswer, FdmsError } from "./fdms-client.ts";
import {
  addReceiptToCounters,
  buildReceipt,
  deviceCommonName,
  type FdmsCreditDebitNote,
  type FdmsReceipt,
  type FiscalCounter,
  fdmsLocalTime,
  fiscalDaySignatureString,
  hararePlainDate,
  receiptQrUrl,
  signReceipt,
  signString,
  sortedCounters,
  verificationCode,
} from "./fdms-protocol.ts";

/** Submits the pending tax documents to FDMS, oldest first (payload: { documentId }, the one that queued it). */
export const FISCAL_SUBMIT_JOB = "fiscal.submit";
/** Hourly: closes the fiscal day in the last hour of the Harare day, or a day left open from an earlier date. */
export const FISCAL_CLOSE_DAY_JOB = "fiscal.close-day";
/** FDMS may be down for days: a document's job keeps trying (about four days at the hourly cap). */
const FISCAL_MAX_ATTEMPTS = 100;
/** getConfig is asked again after this long (taxes, qrUrl, the certificate's validity). */
const CONFIG_MAX_AGE_MS = 3_600_000;
/** A certificate valid for less than this is renewed (issueCertificate). */
const RENEW_BEFORE_MS = 30 * 24 * 3_600_000;
/** The Harare hour from which the periodic job closes the day. */
const CLOSE_FROM_HOUR = 23;

const dedupeKeyOf = (documentId: number) => `${FISCAL_SUBMIT_JOB}:${documentId}`;

/**
 * Marks a tax document as waiting for FDMS and queues its fiscalisation, in the transaction that issues it (so the job
 * exists exactly when the document does). Call it only when FDMS is on (`fiscal.enabled`), or use the service's own
 * `enqueueFiscalisation`, which does nothing when it is off.
 */
export async function enqueueFiscalisation(tx: Db | Tx, documentId: number): Promise<void> {
  await tx.update(taxDocuments).set({ fiscalStatus: "pending" }).where(eq(taxDocuments.id, documentId));
  await enqueue(tx, FISCAL_SUBMIT_JOB, { documentId }, { dedupeKey: dedupeKeyOf(documentId), maxAttempts: FISCAL_MAX_ATTEMPTS });
}

type DeviceRow = typeof fiscalDevices.$inferSelect;
type DayRow = typeof fiscalDays.$inferSelect;
type InFlight = { documentId: number; fiscalDayNo: number; receipt: FdmsReceipt };

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

export type FiscalOverview = {
  enabled: boolean;
  device: {
    deviceId: number;
    serialNo: string;
    registered: boolean;
    registeredAt: string | null;
    certificateValidTill: string | null;
    taxpayerName: string | null;
    taxpayerTin: string | null;
    lastReceiptGlobalNo: number;
    lastError: string | null;
    lastErrorAt: string | null;
  } | null;
  day: {
    dayNo: number;
    status: string;
    openedAt: string;
    closedAt: string | null;
    receiptCounter: number;
    closeError: string | null;
  } | null;
  pending: {
    id: number;
    number: string;
    kind: string;
    issuedAt: string;
    jobStatus: string | null;
    attempts: number;
    lastError: string | null;
    nextAttemptAt: string | null;
  }[];
  /** Fiscalisation jobs out of attempts (a document stuck there waits for "Retry now"). */
  failures: { jobId: number; documentId: number | null; attempts: number; lastError: string | null; at: string | null }[];
};

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

export function createFiscalService(deps: FiscalServiceDeps) {
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

  const credentialsOf = (d: DeviceRow): DeviceCredentials => ({ certificate: d.certificate ?? "", privateKey: d.privateKey ?? "" });

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
          privateKey: key.pem,
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
        .set({ certificate, privateKey: key.pem, certificateValidTill: validTill(certificate) })
        .where(eq(fiscalDevices.id, device.id))
        .returning()) as [DeviceRow];
      log.info({ deviceId: device.deviceId }, "FDMS device certificate renewed");
    }
    if (
      !device.configAt ||
      now().getTime() - device.configAt.getTime() > CONFIG_MAX_AGE_MS ||
      !(device.config as FdmsConfigAnswer | null)?.qrUrl
    ) {
      const config = await client().getConfig(credentialsOf(device));
      [device] = (await db
        .update(fiscalDevices)
        .set({ config, configAt: now(), certificateValidTill: new Date(config.certificateValidTill) })
        .where(eq(fiscalDevices.id, device.id))
        .returning()) as [DeviceRow];
    }
    return device;
  }

  async function currentDay(deviceId: number): Promise<DayRow | undefined> {
    const [day] = await db
      .select()
      .from(fiscalDays)
      .where(and(eq(fiscalDays.deviceId, deviceId), inArray(fiscalDays.status, ["open", "close_initiated", "close_failed"])))
      .orderBy(desc(fiscalDays.dayNo))
      .limit(1);
    return day;
  }

  /**
   * The fiscal day receipts go into, from FDMS's status: a day FDMS closed is closed here too; a closing day makes the
   * caller wait (the job retries); with none open, the next day (FDMS's last number + 1) is recorded here first, then
   * opened — so an openDay whose answer was lost is sent again as it was, or found open.
   */
  async function openDay(device: DeviceRow): Promise<DayRow> {
    const status = await client().getStatus(credentialsOf(device));
    const lastDayNo = status.lastFiscalDayNo ?? 0;
    let day = await currentDay(device.deviceId);
    if (day && lastDayNo === day.dayNo && status.fiscalDayStatus === "FiscalDayClosed") {
      await db.update(fiscalDays).set({ status: "closed", closedAt: now() }).where(eq(fiscalDays.id, day.id));
      await db.update(fiscalDevices).set({ lastReceiptHash: null }).where(eq(fiscalDevices.id, device.id));
      day = undefined;
    }
    if (status.fiscalDayStatus === "FiscalDayCloseInitiated") {
      if (day) await db.update(fiscalDays).set({ status: "close_initiated" }).where(eq(fiscalDays.id, day.id));
      throw new Error(`Waiting for FDMS to close fiscal day ${lastDayNo}.`);
    }
    if (day && lastDayNo < day.dayNo) {
      // Recorded here, never acknowledged: the same openDay again.
      await client().openDay(credentialsOf(device), day.dayNo, day.openedLocal);
      return day;
    }
    if (day) return day;
    if (status.fiscalDayStatus !== "FiscalDayClosed") {
      throw new Error(`FDMS says fiscal day ${lastDayNo} is open, which this site did not open; close it first.`);
    }
    const dayNo = lastDayNo + 1;
    const opened = now();
    const [row] = await db
      .insert(fiscalDays)
      .values({ deviceId: device.deviceId, dayNo, openedLocal: fdmsLocalTime(opened), openedAt: opened, status: "open" })
      .returning();
    await db
      .update(fiscalDevices)
      .set({
        lastReceiptHash: null,
        ...(status.lastReceiptGlobalNo !== undefined ? { lastReceiptGlobalNo: status.lastReceiptGlobalNo } : {}),
      })
      .where(eq(fiscalDevices.id, device.id));
    await client().openDay(credentialsOf(device), dayNo, (row as DayRow).openedLocal);
    log.info({ deviceId: device.deviceId, fiscalDayNo: dayNo }, "FDMS fiscal day opened");
    return row as DayRow;
  }

  /** Records an accepted receipt: the chain, the day's counters, the document's fiscal data, in one transaction. */
  async function recordAccepted(device: DeviceRow, flight: InFlight, receiptID: number | null): Promise<void> {
    const r = flight.receipt;
    const config = device.config as FdmsConfigAnswer;
    const fiscal: FiscalData = {
      device_id: device.deviceId,
      device_serial: device.serialNo,
      fiscal_day_no: flight.fiscalDayNo,
      receipt_counter: r.receiptCounter,
      receipt_global_no: r.receiptGlobalNo,
      verification_code: verificationCode(r.receiptDeviceSignature.signature),
      qr_url: receiptQrUrl(config.qrUrl, device.deviceId, r.receiptDate, r.receiptGlobalNo, r.receiptDeviceSignature.signature),
      receipt_id: receiptID,
      fiscalised_at: now().toISOString(),
    };
    await db.transaction(async (tx) => {
      const [day] = await tx
        .select()
        .from(fiscalDays)
        .where(and(eq(fiscalDays.deviceId, device.deviceId), eq(fiscalDays.dayNo, flight.fiscalDayNo)))
        .for("update");
      if (day) {
        await tx
          .update(fiscalDays)
          .set({ receiptCounter: r.receiptCounter, counters: addReceiptToCounters(day.counters as FiscalCounter[], r) })
          .where(eq(fiscalDays.id, day.id));
      }
      await tx
        .update(fiscalDevices)
        .set({
          lastReceiptGlobalNo: r.receiptGlobalNo,
          lastReceiptHash: r.receiptDeviceSignature.hash,
          lastReceiptDate: r.receiptDate,
          inFlight: null,
          lastError: null,
          lastErrorAt: null,
        })
        .where(eq(fiscalDevices.id, device.id));
      await tx.update(taxDocuments).set({ fiscalStatus: "fiscalised", fiscal }).where(eq(taxDocuments.id, flight.documentId));
    });
    log.info({ documentId: flight.documentId, receiptGlobalNo: r.receiptGlobalNo }, "tax document fiscalised");
    try {
      await deps.onFiscalised?.(flight.documentId);
    } catch (err) {
      log.error({ documentId: flight.documentId, err: { message: errorText(err) } }, "onFiscalised failed");
    }
  }

  /** Sends a signed receipt; a refusal forgets it (the next attempt signs afresh), a lost answer keeps it to resend. */
  async function send(device: DeviceRow, flight: InFlight): Promise<void> {
    try {
      const answer = await client().submitReceipt(credentialsOf(device), flight.receipt);
      const red = (answer.validationErrors ?? []).filter((e) => e.validationErrorColor === "Red");
      if (red.length > 0) log.warn({ documentId: flight.documentId, validationErrors: red }, "FDMS accepted the receipt with errors");
      await recordAccepted(device, flight, answer.receiptID ?? null);
    } catch (err) {
      if (err instanceof FdmsError && err.kind === "refused") {
        await db.update(fiscalDevices).set({ inFlight: null }).where(eq(fiscalDevices.id, device.id));
      }
      throw err;
    }
  }

  /**
   * A receipt sent before without a known answer: FDMS's last receipt global number says whether it arrived; if it
   * did it is recorded (without FDMS's receipt ID), if not the very same signed receipt is sent again.
   */
  async function recover(device: DeviceRow): Promise<void> {
    const flight = device.inFlight as InFlight | null;
    if (!flight) return;
    const status = await client().getStatus(credentialsOf(device));
    if ((status.lastReceiptGlobalNo ?? 0) >= flight.receipt.receiptGlobalNo) {
      log.warn({ documentId: flight.documentId, receiptGlobalNo: flight.receipt.receiptGlobalNo }, "FDMS had the receipt: reply was lost");
      await recordAccepted(device, flight, null);
      return;
    }
    await send(device, flight);
  }

  async function nextPending() {
    const [doc] = await db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.fiscalStatus, "pending"))
      .orderBy(asc(taxDocuments.id))
      .limit(1);
    return doc;
  }

  /** The credited invoice as FDMS knows it (when it was fiscalised). */
  async function creditedOf(invoiceId: number | null): Promise<FdmsCreditDebitNote | undefined> {
    if (invoiceId === null) return undefined;
    const [inv] = await db.select({ fiscal: taxDocuments.fiscal }).from(taxDocuments).where(eq(taxDocuments.id, invoiceId));
    const f = inv?.fiscal as FiscalData | null | undefined;
    if (!f) return undefined;
    return {
      ...(f.receipt_id !== null ? { receiptID: f.receipt_id } : {}),
      deviceID: f.device_id,
      receiptGlobalNo: f.receipt_global_no,
      fiscalDayNo: f.fiscal_day_no,
    };
  }

  /** Every pending document, oldest first, one at a time; the first failure stops the run (the later ones wait). */
  async function submitPending(d: DeviceRow): Promise<number> {
    let device = await ready(d);
    await recover(device);
    let done = 0;
    for (;;) {
      const doc = await nextPending();
      if (!doc) return done;
      // A long backlog keeps the device: the lease is renewed before each document.
      if (!(await takeLease(device.deviceId))) throw new Error("The device's lease was taken over; retried later.");
      [device] = (await db.select().from(fiscalDevices).where(eq(fiscalDevices.id, device.id))) as [DeviceRow];
      const day = await openDay(device);
      [device] = (await db.select().from(fiscalDevices).where(eq(fiscalDevices.id, device.id))) as [DeviceRow];
      const config = device.config as FdmsConfigAnswer;
      const issued = fdmsLocalTime(doc.issuedAt);
      // Never before the day opened nor before the previous receipt (a document that waited for FDMS is dated when sent).
      const receiptDate = [issued, day.openedLocal, device.lastReceiptDate ?? ""].sort().at(-1) as string;
      const unsigned = buildReceipt({
        kind: doc.kind,
        number: doc.number,
        content: doc.content as TaxDocumentContent,
        deviceID: device.deviceId,
        receiptCounter: day.receiptCounter + 1,
        receiptGlobalNo: device.lastReceiptGlobalNo + 1,
        receiptDate,
        taxes: config.applicableTaxes,
        ...(doc.kind === "credit_note" ? { credited: await creditedOf(doc.invoiceId) } : {}),
      });
      const key = createPrivateKey(device.privateKey ?? "");
      const receipt = signReceipt(device.deviceId, unsigned, day.receiptCounter === 0 ? null : device.lastReceiptHash, key);
      const flight: InFlight = { documentId: doc.id, fiscalDayNo: day.dayNo, receipt };
      // Written before it is sent: a lost answer is then resent as it is, never signed again with another number.
      await db.update(fiscalDevices).set({ inFlight: flight }).where(eq(fiscalDevices.id, device.id));
      try {
        await send(device, flight);
      } catch (err) {
        throw new Error(`${doc.number}: ${errorText(err)}`);
      }
      done++;
    }
  }

  /** Closes the open fiscal day: its counters and their signature; FDMS's status then says closed or why not. */
  async function closeOpenDay(d: DeviceRow): Promise<DayRow | null> {
    const device = await ready(d);
    await recover(device);
    const day = await currentDay(device.deviceId);
    if (!day) return null;
    const creds = credentialsOf(device);
    if (day.status !== "close_initiated") {
      const counters = sortedCounters(day.counters as FiscalCounter[]);
      const signature = signString(
        fiscalDaySignatureString(device.deviceId, day.dayNo, day.openedLocal, counters),
        createPrivateKey(device.privateKey ?? ""),
      );
      await client().closeDay(creds, {
        fiscalDayNo: day.dayNo,
        fiscalDayCounters: counters,
        fiscalDayDeviceSignature: signature,
        receiptCounter: day.receiptCounter,
      });
    }
    const status = await client().getStatus(creds);
    const set: Partial<DayRow> =
      status.fiscalDayStatus === "FiscalDayClosed"
        ? { status: "closed", closedAt: status.fiscalDayClosed ? new Date(status.fiscalDayClosed) : now(), closeError: null }
        : status.fiscalDayStatus === "FiscalDayCloseFailed"
          ? { status: "close_failed", closeError: status.fiscalDayClosingErrorCode ?? "FDMS refused to close the day." }
          : { status: "close_initiated" };
    const [row] = await db.update(fiscalDays).set(set).where(eq(fiscalDays.id, day.id)).returning();
    if (set.status === "closed") {
      await db.update(fiscalDevices).set({ lastReceiptHash: null }).where(eq(fiscalDevices.id, device.id));
      log.info({ deviceId: device.deviceId, fiscalDayNo: day.dayNo }, "FDMS fiscal day closed");
    }
    if (set.status === "close_failed") throw new Error(`FDMS could not close fiscal day ${day.dayNo}: ${set.closeError}`);
    return row ?? null;
  }

  const busyJob = (): never => {
    throw new Error("Another process is talking to FDMS for this device; retried later.");
  };
  const busyAdmin = (): never => {
    throw new AppError(409, "FDMS is busy with this device right now; try again in a moment.");
  };

  return {
    /** Whether FDMS_* is set: documents are fiscalised. */
    enabled: cfg !== undefined,

    /**
     * In the issuing transaction: marks the document pending and queues its fiscalisation when FDMS is on; false (and
     * nothing written) when it is off.
     */
    async enqueueFiscalisation(tx: Db | Tx, documentId: number): Promise<boolean> {
      if (!cfg) return false;
      await enqueueFiscalisation(tx, documentId);
      return true;
    },

    /** The job: submits every pending document in order; throws (retry with backoff) when one cannot be submitted. */
    async runQueue(): Promise<number> {
      if (!cfg) return 0;
      if (!(await nextPending()) && !(await deviceRow()).inFlight) return 0;
      return withDevice(submitPending, busyJob);
    },

    /** The periodic job: in the last hour of the Harare day, or when the open day began on an earlier Harare date. */
    async closeDayIfDue(): Promise<boolean> {
      if (!cfg) return false;
      const device = await deviceRow();
      const day = await currentDay(device.deviceId);
      if (!day) return false;
      const at = now();
      const hour = Number(fdmsLocalTime(at).slice(11, 13));
      if (hour < CLOSE_FROM_HOUR && day.openedLocal.slice(0, 10) >= hararePlainDate(at)) return false;
      await withDevice(closeOpenDay, busyJob);
      return true;
    },

    /** The back office's "Close fiscal day" (admins). */
    async closeDay(actor: Actor): Promise<{ dayNo: number; status: string } | null> {
      const admin = requireAdmin(actor);
      if (!cfg) throw new AppError(409, "FDMS is off: there is no fiscal day to close.");
      try {
        const day = await withDevice(closeOpenDay, busyAdmin);
        if (day) {
          await deps.audit?.record(db, admin, {
            entity: "fiscal-day",
            entityId: day.dayNo,
            action: "close",
            summary: `Fiscal day ${day.dayNo} closed from the back office (${day.status})`,
          });
        }
        return day ? { dayNo: day.dayNo, status: day.status } : null;
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw new AppError(502, errorText(err));
      }
    },

    /** The back office's "Retry now" (admins): every waiting fiscalisation job due at once (dead ones given new attempts). */
    async retryNow(actor: Actor): Promise<number> {
      const admin = requireAdmin(actor);
      if (!cfg) return 0;
      const rows = await db
        .update(jobs)
        .set({
          status: "queued",
          runAt: now(),
          attempts: sql`case when ${jobs.status} = 'dead' then 0 else ${jobs.attempts} end`,
          finishedAt: null,
        })
        .where(and(eq(jobs.kind, FISCAL_SUBMIT_JOB), inArray(jobs.status, ["queued", "failed", "dead"])))
        .returning({ id: jobs.id });
      // A pending document whose job is gone (cleaned up after it died) gets a new one.
      const orphans = await db
        .select({ id: taxDocuments.id })
        .from(taxDocuments)
        .leftJoin(jobs, eq(jobs.dedupeKey, sql`${FISCAL_SUBMIT_JOB} || ':' || ${taxDocuments.id}`))
        .where(and(eq(taxDocuments.fiscalStatus, "pending"), isNull(jobs.id)));
      for (const o of orphans) await enqueueFiscalisation(db, o.id);
      deps.onJobQueued?.();
      const n = rows.length + orphans.length;
      await deps.audit?.record(db, admin, {
        entity: "fiscal-queue",
        entityId: cfg.deviceId,
        action: "retry",
        summary: `Fiscalisation retried now (${n} job${n === 1 ? "" : "s"})`,
      });
      return n;
    },

    /** The back office's screen: the switch, the device (never its key), the day, the queue and the failures. */
    async overview(actor: Actor): Promise<FiscalOverview> {
      requireAdmin(actor);
      const pendingRows = await db
        .select({
          id: taxDocuments.id,
          number: taxDocuments.number,
          kind: taxDocuments.kind,
          issuedAt: taxDocuments.issuedAt,
          jobStatus: jobs.status,
          attempts: jobs.attempts,
          lastError: jobs.lastError,
          runAt: jobs.runAt,
        })
        .from(taxDocuments)
        .leftJoin(jobs, eq(jobs.dedupeKey, sql`${FISCAL_SUBMIT_JOB} || ':' || ${taxDocuments.id}`))
        .where(eq(taxDocuments.fiscalStatus, "pending"))
        .orderBy(asc(taxDocuments.id))
        .limit(200);
      const dead = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, FISCAL_SUBMIT_JOB), eq(jobs.status, "dead")))
        .orderBy(desc(jobs.id))
        .limit(50);
      const pending = pendingRows.map((p) => ({
        id: p.id,
        number: p.number,
        kind: p.kind,
        issuedAt: p.issuedAt.toISOString(),
        jobStatus: p.jobStatus ?? null,
        attempts: p.attempts ?? 0,
        lastError: p.lastError ?? null,
        nextAttemptAt: p.jobStatus === "queued" || p.jobStatus === "failed" ? (p.runAt?.toISOString() ?? null) : null,
      }));
      const failures = dead.map((j) => ({
        jobId: j.id,
        documentId: (j.payload as { documentId?: number } | null)?.documentId ?? null,
        attempts: j.attempts,
        lastError: j.lastError,
        at: j.finishedAt?.toISOString() ?? null,
      }));
      if (!cfg) return { enabled: false, device: null, day: null, pending, failures };
      const [device] = await db.select().from(fiscalDevices).where(eq(fiscalDevices.deviceId, cfg.deviceId));
      const [day] = await db
        .select()
        .from(fiscalDays)
        .where(eq(fiscalDays.deviceId, cfg.deviceId))
        .orderBy(desc(fiscalDays.dayNo))
        .limit(1);
      const config = device?.config as Partial<FdmsConfigAnswer> | null | undefined;
      return {
        enabled: true,
        device: {
          deviceId: cfg.deviceId,
          serialNo: cfg.serialNo,
          registered: Boolean(device?.certificate),
          registeredAt: device?.registeredAt?.toISOString() ?? null,
          certificateValidTill: device?.certificateValidTill?.toISOString() ?? null,
          taxpayerName: config?.taxPayerName ?? null,
          taxpayerTin: config?.taxPayerTIN ?? null,
          lastReceiptGlobalNo: device?.lastReceiptGlobalNo ?? 0,
          lastError: device?.lastError ?? null,
          lastErrorAt: device?.lastErrorAt?.toISOString() ?? null,
        },
        day: day
          ? {
              dayNo: day.dayNo,
              status: day.status,
              openedAt: day.openedAt.toISOString(),
              closedAt: day.closedAt?.toISOString() ?? null,
              receiptCounter: day.receiptCounter,
              closeError: day.closeError,
            }
          : null,
        pending,
        failures,
      };
    },

    /** Closes FDMS's kept-alive connections (app close). */
    close() {
      ownClient?.close();
    },
  };
}

export type FiscalService = ReturnType<typeof createFiscalService>;
