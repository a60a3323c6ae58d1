import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { taxDocuments } from "../../db/schema/money.ts";
import { FdmsError, type FdmsValidationError } from "./fdms-client.ts";
import { FdmsProtocolError } from "./fdms-protocol.ts";

/**
 * Why a tax document needs correction (decision 016): FDMS refused its receipt, accepted it with a red or grey
 * validation error (such a receipt stops the fiscal day's close), or it could not be made into a receipt at all. Each
 * problem keeps FDMS's code and colour and says in words what is wrong. A document that needs correction is never
 * printed as fiscal, and the documents after it go on.
 */
export type FiscalProblem = { code: string | null; color: "Red" | "Grey" | "Yellow" | null; message: string };

/** FDMS's receipt validation codes (API v7.2 §8.2.1, decision 016), with what each means for the document. */
export const FDMS_RECEIPT_RULES: Record<string, string> = {
  RCPT010: "Wrong currency code is used. The currency is not one FDMS accepts for this day.",
  RCPT011: "Receipt counter is not sequential.",
  RCPT012: "Receipt global number is not sequential.",
  RCPT013: "Invoice number is not unique. FDMS already has a receipt with this document number.",
  RCPT014: "Receipt date is earlier than fiscal day opening date.",
  RCPT015: "Credited/debited invoice data is not provided. The credit note does not say which fiscalised invoice it corrects.",
  RCPT016: "No receipt lines provided.",
  RCPT017: "Taxes information is not provided.",
  RCPT018: "Payment information is not provided.",
  RCPT019: "Invoice total amount is not equal to sum of all invoice lines (lines including tax).",
  RCPT020: "Invoice signature is not valid. The device's signature over the receipt does not verify.",
  RCPT021:
    "VAT tax is used in invoice while taxpayer is not VAT taxpayer. A VAT tax was used though ZIMRA does not list the company as a VAT payer.",
  RCPT022:
    "Invoice sales line price must be greater than 0 (less than 0 for Credit note), discount line price must be less than 0 for Invoice.",
  RCPT023: "Invoice line quantity, must be positive.",
  RCPT024: "Invoice line total is not equal to unit price * quantity.",
  RCPT025: "Invalid tax is used. The VAT rate is not one FDMS lists for the day of the document.",
  RCPT026: "Incorrectly calculated tax amount. FDMS works the VAT out on each rate's total and got a different figure.",
  RCPT027: "Incorrectly calculated total sales amount (including tax). The total including VAT differs from FDMS's sum.",
  RCPT028: "Payment amount must be greater than or equal 0 (less than or equal to 0 for Credit note).",
  RCPT029: "Credited/debited invoice information provided for regular invoice.",
  RCPT030: "Invoice date is earlier than previously submitted receipt date.",
  RCPT031: "Invoice is submitted with the future date.",
  RCPT032: "Credit / debit note refers to non-existing invoice. The invoice this note corrects is unknown to FDMS.",
  RCPT033:
    "Credited/debited invoice is issued more than 12 months ago. The invoice is more than 12 months old: it can no longer be credited through FDMS.",
  RCPT034: "Note for credit/debit note is not provided.",
  RCPT035: "Total credit note amount exceeds original invoice amount. The credit notes of this invoice add up to more than the invoice.",
  RCPT036: "Credit/debit note uses other taxes than are used in the original invoice.",
  RCPT037: "Invoice total amount is not equal to sum of all invoice lines and taxes applied.",
  RCPT038: "Invoice total amount is not equal to sum of sales amount including tax in tax table.",
  RCPT039: "Invoice total amount is not equal to sum of all payment amounts.",
  RCPT040: "Invoice total amount must be greater than or equal to 0 (less than or equal to 0 for Credit note).",
  RCPT041: "Invoice is issued after fiscal day end.",
  RCPT042: "Credit/debit note uses other currency than is used in the original invoice.",
  RCPT043:
    "Mandatory buyer data fields are not provided. The buyer's details are incomplete: TIN (10 digits), VAT number (9), and a full address.",
  RCPT047:
    "HS code must be sent if taxpayer is a VAT payer. A line has no HS code, which FDMS needs on every line of a VAT payer's receipt.",
  RCPT048: "HS code length is wrong. A VAT payer's line needs an HS code of 4 or 8 digits, exactly 8 when it is zero-rated or exempt.",
};

/** FDMS's reasons for a failed day close (fiscalDayClosingErrorCode, API §5.4.9), in words and what to do. */
const CLOSE_REASONS: Record<string, string> = {
  BadCertificateSignature: "The day's signature did not verify with the device's certificate.",
  MissingReceipts:
    "FDMS is missing receipts of this day (grey errors): a receipt before the ones listed never arrived. Send it, or ask ZIMRA to close the day.",
  ReceiptsWithValidationErrors:
    "Receipts of this day have red errors. FDMS kept them, so only ZIMRA (or the taxpayer's portal) can close this day; correct each listed document with a credit note and a new invoice.",
  CountersMismatch: "The day's totals sent with the close differ from FDMS's own.",
  InternalError: "FDMS failed internally while closing the day; try again later.",
};

/** A day close failure (fiscalDayClosingErrorCode) in words; null for a code the API does not list. */
export function closeReasonText(code: string): string | null {
  return CLOSE_REASONS[code] ?? null;
}

const words = (code: string | null, fallback: string): string => (code && FDMS_RECEIPT_RULES[code]) || fallback;

/** FDMS's validation errors on an accepted receipt that stop the day's close (red and grey), in words. */
export function problemsOfValidation(errors: readonly FdmsValidationError[]): FiscalProblem[] {
  return errors.map((e) => ({
    code: e.validationErrorCode,
    color: e.validationErrorColor === "Gray" ? "Grey" : e.validationErrorColor,
    message: words(e.validationErrorCode, `FDMS flagged the receipt (${e.validationErrorCode}).`),
  }));
}

/**
 * The problem of a document FDMS refused, or that could not be made into a receipt; null for a failure that is not the
 * document's (FDMS unreachable, busy or down: the queue waits and retries).
 */
export function problemOfFailure(err: unknown): FiscalProblem | null {
  if (err instanceof FdmsProtocolError) return { code: null, color: null, message: err.message };
  // The receipt's own fault: a receipt rule (RCPT…), or the request's structure (HTTP 400 without a code). A day or
  // device refusal (FISC…, DEV…) is not the document's: the queue waits for it to be put right.
  const receiptsFault = (e: FdmsError) => e.errorCode?.startsWith("RCPT") || (e.status === 400 && e.errorCode === null);
  if (err instanceof FdmsError && err.kind === "refused" && receiptsFault(err)) {
    return { code: err.errorCode, color: "Red", message: words(err.errorCode, err.message) };
  }
  return null;
}

/** Marks a document as needing correction, with its problems. */
export async function markNeedsCorrection(db: Db, documentId: number, problems: FiscalProblem[]): Promise<void> {
  await db.update(taxDocuments).set({ fiscalStatus: "needs_correction", fiscalProblems: problems }).where(eq(taxDocuments.id, documentId));
}
