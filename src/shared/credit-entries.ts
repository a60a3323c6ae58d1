import { formatDay } from "./dates.ts";
import { formatAmount } from "./money.ts";
import { ACCOUNT_PAYMENT_METHOD_LABELS, type AccountPaymentMethod, type LedgerEntry } from "./schemas/credit.ts";

/**
 * A statement's entries in words (decision 034), the same on the dealer's page, in the PDF and in the CSV: what each
 * entry is, and a document's own currency when it is not USD.
 */

export const LEDGER_ENTRY_KIND_LABELS: Record<LedgerEntry["kind"], string> = {
  invoice: "Tax invoice",
  credit_note: "Credit note",
  debit_note: "Debit note",
  payment: "Payment",
};

/** What an entry is, in words: "Tax invoice INV-2026-000012 (ORD-2026-000040), due 30 December 2026". */
export function entryDescription(e: LedgerEntry): string {
  if (e.kind === "payment") {
    const [method, ...reference] = e.reference.split(": ");
    return `Payment (${ACCOUNT_PAYMENT_METHOD_LABELS[method as AccountPaymentMethod] ?? method}), reference ${reference.join(": ")}`;
  }
  const order = e.order_reference ? ` (${e.order_reference})` : "";
  return `${LEDGER_ENTRY_KIND_LABELS[e.kind]} ${e.reference}${order}${e.due_on ? `, due ${formatDay(e.due_on)}` : ""}`;
}

/** A document or payment not in USD: its own amount and the rate it counts at. */
export function entryCurrencyNote(e: LedgerEntry): string {
  return e.currency === "USD" || !e.exchange_rate ? "" : `${formatAmount(e.currency, e.amount)} at ${e.exchange_rate} per USD`;
}
