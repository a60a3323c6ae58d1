import { cents, type RuleError, type StoredReceipt, type WireReceipt } from "./rules.ts";

/** A fiscal day as the stand-in keeps it. */
export type StandInDay = {
  fiscalDayNo: number;
  fiscalDayOpened: string;
  status: "FiscalDayOpened" | "FiscalDayCloseInitiated" | "FiscalDayClosed" | "FiscalDayCloseFailed";
  receiptCounter: number;
  lastHash: string | null;
  lastDate: string | null;
  /** key → cents */
  counters: Map<string, DayCounter>;
  closingErrorCode?: string;
  closedAt?: string;
};

export type DayCounter = { type: string; currency: string; taxID?: number; taxPercent?: number; moneyType?: string; cents: number };

/** The counter types in the API's order (§6, §13.3.1). */
const COUNTER_ORDER = [
  "SaleByTax",
  "SaleTaxByTax",
  "CreditNoteByTax",
  "CreditNoteTaxByTax",
  "DebitNoteByTax",
  "DebitNoteTaxByTax",
  "BalanceByMoneyType",
];

export function sortedDayCounters(day: StandInDay): DayCounter[] {
  return [...day.counters.values()]
    .filter((c) => c.cents !== 0)
    .sort(
      (a, b) =>
        COUNTER_ORDER.indexOf(a.type) - COUNTER_ORDER.indexOf(b.type) ||
        (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0) ||
        (a.taxID ?? 0) - (b.taxID ?? 0) ||
        (a.moneyType ?? "").localeCompare(b.moneyType ?? ""),
    );
}

const pct = (p: number | undefined) => (p === undefined ? "" : p.toFixed(2));

/** The fiscal day signature string, written from the API document §13.3.1. */
export function dayString(deviceID: number, day: StandInDay): string {
  const counters = sortedDayCounters(day)
    .map(
      (c) =>
        c.type.toUpperCase() + c.currency.toUpperCase() + (c.moneyType ? c.moneyType.toUpperCase() : pct(c.taxPercent)) + String(c.cents),
    )
    .join("");
  return `${deviceID}${day.fiscalDayNo}${day.fiscalDayOpened.slice(0, 10)}${counters}`;
}

function addCounter(day: StandInDay, c: Omit<DayCounter, "cents">, value: number) {
  const key = JSON.stringify([c.type, c.currency, c.taxID ?? null, c.taxPercent ?? null, c.moneyType ?? null]);
  const cur = day.counters.get(key);
  day.counters.set(key, { ...c, cents: (cur?.cents ?? 0) + cents(value) });
}

/** A stored receipt counted in its day (API §6): sales with tax and tax per tax, balance per money type. */
export function countReceipt(day: StandInDay, r: WireReceipt) {
  const [byTax, taxByTax] =
    r.receiptType === "CreditNote"
      ? ["CreditNoteByTax", "CreditNoteTaxByTax"]
      : r.receiptType === "DebitNote"
        ? ["DebitNoteByTax", "DebitNoteTaxByTax"]
        : ["SaleByTax", "SaleTaxByTax"];
  for (const t of r.receiptTaxes) {
    const percent = t.taxPercent === null || t.taxPercent === undefined ? {} : { taxPercent: t.taxPercent };
    addCounter(day, { type: byTax as string, currency: r.receiptCurrency, taxID: t.taxID, ...percent }, t.salesAmountWithTax);
    if ("taxPercent" in percent)
      addCounter(day, { type: taxByTax as string, currency: r.receiptCurrency, taxID: t.taxID, ...percent }, t.taxAmount);
  }
  for (const p of r.receiptPayments) {
    addCounter(day, { type: "BalanceByMoneyType", currency: r.receiptCurrency, moneyType: p.moneyTypeCode }, p.paymentAmount);
  }
}

/**
 * The errors of a day's receipts that still stop its close (API §8.2.1): Red ones, and Grey ones whose previous
 * receipt has still not arrived (checked again now).
 */
export function stoppingErrors(day: StandInDay, receipts: readonly StoredReceipt[]): { grey: RuleError[]; red: RuleError[] } {
  const ofDay = receipts.filter((x) => x.fiscalDayNo === day.fiscalDayNo);
  const grey: RuleError[] = [];
  const red: RuleError[] = [];
  for (const x of ofDay) {
    for (const e of x.validationErrors) {
      if (e.color === "Red") red.push(e);
      if (e.color !== "Grey") continue;
      const previousArrived =
        e.code === "RCPT011"
          ? ofDay.some((y) => y.receipt.receiptCounter === x.receipt.receiptCounter - 1)
          : e.code === "RCPT012"
            ? receipts.some((y) => y.receipt.receiptGlobalNo === x.receipt.receiptGlobalNo - 1)
            : ofDay.some((y) => y.receipt.receiptCounter === x.receipt.receiptCounter - 1);
      if (!previousArrived) grey.push(e);
    }
  }
  return { grey, red };
}
