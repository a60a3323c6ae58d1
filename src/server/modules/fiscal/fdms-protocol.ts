import { createHash, type KeyObject, sign, verify } from "node:crypto";
import { decimalUnits, signedCents } from "#shared/money.ts";
import type { DocumentLine, TaxDocumentContent } from "#shared/schemas/tax-documents.ts";
import { sellerIsVatRegistered } from "#shared/tax.ts";
import { type FdmsBuyer, receiptBuyer } from "./fdms-buyer.ts";
import {
  type FdmsApplicableTax,
  fdmsInstant,
  fdmsLocalOf,
  fdmsLocalTime,
  fromFdmsLocalTime,
  hararePlainDate,
  taxValidAt,
} from "./fdms-dates.ts";
import { type ChargeHsCodes, type FdmsMoneyType, lineHsCode, lineKindOf, type ReceiptLineKind } from "./receipt-lines.ts";

export type { FdmsApplicableTax } from "./fdms-dates.ts";
export type { FdmsMoneyType } from "./receipt-lines.ts";
export { fdmsInstant, fdmsLocalOf, fdmsLocalTime, fromFdmsLocalTime, hararePlainDate, taxValidAt };

/**
 * ZIMRA's Fiscal Device Gateway API (v7.2) as pure functions: the receipt built from a tax document, the receipt's
 * device signature and the hash chain, the fiscal day's counters and its closing signature, the verification code and
 * the QR URL. The sources of each rule are in docs/decisions/016-fdms-virtual-device.md.
 */

export type FdmsReceiptType = "FiscalInvoice" | "CreditNote" | "DebitNote";

export type FdmsReceiptLine = {
  receiptLineType: "Sale" | "Discount";
  receiptLineNo: number;
  receiptLineHSCode?: string;
  receiptLineName: string;
  receiptLinePrice: number;
  receiptLineQuantity: number;
  receiptLineTotal: number;
  taxCode?: string;
  taxPercent?: number;
  taxID: number;
};

export type FdmsReceiptTax = {
  taxCode?: string;
  /** Absent: exempt. */
  taxPercent?: number;
  taxID: number;
  taxAmount: number;
  salesAmountWithTax: number;
};

export type FdmsSignature = { hash: string; signature: string };

export type { FdmsBuyer } from "./fdms-buyer.ts";

export type FdmsCreditDebitNote = { receiptID?: number; deviceID?: number; receiptGlobalNo?: number; fiscalDayNo?: number };

export type FdmsReceipt = {
  receiptType: FdmsReceiptType;
  receiptCurrency: string;
  receiptCounter: number;
  receiptGlobalNo: number;
  invoiceNo: string;
  buyerData?: FdmsBuyer;
  receiptNotes?: string;
  receiptDate: string;
  creditDebitNote?: FdmsCreditDebitNote;
  receiptLinesTaxInclusive: boolean;
  receiptLines: FdmsReceiptLine[];
  receiptTaxes: FdmsReceiptTax[];
  receiptPayments: { moneyTypeCode: FdmsMoneyType; paymentAmount: number }[];
  receiptTotal: number;
  receiptPrintForm?: "Receipt48" | "InvoiceA4";
  receiptDeviceSignature: FdmsSignature;
};

export class FdmsProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FdmsProtocolError";
  }
}

/** Cents of a wire amount (amounts travel as numbers with two decimals). */
export function cents(amount: number): number {
  return Math.round(amount * 100);
}

const amount = (c: bigint | number) => Number(c) / 100;

function centsOf(text: string, what: string): bigint {
  const v = decimalUnits(text, 2);
  if (v === null) throw new FdmsProtocolError(`${what} is not an amount: ${JSON.stringify(text)}`);
  return v;
}

/** A line's amount, negative on a discount line (decision 025), or a VAT summary's. */
function signedCentsOf(text: string, what: string): bigint {
  const v = signedCents(text);
  if (v === null) throw new FdmsProtocolError(`${what} is not an amount: ${JSON.stringify(text)}`);
  return v;
}

/** A tax percent as FDMS writes it in signatures: "15.50", "0.00"; "" when exempt. */
export function percentText(p: number | undefined | null): string {
  return p === undefined || p === null ? "" : p.toFixed(2);
}

/** ZIMRA's code of the document's currency (the gold-backed ZiG is ZWG; our older label ZWL means it too). */
export function fdmsCurrency(currency: string): string {
  const c = currency.trim().toUpperCase();
  return c === "ZWL" ? "ZWG" : c;
}

const isExemptTax = (t: FdmsApplicableTax) => t.taxPercent === undefined || t.taxPercent === null;

/**
 * The applicable tax (getConfig) of a VAT rate at the receipt's date (RCPT025): null = exempt (the tax without a
 * percent), else the one of the same percent, valid at `receiptDate` (FDMS local time). A credit or debit note keeps
 * its invoice's tax (RCPT036): given the invoice's receipt date (`originalDate`), the tax of that percent valid then is
 * taken while getConfig still lists it. No such tax: FdmsProtocolError, so the document needs correction rather than a
 * Red receipt. Without a date (tests of other rules) any tax of the percent will do.
 */
export function taxForRate(
  taxes: readonly FdmsApplicableTax[],
  rate: string | null,
  receiptDate?: string,
  originalDate?: string,
): FdmsApplicableTax {
  const wanted = rate === null ? null : Number(rate);
  const ofRate = taxes.filter((t) => (wanted === null ? isExemptTax(t) : !isExemptTax(t) && Number(t.taxPercent) === wanted));
  const what = rate === null ? "exempt supplies" : `VAT at ${rate} %`;
  if (ofRate.length === 0) {
    throw new FdmsProtocolError(`FDMS's configuration has no tax for ${what} (getConfig applicableTaxes)`);
  }
  if (receiptDate === undefined) return ofRate[0] as FdmsApplicableTax;
  const original = originalDate === undefined ? undefined : ofRate.find((t) => taxValidAt(t, originalDate));
  if (original) return original;
  const valid = ofRate.find((t) => taxValidAt(t, receiptDate));
  if (!valid) {
    throw new FdmsProtocolError(
      `FDMS's configuration has no tax for ${what} valid on ${receiptDate.slice(0, 10)} (RCPT025; getConfig applicableTaxes: ${ofRate
        .map((t) => `ID ${t.taxID} ${t.validFrom ?? t.taxValidFrom ?? "…"} to ${t.validTill ?? t.taxValidTill ?? "…"}`)
        .join(", ")})`,
    );
  }
  return valid;
}

export type ReceiptInput = {
  kind: "invoice" | "credit_note" | "debit_note";
  number: string;
  content: TaxDocumentContent;
  deviceID: number;
  receiptCounter: number;
  receiptGlobalNo: number;
  /** FDMS local time (fdmsLocalTime). */
  receiptDate: string;
  taxes: readonly FdmsApplicableTax[];
  /** A credit or debit note's invoice as FDMS knows it (required on notes: RCPT015). */
  credited?: FdmsCreditDebitNote;
  /** That invoice's receiptDate (FDMS local time): the note keeps its taxes while FDMS still lists them (RCPT036). */
  creditedDate?: string;
  /** How the order was paid (receipt-lines.ts moneyTypeOfPayment); BankTransfer when not given. */
  moneyType?: FdmsMoneyType;
  /** Each line's order line kind, in the document's order; a line without one is read from itself (lineKindOf). */
  lineKinds?: readonly (ReceiptLineKind | undefined)[];
  /** The HS codes of delivery, service and discount lines (config FDMS_DELIVERY_HS_CODE, FDMS_SERVICE_HS_CODE). */
  chargeHsCodes: ChargeHsCodes;
};

const RECEIPT_TYPES = { invoice: "FiscalInvoice", credit_note: "CreditNote", debit_note: "DebitNote" } as const;
const NOTE_NAMES = { invoice: "Invoice", credit_note: "Credit note", debit_note: "Debit note" } as const;

/**
 * One receipt line: a discount is a Discount line, its price and total negative on an invoice (RCPT022) and positive
 * on a credit note like every amount there; every line has an HS code when the seller is a VAT payer (RCPT047), so a
 * product without one is refused before anything is signed or sent. The document keeps the HS codes it was issued
 * with, so such a document waits until it is dealt with by hand (decision 016, row 35).
 */
function receiptLine(input: ReceiptInput, line: DocumentLine, i: number, sign: bigint): FdmsReceiptLine {
  const kind = lineKindOf(line, input.lineKinds?.[i]);
  const hsCode = lineHsCode(line, kind, input.chargeHsCodes);
  if (hsCode === null && sellerIsVatRegistered(input.content.seller.vat_number)) {
    throw new FdmsProtocolError(
      `${input.number}: the product "${line.name}" has no HS code, which FDMS requires on every line of a VAT payer's receipt (RCPT047)`,
    );
  }
  const tax = taxForRate(input.taxes, line.vat_rate, input.receiptDate, input.creditedDate);
  // A seller FDMS does not list as a VAT payer charges no VAT (RCPT021): refused before anything is signed.
  if (!isExemptTax(tax) && Number(tax.taxPercent) > 0 && !sellerIsVatRegistered(input.content.seller.vat_number)) {
    throw new FdmsProtocolError(
      `${input.number}: "${line.name}" carries VAT at ${tax.taxPercent} %, but the seller has no VAT number with ZIMRA (RCPT021): issue it without VAT, or register for VAT first`,
    );
  }
  return {
    receiptLineType: kind === "discount" ? "Discount" : "Sale",
    receiptLineNo: i + 1,
    ...(hsCode ? { receiptLineHSCode: hsCode } : {}),
    receiptLineName: line.name.slice(0, 200),
    receiptLinePrice: amount(sign * signedCentsOf(line.unit_price, "unit price")),
    receiptLineQuantity: line.quantity,
    receiptLineTotal: amount(sign * signedCentsOf(line.net, "line amount")),
    ...(isExemptTax(tax) ? {} : { taxPercent: Number(tax.taxPercent) }),
    taxID: tax.taxID,
  };
}

/**
 * The receipt of a tax document, without its signature: lines excluding VAT (receiptLinesTaxInclusive false), sales
 * and discounts, each with an HS code (receiptLine); one receiptTaxes entry per VAT rate of the document's vat_summary
 * (exempt: no taxPercent; zero-rated: 0), ordered by taxID; a credit note's amounts negative, with its invoice in
 * creditDebitNote and its reason in receiptNotes; the buyer's data when FDMS would accept it (fdms-buyer.ts).
 */
export function buildReceipt(input: ReceiptInput): Omit<FdmsReceipt, "receiptDeviceSignature"> {
  const { content } = input;
  const sign = input.kind === "credit_note" ? -1n : 1n;
  const note = input.kind !== "invoice";
  // Never an empty creditDebitNote (RCPT015): a note whose invoice FDMS does not know is not sent (decision 016).
  const credited = input.credited;
  if (note && (!credited || (credited.receiptID === undefined && credited.receiptGlobalNo === undefined))) {
    throw new FdmsProtocolError(`${input.number}: FDMS has no record of the invoice this note corrects, so it cannot be sent (RCPT015)`);
  }
  const lines = content.lines.map((line, i) => receiptLine(input, line, i, sign));
  const taxes: FdmsReceiptTax[] = content.vat_summary
    .map((row) => {
      const tax = taxForRate(input.taxes, row.vat_rate, input.receiptDate, input.creditedDate);
      const net = signedCentsOf(row.net, "VAT summary net");
      const vat = signedCentsOf(row.vat, "VAT summary VAT");
      return {
        ...(isExemptTax(tax) ? {} : { taxPercent: Number(tax.taxPercent) }),
        taxID: tax.taxID,
        taxAmount: amount(sign * vat),
        salesAmountWithTax: amount(sign * (net + vat)),
      };
    })
    .sort((a, b) => a.taxID - b.taxID);
  const total = sign * centsOf(content.totals.total, "total");
  const sum = taxes.reduce((s, t) => s + BigInt(cents(t.salesAmountWithTax)), 0n);
  if (sum !== total) {
    throw new FdmsProtocolError(`${input.number}: the VAT summary (${amount(sum)}) does not add up to the total (${amount(total)})`);
  }
  const buyerData = receiptBuyer(content.buyer);
  return {
    receiptType: RECEIPT_TYPES[input.kind],
    receiptCurrency: fdmsCurrency(content.currency),
    receiptCounter: input.receiptCounter,
    receiptGlobalNo: input.receiptGlobalNo,
    invoiceNo: input.number,
    ...(buyerData ? { buyerData } : {}),
    ...(note ? { receiptNotes: content.reason || NOTE_NAMES[input.kind], creditDebitNote: credited } : {}),
    receiptDate: input.receiptDate,
    receiptLinesTaxInclusive: false,
    receiptLines: lines,
    receiptTaxes: taxes,
    receiptPayments: [{ moneyTypeCode: input.moneyType ?? "BankTransfer", paymentAmount: amount(total) }],
    receiptTotal: amount(total),
    receiptPrintForm: "InvoiceA4",
  };
}

/**
 * The receipt's signature string (API §13.2.1): deviceID, receiptType in capitals, receiptCurrency, receiptGlobalNo,
 * receiptDate, receiptTotal in cents, then each receiptTaxes entry (ordered by taxID, then taxCode) as taxCode,
 * taxPercent ("15.50", "0.00", empty when exempt), taxAmount in cents and salesAmountWithTax in cents, then the
 * previous receipt's hash of the same fiscal day (absent on the day's first receipt). Nothing between the fields.
 */
export function receiptSignatureString(
  deviceID: number,
  r: Pick<FdmsReceipt, "receiptType" | "receiptCurrency" | "receiptGlobalNo" | "receiptDate" | "receiptTotal" | "receiptTaxes">,
  previousReceiptHash: string | null,
): string {
  const taxes = [...r.receiptTaxes]
    .sort((a, b) => a.taxID - b.taxID || (a.taxCode ?? "").localeCompare(b.taxCode ?? ""))
    .map((t) => `${t.taxCode ?? ""}${percentText(t.taxPercent)}${cents(t.taxAmount)}${cents(t.salesAmountWithTax)}`)
    .join("");
  return `${deviceID}${r.receiptType.toUpperCase()}${r.receiptCurrency.toUpperCase()}${r.receiptGlobalNo}${r.receiptDate}${cents(r.receiptTotal)}${taxes}${previousReceiptHash ?? ""}`;
}

/** SHA-256 of the string, base64 (API §13.1). */
export function fdmsHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64");
}

/** The hash and the device's signature of a signature string (SHA256withRSA or SHA256withECDSA, base64). */
export function signString(text: string, privateKey: KeyObject): FdmsSignature {
  return { hash: fdmsHash(text), signature: sign("sha256", Buffer.from(text, "utf8"), privateKey).toString("base64") };
}

export function verifySignature(text: string, sig: FdmsSignature, publicKey: KeyObject): boolean {
  if (fdmsHash(text) !== sig.hash) return false;
  try {
    return verify("sha256", Buffer.from(text, "utf8"), publicKey, Buffer.from(sig.signature, "base64"));
  } catch {
    return false;
  }
}

/** A receipt signed by the device, chained to the previous receipt's hash of the fiscal day (null on the first). */
export function signReceipt(
  deviceID: number,
  receipt: Omit<FdmsReceipt, "receiptDeviceSignature">,
  previousReceiptHash: string | null,
  privateKey: KeyObject,
): FdmsReceipt {
  return {
    ...receipt,
    receiptDeviceSignature: signString(receiptSignatureString(deviceID, receipt, previousReceiptHash), privateKey),
  };
}

/** The receipt's QR data: the first 16 hexadecimal characters of the MD5 of the device signature's bytes, in capitals. */
export function receiptQrData(signatureBase64: string): string {
  return createHash("md5").update(Buffer.from(signatureBase64, "base64")).digest("hex").slice(0, 16).toUpperCase();
}

/** The verification code printed on the document: the QR data in four groups, "4C8B-E276-6333-0417". */
export function verificationCode(signatureBase64: string): string {
  return (receiptQrData(signatureBase64).match(/.{4}/g) ?? []).join("-");
}

/**
 * The QR code's URL: getConfig's qrUrl, then the device ID (10 digits), the receipt's date (ddMMyyyy), the receipt
 * global number (10 digits) and the QR data.
 */
export function receiptQrUrl(qrUrl: string, deviceID: number, receiptDate: string, receiptGlobalNo: number, signatureBase64: string) {
  const [y, m, d] = receiptDate.slice(0, 10).split("-");
  const base = qrUrl.endsWith("/") ? qrUrl : `${qrUrl}/`;
  return `${base}${String(deviceID).padStart(10, "0")}${d}${m}${y}${String(receiptGlobalNo).padStart(10, "0")}${receiptQrData(signatureBase64)}`;
}

// --- The fiscal day's counters (API §6) ----------------------------------------------------------------------------

export const FISCAL_COUNTER_TYPES = [
  "SaleByTax",
  "SaleTaxByTax",
  "CreditNoteByTax",
  "CreditNoteTaxByTax",
  "DebitNoteByTax",
  "DebitNoteTaxByTax",
  "BalanceByMoneyType",
] as const;
export type FiscalCounterType = (typeof FISCAL_COUNTER_TYPES)[number];

export type FiscalCounter = {
  fiscalCounterType: FiscalCounterType;
  fiscalCounterCurrency: string;
  fiscalCounterTaxID?: number;
  fiscalCounterTaxPercent?: number;
  fiscalCounterMoneyType?: FdmsMoneyType;
  fiscalCounterValue: number;
};

const counterKey = (c: Omit<FiscalCounter, "fiscalCounterValue">) =>
  [
    c.fiscalCounterType,
    c.fiscalCounterCurrency,
    c.fiscalCounterTaxID ?? "",
    c.fiscalCounterTaxPercent ?? "",
    c.fiscalCounterMoneyType ?? "",
  ].join("|");

/**
 * The day's counters after one more receipt: per tax, sales with tax (SaleByTax / CreditNoteByTax) and the tax
 * (SaleTaxByTax / CreditNoteTaxByTax, not for exempt taxes); per money type, the balance (BalanceByMoneyType).
 * Credit notes count with their negative amounts.
 */
export function addReceiptToCounters(counters: readonly FiscalCounter[], receipt: FdmsReceipt): FiscalCounter[] {
  const byKey = new Map(counters.map((c) => [counterKey(c), { ...c }]));
  const add = (c: Omit<FiscalCounter, "fiscalCounterValue">, value: number) => {
    const key = counterKey(c);
    const current = byKey.get(key);
    const next = (current ? cents(current.fiscalCounterValue) : 0) + cents(value);
    byKey.set(key, { ...c, fiscalCounterValue: next / 100 });
  };
  const [byTax, taxByTax] =
    receipt.receiptType === "CreditNote"
      ? (["CreditNoteByTax", "CreditNoteTaxByTax"] as const)
      : receipt.receiptType === "DebitNote"
        ? (["DebitNoteByTax", "DebitNoteTaxByTax"] as const)
        : (["SaleByTax", "SaleTaxByTax"] as const);
  const currency = receipt.receiptCurrency;
  for (const t of receipt.receiptTaxes) {
    const tax = { fiscalCounterTaxID: t.taxID, ...(t.taxPercent === undefined ? {} : { fiscalCounterTaxPercent: t.taxPercent }) };
    add({ fiscalCounterType: byTax, fiscalCounterCurrency: currency, ...tax }, t.salesAmountWithTax);
    if (t.taxPercent !== undefined) add({ fiscalCounterType: taxByTax, fiscalCounterCurrency: currency, ...tax }, t.taxAmount);
  }
  for (const p of receipt.receiptPayments) {
    add(
      { fiscalCounterType: "BalanceByMoneyType", fiscalCounterCurrency: currency, fiscalCounterMoneyType: p.moneyTypeCode },
      p.paymentAmount,
    );
  }
  return [...byKey.values()];
}

/**
 * The counters as closeDay sends and signs them: zero counters left out, ordered by counter type (the API's order),
 * currency, then tax ID or money type.
 */
export function sortedCounters(counters: readonly FiscalCounter[]): FiscalCounter[] {
  return counters
    .filter((c) => cents(c.fiscalCounterValue) !== 0)
    .sort(
      (a, b) =>
        FISCAL_COUNTER_TYPES.indexOf(a.fiscalCounterType) - FISCAL_COUNTER_TYPES.indexOf(b.fiscalCounterType) ||
        a.fiscalCounterCurrency.localeCompare(b.fiscalCounterCurrency) ||
        (a.fiscalCounterTaxID ?? 0) - (b.fiscalCounterTaxID ?? 0) ||
        (a.fiscalCounterMoneyType ?? "").localeCompare(b.fiscalCounterMoneyType ?? ""),
    );
}

/**
 * The fiscal day's signature string (API §13.3.1): deviceID, fiscalDayNo, the day's opening date (YYYY-MM-DD), then
 * each non-zero counter in order as type in capitals, currency, tax percent ("15.50", empty when exempt) or money type
 * in capitals, and the value in cents.
 */
export function fiscalDaySignatureString(
  deviceID: number,
  fiscalDayNo: number,
  fiscalDayOpened: string,
  counters: readonly FiscalCounter[],
) {
  const parts = sortedCounters(counters).map(
    (c) =>
      `${c.fiscalCounterType.toUpperCase()}${c.fiscalCounterCurrency.toUpperCase()}${
        c.fiscalCounterMoneyType !== undefined ? c.fiscalCounterMoneyType.toUpperCase() : percentText(c.fiscalCounterTaxPercent)
      }${cents(c.fiscalCounterValue)}`,
  );
  return `${deviceID}${fiscalDayNo}${fiscalDayOpened.slice(0, 10)}${parts.join("")}`;
}

/** The CSR's subject FDMS asks for: CN "ZIMRA-<serial>-<device ID in 10 digits>". */
export function deviceCommonName(serialNo: string, deviceID: number): string {
  return `ZIMRA-${serialNo}-${String(deviceID).padStart(10, "0")}`;
}
