import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FiscalData, TaxDocumentContent } from "#shared/schemas/tax-documents.ts";
import type { Db, Tx } from "../../db/client.ts";
import { fiscalDevices } from "../../db/schema/fiscal.ts";
import { jobs } from "../../db/schema/jobs.ts";
import { taxDocuments } from "../../db/schema/money.ts";
import { type Actor, requireStaff } from "../../platform/auth/actor.ts";
import { ConflictError, NotFoundError } from "../../platform/errors.ts";
import { enqueue } from "../../platform/jobs/queue.ts";
import type { FdmsConfigAnswer } from "./fdms-client.ts";
import { buildReceipt, type FdmsCreditDebitNote, fdmsLocalTime, signReceipt } from "./fdms-protocol.ts";
import { type DayRow, type DeviceRow, errorText, type FiscalDevice, type InFlight } from "./fiscal-device.ts";
import { markNeedsCorrection, problemOfFailure } from "./fiscal-problems.ts";
import { fillMissingHsCodes } from "./missing-hs-codes.ts";
import { orderFacts } from "./order-facts.ts";
import type { ReceiptChain } from "./receipt-chain.ts";
import { receiptDateAfter } from "./receipt-lines.ts";

/** Submits the pending tax documents to FDMS, oldest first (payload: { documentId }, the one that queued it). */
export const FISCAL_SUBMIT_JOB = "fiscal.submit";
/** FDMS may be down for days: a document's job keeps trying (about four days at the hourly cap). */
const FISCAL_MAX_ATTEMPTS = 100;
/** Why a document FDMS kept with an error is not sent again. */
export const KEPT_BY_FDMS =
  "FDMS kept this receipt with an error, so it cannot be sent again: correct it with a credit note and a new invoice.";

/** Why a note was not sent: its invoice has not reached FDMS (refused, or still needing correction). */
export const NOTE_BEFORE_INVOICE = (invoiceNumber: string) =>
  `Not sent: invoice ${invoiceNumber} has not been fiscalised, so FDMS would not know which invoice this note corrects. Once the invoice is fiscalised, send this note again.`;

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

/**
 * Fiscalisation: a document queued in its issuing transaction, the queue submitted in order (each document's receipt
 * built, signed and sent on the open fiscal day), and the back office's "Retry now".
 */
export function createSubmission(device: FiscalDevice, chain: ReceiptChain, openDay: (device: DeviceRow) => Promise<DayRow>) {
  const { deps, db, cfg, now, deviceRow, takeLease, withDevice, ready, busyJob, privateKeyOf } = device;
  const { send, recover } = chain;

  async function nextPending() {
    const [doc] = await db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.fiscalStatus, "pending"))
      .orderBy(asc(taxDocuments.id))
      .limit(1);
    return doc;
  }

  /**
   * The credited invoice's receiptDate, so the note keeps its taxes (RCPT036): as FDMS was sent it, or (fiscalised
   * before it was kept) its issue time.
   */
  async function creditedDateOf(invoiceId: number | null): Promise<string | undefined> {
    if (invoiceId === null) return undefined;
    const [inv] = await db
      .select({ fiscal: taxDocuments.fiscal, issuedAt: taxDocuments.issuedAt })
      .from(taxDocuments)
      .where(eq(taxDocuments.id, invoiceId));
    if (!inv) return undefined;
    return (inv.fiscal as FiscalData | null)?.receipt_date ?? fdmsLocalTime(inv.issuedAt);
  }

  /**
   * The invoice a credit or debit note corrects, as FDMS knows it: its fiscal data once FDMS kept it (fiscalised, or
   * kept with an error); undefined when FDMS never had it.
   */
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

  /**
   * Every pending document, oldest first, one at a time. A document's own problem (it cannot be made into a receipt,
   * or FDMS refuses its receipt) marks it as needing correction and the run goes on; any other failure (FDMS
   * unreachable, the day or device refused) stops the run, and the later documents wait for the retry.
   */
  async function submitPending(d: DeviceRow): Promise<number> {
    if (!cfg) throw new Error("FDMS is off.");
    const chargeHsCodes = { delivery: cfg.deliveryHsCode, service: cfg.serviceHsCode };
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
      // Strictly after the day's opening and the previous receipt (RCPT014, RCPT030): a document that waited for FDMS,
      // or came in the same second, is dated the second after them.
      const receiptDate = receiptDateAfter(fdmsLocalTime(doc.issuedAt), day.openedLocal, device.lastReceiptDate ?? "");
      const content = doc.content as TaxDocumentContent;
      const credited = doc.kind === "invoice" ? undefined : await creditedOf(doc.invoiceId);
      if (doc.kind !== "invoice" && !credited) {
        // Never sent with an empty creditDebitNote (RCPT015): the note waits for its invoice (decision 016).
        await markNeedsCorrection(db, doc.id, [
          { code: "RCPT015", color: null, message: NOTE_BEFORE_INVOICE(content.credits?.number ?? "") },
        ]);
        continue;
      }
      let unsigned: ReturnType<typeof buildReceipt>;
      try {
        unsigned = buildReceipt({
          kind: doc.kind,
          number: doc.number,
          content,
          ...(await orderFacts(db, doc.orderId, content.lines)),
          chargeHsCodes,
          deviceID: device.deviceId,
          receiptCounter: day.receiptCounter + 1,
          receiptGlobalNo: device.lastReceiptGlobalNo + 1,
          receiptDate,
          taxes: config.applicableTaxes,
          ...(credited ? { credited, creditedDate: await creditedDateOf(doc.invoiceId) } : {}),
        });
      } catch (err) {
        // A document that cannot be made into a receipt waits for its correction; the ones after it go on.
        const problem = problemOfFailure(err);
        if (!problem) throw err;
        await markNeedsCorrection(db, doc.id, [problem]);
        continue;
      }
      const key = privateKeyOf(device);
      const receipt = signReceipt(device.deviceId, unsigned, day.receiptCounter === 0 ? null : device.lastReceiptHash, key);
      const flight: InFlight = { documentId: doc.id, fiscalDayNo: day.dayNo, receipt };
      // Written before it is sent: a lost answer is then resent as it is, never signed again with another number.
      await db.update(fiscalDevices).set({ inFlight: flight }).where(eq(fiscalDevices.id, device.id));
      try {
        await send(device, flight);
      } catch (err) {
        // FDMS refused the receipt itself (nothing kept there): the document waits for its correction, the queue goes on.
        const problem = problemOfFailure(err);
        if (!problem) throw new Error(`${doc.number}: ${errorText(err)}`);
        await markNeedsCorrection(db, doc.id, [problem]);
        continue;
      }
      done++;
    }
  }

  return {
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

    /** The back office's "Retry now" (admins): every waiting fiscalisation job due at once (dead ones given new attempts). */
    async retryNow(actor: Actor): Promise<number> {
      const admin = requireStaff(actor, "money.documents");
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

    /**
     * The back office's "Send again" (admins) for a document that needs correction and that FDMS did not keep (refused,
     * or never sent), once what was wrong is put right: pending again and queued. One FDMS kept with an error is
     * corrected with a credit note and a new invoice instead (409).
     */
    async resubmit(actor: Actor, documentId: number): Promise<void> {
      const admin = requireStaff(actor, "money.documents");
      if (!cfg) throw new ConflictError("FDMS is off: nothing is sent to it.");
      await db.transaction(async (tx) => {
        const [doc] = await tx
          .select({ status: taxDocuments.fiscalStatus, fiscal: taxDocuments.fiscal, number: taxDocuments.number })
          .from(taxDocuments)
          .where(eq(taxDocuments.id, documentId))
          .for("update");
        if (!doc) throw new NotFoundError("No such tax document.");
        if (doc.status !== "needs_correction") throw new ConflictError("Only a document that needs correction is sent again.");
        if (doc.fiscal !== null) throw new ConflictError(KEPT_BY_FDMS);
        const completed = await fillMissingHsCodes(tx, documentId);
        await tx.update(taxDocuments).set({ fiscalStatus: "pending", fiscalProblems: null }).where(eq(taxDocuments.id, documentId));
        // Its job ran (the document's problem did not fail it): queued again, or a new one when it was cleaned up.
        const again = await tx
          .update(jobs)
          .set({ status: "queued", runAt: now(), attempts: 0, finishedAt: null, lastError: null })
          .where(eq(jobs.dedupeKey, dedupeKeyOf(documentId)))
          .returning({ id: jobs.id });
        if (again.length === 0) await enqueueFiscalisation(tx, documentId);
        await deps.audit?.record(tx, admin, {
          entity: "tax-document",
          entityId: documentId,
          action: "resubmit",
          summary: `Sent ${doc.number} to FDMS again${completed.length ? ` (HS codes added: ${completed.join(", ")})` : ""}`,
        });
      });
      deps.onJobQueued?.();
    },
  };
}
