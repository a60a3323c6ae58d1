import { and, eq } from "drizzle-orm";
import type { FiscalData } from "#shared/schemas/tax-documents.ts";
import { fiscalDays, fiscalDevices } from "../../db/schema/fiscal.ts";
import { taxDocuments } from "../../db/schema/money.ts";
import { errorsStoppingClose, type FdmsConfigAnswer, FdmsError, type FdmsSubmitAnswer } from "./fdms-client.ts";
import { addReceiptToCounters, type FiscalCounter, receiptQrUrl, verificationCode } from "./fdms-protocol.ts";
import { type DeviceRow, errorText, type FiscalDevice, type InFlight } from "./fiscal-device.ts";
import { type FiscalProblem, problemsOfValidation } from "./fiscal-problems.ts";
import { checkServerSignature } from "./server-signature.ts";

/**
 * A signed receipt's way to FDMS and back: sent, recorded once accepted (the chain, the day's counters, the document's
 * fiscal data), and, when its answer was lost, recovered from FDMS's status or sent again as it was.
 */
export function createReceiptChain(device: FiscalDevice) {
  const { deps, db, log, now, client, credentialsOf, serverCertificate } = device;

  /** Records an accepted receipt: the chain, the day's counters, the document's fiscal data, in one transaction. */
  async function recordAccepted(
    device: DeviceRow,
    flight: InFlight,
    answer: FdmsSubmitAnswer | null,
    problems: FiscalProblem[] = [],
  ): Promise<void> {
    const r = flight.receipt;
    const config = device.config as FdmsConfigAnswer;
    const receiptID = answer?.receiptID ?? null;
    // FDMS's signature on its answer (row 49): kept, and verified when FDMS's certificate is configured. One that does
    // not verify is logged and shown on the device and in the back office, never taken silently.
    const serverSignature = answer ? checkServerSignature(answer, r.receiptDeviceSignature.signature, serverCertificate()) : null;
    const signatureProblem =
      serverSignature?.check === "failed"
        ? `FDMS's signature on the receipt of document ${flight.documentId} (receipt ${r.receiptGlobalNo}) did not verify: ${serverSignature.problem}`
        : null;
    if (signatureProblem) log.error({ documentId: flight.documentId, receiptGlobalNo: r.receiptGlobalNo }, signatureProblem);
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
      receipt_date: r.receiptDate,
      server_signature: serverSignature,
      line_hs_codes: r.receiptLines.map((l) => l.receiptLineHSCode ?? null),
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
          lastError: signatureProblem,
          lastErrorAt: signatureProblem ? now() : null,
        })
        .where(eq(fiscalDevices.id, device.id));
      await tx
        .update(taxDocuments)
        .set(
          problems.length > 0
            ? { fiscalStatus: "needs_correction", fiscal, fiscalProblems: problems }
            : { fiscalStatus: "fiscalised", fiscal },
        )
        .where(eq(taxDocuments.id, flight.documentId));
    });
    if (problems.length > 0) {
      log.warn({ documentId: flight.documentId, receiptGlobalNo: r.receiptGlobalNo }, "tax document needs correction");
      return;
    }
    log.info({ documentId: flight.documentId, receiptGlobalNo: r.receiptGlobalNo }, "tax document fiscalised");
    try {
      await deps.onFiscalised?.(flight.documentId);
    } catch (err) {
      log.error({ documentId: flight.documentId, err: { message: errorText(err) } }, "onFiscalised failed");
    }
  }

  /** Sends a signed receipt; a refusal forgets it (the next attempt signs afresh), a lost answer keeps it to resend. */
  async function send(device: DeviceRow, flight: InFlight): Promise<void> {
    let answer: FdmsSubmitAnswer;
    try {
      answer = await client().submitReceipt(credentialsOf(device), flight.receipt);
    } catch (err) {
      if (err instanceof FdmsError && err.kind === "refused") {
        await db.update(fiscalDevices).set({ inFlight: null }).where(eq(fiscalDevices.id, device.id));
      }
      throw err;
    }
    await recordAnswer(device, flight, answer);
  }

  /** FDMS kept the receipt: a red or grey error makes the document one to correct (the chain goes on from it). */
  async function recordAnswer(device: DeviceRow, flight: InFlight, answer: FdmsSubmitAnswer): Promise<void> {
    const stopping = errorsStoppingClose(answer.validationErrors);
    if (stopping.length > 0)
      log.warn({ documentId: flight.documentId, validationErrors: stopping }, "FDMS accepted the receipt with errors");
    await recordAccepted(device, flight, answer, problemsOfValidation(stopping));
  }

  /**
   * A receipt sent before without a known answer. FDMS's last receipt global number says whether it arrived: if it
   * did, the very same receipt is sent again, and FDMS answers with its original receiptID, server signature and
   * validation errors (API §4.7; decision 016, row 48); should FDMS refuse that, it is recorded without them. If it
   * did not arrive, it is sent again as it was.
   */
  async function recover(device: DeviceRow): Promise<void> {
    const flight = device.inFlight as InFlight | null;
    if (!flight) return;
    const status = await client().getStatus(credentialsOf(device));
    if ((status.lastReceiptGlobalNo ?? 0) < flight.receipt.receiptGlobalNo) return send(device, flight);
    log.warn({ documentId: flight.documentId, receiptGlobalNo: flight.receipt.receiptGlobalNo }, "FDMS had the receipt: reply was lost");
    let answer: FdmsSubmitAnswer | null = null;
    try {
      answer = await client().submitReceipt(credentialsOf(device), flight.receipt);
    } catch (err) {
      if (!(err instanceof FdmsError && err.kind === "refused")) throw err;
      log.warn({ documentId: flight.documentId, err: { message: errorText(err) } }, "FDMS refused the receipt sent again");
    }
    if (answer) await recordAnswer(device, flight, answer);
    else await recordAccepted(device, flight, null);
  }

  return { send, recover };
}

export type ReceiptChain = ReturnType<typeof createReceiptChain>;
