import { ACCOUNT_PAYMENT_METHOD_LABELS, type AccountPaymentMethod } from "#shared/schemas/credit.ts";
import type { FormResult } from "#web/lib/form-action.ts";
import { formText } from "#web/lib/form-data.ts";

/** The field of a by-hand allocation's amount to one invoice. */
export const allocationField = (invoiceId: number | string) => `allocate-${invoiceId}`;

/** The field naming each open invoice a by-hand allocation form listed, in its order. */
export const ALLOCATION_INVOICE_FIELD = "invoice";

/**
 * The by-hand allocation a form typed (decision 034): the invoices it listed that were given an amount, in the list's
 * order, as `allocatePaymentSchema` reads them; `typed` keeps each amount by invoice to show again after a refusal.
 * An invoice left empty is no line; the service checks the invoices and amounts themselves.
 */
export function typedAllocations(form: FormData): { allocations: { invoice_id: string; amount: string }[]; typed: Record<string, string> } {
  const allocations: { invoice_id: string; amount: string }[] = [];
  const typed: Record<string, string> = {};
  for (const listed of form.getAll(ALLOCATION_INVOICE_FIELD)) {
    if (typeof listed !== "string" || !/^\d{1,10}$/.test(listed) || listed in typed) continue;
    const amount = formText(form, allocationField(listed)).trim();
    if (!amount) continue;
    typed[listed] = amount;
    allocations.push({ invoice_id: listed, amount });
  }
  return { allocations, typed };
}

/**
 * The refusal of one invoice's line: the schema and the service say it at `allocations.<i>.amount` (or its
 * `invoice_id`), `i` the line's place among those sent.
 */
export function allocationError(
  fieldErrors: Partial<Record<string, string>> | undefined,
  sent: readonly { invoice_id: string }[],
  invoiceId: number,
): string | undefined {
  const i = sent.findIndex((line) => line.invoice_id === String(invoiceId));
  if (i < 0 || !fieldErrors) return undefined;
  return fieldErrors[`allocations.${i}.amount`] ?? fieldErrors[`allocations.${i}.invoice_id`];
}

/** A payment's ledger reference ("bank_transfer: FBC 123") with its method as people say it ("Bank transfer: FBC 123"). */
export function paymentReferenceLabel(reference: string): string {
  const at = reference.indexOf(": ");
  const method = at < 0 ? "" : reference.slice(0, at);
  return method in ACCOUNT_PAYMENT_METHOD_LABELS
    ? `${ACCOUNT_PAYMENT_METHOD_LABELS[method as AccountPaymentMethod]}${reference.slice(at)}`
    : reference;
}

type PaymentField = "receivedOn" | "amount" | "currency" | "method" | "reference" | "allocations";
/** How the payment form gives the payment: to the oldest invoices first, or by hand. */
export type AllocationMode = "oldest" | "hand";
/** The lines a by-hand allocation sent (their order places a refusal) and what was typed per invoice. */
type Typed = { sent: { invoice_id: string; amount: string }[]; typed: Record<string, string> };

/** Which credit form answered (decision 034), so only that one shows the result. */
export type CreditResult =
  | ({ form: "credit-terms" } & FormResult<"terms" | "limit" | "stepUpCode">)
  | ({ form: "payment"; mode: AllocationMode; paymentId?: number } & Typed & FormResult<PaymentField>)
  | ({ form: "allocate"; paymentId: number } & Typed & FormResult<"allocations">);

export const CREDIT_INTENTS = ["credit-terms", "payment", "allocate"] as const;
export type CreditIntent = (typeof CREDIT_INTENTS)[number];
export const isCreditIntent = (intent: string): intent is CreditIntent => (CREDIT_INTENTS as readonly string[]).includes(intent);
