import { createHash, type KeyObject, verify } from "node:crypto";

/**
 * The stand-in's receipt rules (API v7.2 §4.7 and §8.2.1; decision 016, "Rules relied on", rows 1–36), written from
 * the API on their own — not the site's code (fdms-protocol.ts), so a mistake in one is not hidden by the other. A
 * receipt that breaks one is still stored, signed and counted; the rule gives FDMS's code and colour.
 */

export type Color = "Red" | "Grey" | "Yellow";
export type RuleError = { code: string; color: Color };

export type WireReceipt = {
  receiptType: "FiscalInvoice" | "CreditNote" | "DebitNote";
  receiptCurrency: string;
  receiptCounter: number;
  receiptGlobalNo: number;
  invoiceNo: string;
  buyerData?: {
    buyerRegisterName?: string | null;
    buyerTradeName?: string | null;
    vatNumber?: string | null;
    buyerTIN?: string | null;
    buyerContacts?: unknown;
    buyerAddress?: unknown;
  } | null;
  receiptNotes?: string | null;
  receiptDate: string;
  creditDebitNote?: {
    receiptID?: number | null;
    deviceID?: number | null;
    receiptGlobalNo?: number | null;
    fiscalDayNo?: number | null;
  } | null;
  receiptLinesTaxInclusive: boolean;
  receiptLines: {
    receiptLineType: "Sale" | "Discount";
    receiptLineNo: number;
    receiptLineHSCode?: string | null;
    receiptLineName: string;
    receiptLinePrice?: number | null;
    receiptLineQuantity: number;
    receiptLineTotal: number;
    taxCode?: string | null;
    taxPercent?: number | null;
    taxID: number;
  }[];
  receiptTaxes: { taxCode?: string | null; taxPercent?: number | null; taxID: number; taxAmount: number; salesAmountWithTax: number }[];
  receiptPayments: { moneyTypeCode: string; paymentAmount: number }[];
  receiptTotal: number;
  receiptPrintForm?: string | null;
  receiptDeviceSignature: { hash: string; signature: string };
};

/** getConfig's applicableTaxes as ZIMRA's test OpenAPI names them (SW Tax: validFrom, validTill). */
export type StandInTax = { taxID: number; taxPercent?: number; taxName: string; validFrom: string; validTill?: string };

/** A receipt FDMS holds: as sent, with what FDMS answered. */
export type StoredReceipt = {
  receiptID: number;
  fiscalDayNo: number;
  receipt: WireReceipt;
  serverDate: string;
  receiptServerSignature: { certificateThumbprint: string; hash: string; signature: string };
  validationErrors: RuleError[];
};

export const cents = (n: number) => Math.round(n * 100);
const pct = (p: number | null | undefined) => (p === undefined || p === null ? "" : p.toFixed(2));
const isExempt = (p: number | null | undefined) => p === undefined || p === null;

export function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64");
}

/** The receipt signature string, written from the API document §13.2.1. */
export function receiptString(deviceID: number, r: WireReceipt, previousHash: string | null): string {
  const taxes = [...r.receiptTaxes]
    .sort((a, b) => a.taxID - b.taxID || (a.taxCode ?? "").localeCompare(b.taxCode ?? ""))
    .map((t) => (t.taxCode ?? "") + pct(t.taxPercent) + String(cents(t.taxAmount)) + String(cents(t.salesAmountWithTax)))
    .join("");
  return [
    String(deviceID),
    r.receiptType.toUpperCase(),
    r.receiptCurrency.toUpperCase(),
    String(r.receiptGlobalNo),
    r.receiptDate,
    String(cents(r.receiptTotal)),
    taxes,
    previousHash ?? "",
  ].join("");
}

/** The device's signature over the receipt string: the hash and the signature with the device's public key. */
export function deviceSignatureValid(text: string, sig: WireReceipt["receiptDeviceSignature"], key: KeyObject | null): boolean {
  if (!key || sig.hash !== sha256(text)) return false;
  try {
    return verify("sha256", Buffer.from(text, "utf8"), key, Buffer.from(sig.signature, "base64"));
  } catch {
    return false;
  }
}

/** Rounds a rational number of cents (num / den) half away from zero. */
function roundCents(num: bigint, den: bigint): bigint {
  const neg = num < 0n !== den < 0n;
  const a = num < 0n ? -num : num;
  const b = den < 0n ? -den : den;
  const q = (2n * a + b) / (2n * b);
  return neg ? -q : q;
}

/** Local FDMS time plus hours, as local time text. */
function addHours(local: string, hours: number): string {
  return new Date(new Date(`${local}Z`).getTime() + hours * 3_600_000).toISOString().slice(0, 19);
}

/** A year before a local date: the 12-month limit of a credited invoice (RCPT033). */
function yearBefore(local: string): string {
  const d = new Date(`${local}Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.toISOString().slice(0, 19);
}

export type RuleContext = {
  deviceID: number;
  /** The open day (FiscalDayOpened or FiscalDayCloseFailed). */
  day: { fiscalDayNo: number; fiscalDayOpened: string; receiptCounter: number; lastDate: string | null; lastHash: string | null };
  lastReceiptGlobalNo: number;
  /** Every receipt FDMS holds for the taxpayer. */
  receipts: readonly StoredReceipt[];
  taxes: readonly StandInTax[];
  currencies: readonly string[];
  /** The taxpayer's VAT number (getConfig); null: not a VAT payer. */
  vatNumber: string | null;
  taxPayerDayMaxHrs: number;
  /** FDMS's clock, local time. */
  now: string;
  /** AllowedTimeDifferenceForReceiptSubmission, minutes. */
  allowedMinutesAhead: number;
  devicePublicKey: KeyObject | null;
};

/** The original receipt a credit or debit note names (by receiptID, or deviceID + receiptGlobalNo + fiscalDayNo). */
export function originalOf(ctx: RuleContext, ref: NonNullable<WireReceipt["creditDebitNote"]>): StoredReceipt | undefined {
  return ctx.receipts.find((x) =>
    ref.receiptID !== undefined && ref.receiptID !== null
      ? x.receiptID === ref.receiptID
      : ref.deviceID === ctx.deviceID && ref.receiptGlobalNo === x.receipt.receiptGlobalNo && ref.fiscalDayNo === x.fiscalDayNo,
  );
}

const namesOriginal = (ref: WireReceipt["creditDebitNote"]) =>
  !!ref &&
  ((ref.receiptID !== undefined && ref.receiptID !== null) ||
    (typeof ref.deviceID === "number" && typeof ref.receiptGlobalNo === "number" && typeof ref.fiscalDayNo === "number"));

const taxKey = (taxID: number, taxPercent: number | null | undefined) => `${taxID}|${pct(taxPercent)}`;

/** The validation errors of a receipt (API §8.2.1), in code order. */
export function receiptErrors(ctx: RuleContext, r: WireReceipt): RuleError[] {
  const out: RuleError[] = [];
  const red = (code: string) => out.push({ code, color: "Red" });
  const { day } = ctx;
  const note = r.receiptType !== "FiscalInvoice";
  const credit = r.receiptType === "CreditNote";
  const firstOfDay = day.receiptCounter === 0;

  // RCPT010: a currency FDMS knows.
  if (!ctx.currencies.includes(r.receiptCurrency)) red("RCPT010");
  // RCPT011 / RCPT012: in sequence; Red for a repeat or going back, Grey for a gap (the previous has not arrived).
  const expectedCounter = day.receiptCounter + 1;
  // A receipt ahead of the next expected one: those between have not arrived (Grey, checked again at the close).
  const gap = r.receiptCounter > expectedCounter;
  if (r.receiptCounter !== expectedCounter) out.push({ code: "RCPT011", color: gap ? "Grey" : "Red" });
  const expectedGlobal = ctx.lastReceiptGlobalNo + 1;
  const globalOk = r.receiptGlobalNo === expectedGlobal || (firstOfDay && r.receiptGlobalNo === 1);
  if (!globalOk) out.push({ code: "RCPT012", color: r.receiptGlobalNo < expectedGlobal ? "Red" : "Grey" });
  // RCPT013: the invoice number is the taxpayer's once.
  if (ctx.receipts.some((x) => x.receipt.invoiceNo === r.invoiceNo)) red("RCPT013");
  // RCPT014: after the day's opening (Yellow).
  if (r.receiptDate <= day.fiscalDayOpened) out.push({ code: "RCPT014", color: "Yellow" });
  // RCPT015 / RCPT029: a note names its original; an invoice names none.
  if (note && !namesOriginal(r.creditDebitNote)) red("RCPT015");
  if (!note && r.creditDebitNote) red("RCPT029");
  // RCPT016–018: lines, taxes, payments.
  if (r.receiptLines.length === 0) red("RCPT016");
  if (r.receiptTaxes.length === 0) red("RCPT017");
  if (r.receiptPayments.length === 0) red("RCPT018");
  const lineSum = r.receiptLines.reduce((s, l) => s + cents(l.receiptLineTotal), 0);
  const total = cents(r.receiptTotal);
  // RCPT019: lines including tax add up to the total.
  if (r.receiptLinesTaxInclusive && lineSum !== total) red("RCPT019");
  // RCPT020: the device signature over the §13.2.1 string, chained to the day's previous receipt.
  const text = receiptString(ctx.deviceID, r, firstOfDay ? null : day.lastHash);
  if (!deviceSignatureValid(text, r.receiptDeviceSignature, ctx.devicePublicKey)) red("RCPT020");
  // RCPT021: a VAT tax while the taxpayer is not a VAT payer.
  const taxes = [...r.receiptLines.map((l) => l.taxPercent), ...r.receiptTaxes.map((t) => t.taxPercent)];
  if (!ctx.vatNumber && taxes.some((p) => typeof p === "number" && p > 0)) red("RCPT021");
  // RCPT022–024: each line's sign, quantity and total.
  const signWrong = r.receiptLines.some((l) => {
    const v = l.receiptLinePrice ?? l.receiptLineTotal;
    if (credit) return l.receiptLineType === "Sale" ? v >= 0 : false;
    return l.receiptLineType === "Discount" ? v >= 0 : v <= 0;
  });
  if (signWrong) red("RCPT022");
  if (r.receiptLines.some((l) => !(l.receiptLineQuantity > 0))) red("RCPT023");
  const lineTotalWrong = r.receiptLines.some(
    (l) =>
      l.receiptLinePrice !== undefined &&
      l.receiptLinePrice !== null &&
      Math.round(cents(l.receiptLinePrice) * l.receiptLineQuantity) !== cents(l.receiptLineTotal),
  );
  if (lineTotalWrong) red("RCPT024");
  // RCPT025: each tax is one of getConfig's, with its percent, valid at the receipt's date.
  const taxValid = (taxID: number, taxPercent: number | null | undefined) => {
    const tax = ctx.taxes.find((t) => t.taxID === taxID);
    if (!tax) return false;
    if (isExempt(tax.taxPercent) ? !isExempt(taxPercent) : tax.taxPercent !== taxPercent) return false;
    return r.receiptDate >= tax.validFrom.slice(0, 19) && (!tax.validTill || r.receiptDate <= tax.validTill.slice(0, 19));
  };
  if ([...r.receiptLines, ...r.receiptTaxes].some((x) => !taxValid(x.taxID, x.taxPercent))) red("RCPT025");
  // RCPT026 / RCPT027: each tax group's tax and sales with tax, on the sum of its lines, rounded once.
  const groups = new Map<string, { percent: number | null | undefined; sum: number }>();
  for (const l of r.receiptLines) {
    const key = taxKey(l.taxID, l.taxPercent);
    const g = groups.get(key) ?? { percent: l.taxPercent, sum: 0 };
    g.sum += cents(l.receiptLineTotal);
    groups.set(key, g);
  }
  let taxWrong = false;
  let salesWrong = false;
  for (const [key, g] of groups) {
    const t = r.receiptTaxes.find((x) => taxKey(x.taxID, x.taxPercent) === key);
    if (!t) {
      salesWrong = true;
      continue;
    }
    const p = BigInt(Math.round((g.percent ?? 0) * 100));
    const sum = BigInt(g.sum);
    const tax = isExempt(g.percent) ? 0n : r.receiptLinesTaxInclusive ? roundCents(sum * p, 10_000n + p) : roundCents(sum * p, 10_000n);
    const sales = r.receiptLinesTaxInclusive ? sum : sum + tax;
    if (BigInt(cents(t.taxAmount)) !== tax) taxWrong = true;
    if (BigInt(cents(t.salesAmountWithTax)) !== sales) salesWrong = true;
  }
  if (r.receiptTaxes.some((t) => !groups.has(taxKey(t.taxID, t.taxPercent)))) salesWrong = true;
  if (taxWrong) red("RCPT026");
  if (salesWrong) red("RCPT027");
  // RCPT028: payments' sign.
  if (r.receiptPayments.some((p) => (credit ? p.paymentAmount > 0 : p.paymentAmount < 0))) red("RCPT028");
  // RCPT030: after the previous receipt, Grey when receipts between are missing (RCPT031 future, RCPT041 after the day's end: Yellow).
  if (day.lastDate && r.receiptDate <= day.lastDate) out.push({ code: "RCPT030", color: gap ? "Grey" : "Red" });
  if (r.receiptDate > addHours(ctx.now, ctx.allowedMinutesAhead / 60)) out.push({ code: "RCPT031", color: "Yellow" });
  // RCPT032–036, RCPT042: a note's original exists, is at most 12 months old, has a note, is not over-credited,
  // uses only the original's taxes and currency.
  if (note && namesOriginal(r.creditDebitNote)) {
    const original = originalOf(ctx, r.creditDebitNote as NonNullable<WireReceipt["creditDebitNote"]>);
    if (!original) red("RCPT032");
    else {
      if (original.receipt.receiptDate < yearBefore(r.receiptDate)) red("RCPT033");
      const notes = ctx.receipts.filter(
        (x) =>
          x.receipt.receiptType !== "FiscalInvoice" && x.receipt.creditDebitNote && originalOf(ctx, x.receipt.creditDebitNote) === original,
      );
      const left = [...notes.map((x) => x.receipt), r].reduce((s, x) => s + cents(x.receiptTotal), cents(original.receipt.receiptTotal));
      if (credit && left < 0) red("RCPT035");
      const allowed = new Set(original.receipt.receiptTaxes.map((t) => taxKey(t.taxID, t.taxPercent)));
      if (r.receiptTaxes.some((t) => !allowed.has(taxKey(t.taxID, t.taxPercent)))) red("RCPT036");
      if (original.receipt.receiptCurrency !== r.receiptCurrency) red("RCPT042");
    }
  }
  if (note && !r.receiptNotes?.trim()) red("RCPT034");
  // RCPT037–040: the total against the lines and taxes, the tax table, the payments; its sign.
  const taxSum = r.receiptTaxes.reduce((s, t) => s + cents(t.taxAmount), 0);
  if (!r.receiptLinesTaxInclusive && lineSum + taxSum !== total) red("RCPT037");
  if (r.receiptTaxes.reduce((s, t) => s + cents(t.salesAmountWithTax), 0) !== total) red("RCPT038");
  if (r.receiptPayments.reduce((s, p) => s + cents(p.paymentAmount), 0) !== total) red("RCPT039");
  if (credit ? total > 0 : total < 0) red("RCPT040");
  if (r.receiptDate > addHours(day.fiscalDayOpened, ctx.taxPayerDayMaxHrs)) out.push({ code: "RCPT041", color: "Yellow" });
  // RCPT043: a buyer's name and TIN when buyer data is sent.
  if (r.buyerData && (!r.buyerData.buyerRegisterName || !r.buyerData.buyerTIN)) red("RCPT043");
  // RCPT047 / RCPT048: a VAT payer's lines carry an HS code of 4 or 8 digits, exactly 8 at 0 % or exempt.
  const hs = r.receiptLines.map((l) => ({
    code: l.receiptLineHSCode ?? "",
    zeroOrExempt: !(typeof l.taxPercent === "number" && l.taxPercent > 0),
  }));
  if (ctx.vatNumber && hs.some((l) => l.code === "")) red("RCPT047");
  const lengthWrong = hs.some(
    (l) => l.code !== "" && !(ctx.vatNumber && l.zeroOrExempt ? /^\d{8}$/.test(l.code) : /^(\d{4}|\d{8})$/.test(l.code)),
  );
  if (lengthWrong) red("RCPT048");
  return out.sort((a, b) => a.code.localeCompare(b.code));
}
