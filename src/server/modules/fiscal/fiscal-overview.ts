import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { FiscalData } from "#shared/schemas/tax-documents.ts";
import { fiscalDays, fiscalDevices } from "../../db/schema/fiscal.ts";
import { jobs } from "../../db/schema/jobs.ts";
import { taxDocuments } from "../../db/schema/money.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import type { FdmsConfigAnswer } from "./fdms-client.ts";
import type { FiscalDevice } from "./fiscal-device.ts";
import { closeReasonText, type FiscalProblem } from "./fiscal-problems.ts";
import { FISCAL_SUBMIT_JOB } from "./submission.ts";

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
    taxpayerVatNumber: string | null;
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
    /** FDMS's reason (fiscalDayClosingErrorCode) and what it means. */
    closeError: string | null;
    closeErrorText: string | null;
    /**
     * The documents of this day FDMS kept with a red or grey error: while the day is not closed they stop its close
     * (API §8.2.1; decision 016, row 51), each with FDMS's codes in words.
     */
    blockedBy: { id: number; number: string; kind: string; problems: FiscalProblem[] }[];
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
  /**
   * Documents that need correction (decision 016), newest first: FDMS refused them, flagged them red or grey (kept by
   * FDMS: they stop the day's close while the day is open), or they could not be made into a receipt.
   */
  needsCorrection: { id: number; number: string; kind: string; issuedAt: string; keptByFdms: boolean; problems: FiscalProblem[] }[];
  /** Documents whose server signature from FDMS did not verify with FDMS_SERVER_CERT_FILE (decision 016, row 49). */
  unverified: { id: number; number: string; problem: string }[];
  /** Fiscalisation jobs out of attempts (a document stuck there waits for "Retry now"). */
  failures: { jobId: number; documentId: number | null; attempts: number; lastError: string | null; at: string | null }[];
};

/** The back office's fiscal screen: the switch, the device's status, the day, the queue and its failures. */
export function createFiscalOverview(device: FiscalDevice) {
  const { db, cfg } = device;

  return {
    /** The back office's screen: the switch, the device (never its key), the day, the queue and the failures. */
    async overview(actor: Actor): Promise<FiscalOverview> {
      requireStaff(actor, "money.documents");
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
      const toCorrect = await db
        .select({
          id: taxDocuments.id,
          number: taxDocuments.number,
          kind: taxDocuments.kind,
          issuedAt: taxDocuments.issuedAt,
          fiscal: taxDocuments.fiscal,
          problems: taxDocuments.fiscalProblems,
        })
        .from(taxDocuments)
        // An invoice credited and issued again is corrected (decision 016): it leaves the list.
        .where(and(eq(taxDocuments.fiscalStatus, "needs_correction"), isNull(taxDocuments.correctedAt)))
        .orderBy(desc(taxDocuments.id))
        .limit(200);
      const unverifiedRows = await db
        .select({ id: taxDocuments.id, number: taxDocuments.number, fiscal: taxDocuments.fiscal })
        .from(taxDocuments)
        .where(sql`${taxDocuments.fiscal} -> 'server_signature' ->> 'check' = 'failed'`)
        .orderBy(desc(taxDocuments.id))
        .limit(50);
      const unverified = unverifiedRows.map((d) => ({
        id: d.id,
        number: d.number,
        problem: (d.fiscal as FiscalData).server_signature?.problem ?? "FDMS's signature did not verify.",
      }));
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
      const needsCorrection = toCorrect.map((d) => ({
        id: d.id,
        number: d.number,
        kind: d.kind,
        issuedAt: d.issuedAt.toISOString(),
        keptByFdms: d.fiscal !== null,
        problems: (d.problems as FiscalProblem[] | null) ?? [],
      }));
      if (!cfg) return { enabled: false, device: null, day: null, pending, needsCorrection, unverified, failures };
      const [device] = await db.select().from(fiscalDevices).where(eq(fiscalDevices.deviceId, cfg.deviceId));
      const [day] = await db
        .select()
        .from(fiscalDays)
        .where(eq(fiscalDays.deviceId, cfg.deviceId))
        .orderBy(desc(fiscalDays.dayNo))
        .limit(1);
      const config = device?.config as Partial<FdmsConfigAnswer> | null | undefined;
      return {
        needsCorrection,
        enabled: true,
        device: {
          deviceId: cfg.deviceId,
          serialNo: cfg.serialNo,
          registered: Boolean(device?.certificate),
          registeredAt: device?.registeredAt?.toISOString() ?? null,
          certificateValidTill: device?.certificateValidTill?.toISOString() ?? null,
          taxpayerName: config?.taxPayerName ?? null,
          taxpayerTin: config?.taxPayerTIN ?? null,
          taxpayerVatNumber: config?.vatNumber ?? null,
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
              closeErrorText: day.closeError ? closeReasonText(day.closeError) : null,
              blockedBy:
                day.status === "closed"
                  ? []
                  : toCorrect
                      .filter((d) => (d.fiscal as FiscalData | null)?.fiscal_day_no === day.dayNo)
                      .map((d) => ({ id: d.id, number: d.number, kind: d.kind, problems: (d.problems as FiscalProblem[] | null) ?? [] })),
            }
          : null,
        unverified,
        pending,
        failures,
      };
    },
  };
}
