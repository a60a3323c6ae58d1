import { data } from "react-router";
import { can } from "#shared/can.ts";
import { formatAmount } from "#shared/money.ts";
import { totpCodeSchema } from "#shared/schemas/auth.ts";
import {
  allocatePaymentSchema,
  CREDIT_TERMS_LABELS,
  recordPaymentSchema,
  setCreditTermsSchema,
  statementQuerySchema,
} from "#shared/schemas/credit.ts";
import { detailId } from "#web/lib/detail-id.ts";
import { formAction } from "#web/lib/form-action.ts";
import { formText } from "#web/lib/form-data.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { WebContext } from "#web/load-context.ts";
import type { CreditPageData } from "./credit-account.tsx";
import { type AllocationMode, type CreditIntent, type CreditResult, typedAllocations } from "./credit-form.ts";

/** The refusals of an allocation's lines said under their invoice (`allocations.<i>.amount`), not heading the form. */
const allocationPaths = (sent: readonly unknown[]) => sent.map((_, i) => `allocations.${i}.amount`) as "allocations"[];

/**
 * The admin dealer page's credit forms (decision 034): the terms (`dealers.terms`, with a fresh code: decision 035), a payment received, and an unallocated credit given to invoices by hand. The service holds every rule; this
 * reads the posted fields, checks them with the shared schemas and says the result.
 */
export async function creditAction(intent: CreditIntent, form: FormData, context: WebContext, userId: number) {
  const { services, actor, logError: log } = context;
  if (intent === "credit-terms") {
    const values = { terms: formText(form, "terms"), limit: formText(form, "limit") };
    // A sensitive change (decision 035): the fresh code from the form confirms this session first, as
    // POST /api/auth/step-up does; without a code the service asks for one unless the session gave it lately.
    const code = formText(form, "stepUpCode").trim();
    if (code) {
      const refused = await stepUpRefusal(context, code);
      if (refused) {
        return data<CreditResult>({ form: "credit-terms", values, fieldErrors: { stepUpCode: refused } }, { status: 403 });
      }
    }
    return formAction(
      setCreditTermsSchema,
      async (input) => {
        const summary = await services.credit.setTerms(actor, userId, input);
        return data<CreditResult>({
          form: "credit-terms",
          success: `Terms saved: ${CREDIT_TERMS_LABELS[summary.terms]}, credit limit ${formatAmount("USD", summary.limit)}.`,
        });
      },
      { log, input: values, values, tag: { form: "credit-terms" as const }, failureFields: ["terms", "limit"] },
    );
  }
  const { allocations: sent, typed } = typedAllocations(form);
  if (intent === "allocate") {
    const paymentId = detailId(formText(form, "paymentId")) ?? 0;
    return formAction(
      allocatePaymentSchema,
      async (input) => {
        const summary = await services.credit.allocatePayment(actor, userId, paymentId, input);
        return data<CreditResult>({
          form: "allocate",
          paymentId,
          sent: [],
          typed: {},
          success: `Credit allocated. Unallocated credit now ${formatAmount("USD", summary.unallocated)}.`,
        });
      },
      {
        log,
        input: { allocations: sent },
        tag: { form: "allocate" as const, paymentId, sent, typed },
        failureFields: ["allocations", ...allocationPaths(sent)],
        unexpected: "The allocation could not be saved. Try again.",
      },
    );
  }
  const mode: AllocationMode = formText(form, "allocation") === "hand" ? "hand" : "oldest";
  const values = {
    receivedOn: formText(form, "receivedOn"),
    amount: formText(form, "amount"),
    currency: formText(form, "currency"),
    method: formText(form, "method"),
    reference: formText(form, "reference"),
  };
  const tag = { form: "payment" as const, mode, sent, typed };
  // By hand with no amount at all would be read as "oldest first" by the service: asked again instead.
  if (mode === "hand" && sent.length === 0) {
    return data<CreditResult>(
      { ...tag, values, fieldErrors: { allocations: "Enter an amount for at least one invoice, or choose Oldest invoices first." } },
      { status: 400 },
    );
  }
  return formAction(
    recordPaymentSchema,
    async (input) => {
      const paid = await services.credit.recordPayment(actor, userId, input);
      return data<CreditResult>({
        form: "payment",
        mode: "oldest",
        paymentId: paid.id,
        sent: [],
        typed: {},
        success: `Payment of ${formatAmount(input.currency, input.amount)}${input.currency === "USD" ? "" : ` (${formatAmount("USD", paid.amount_usd)})`} recorded. Balance now ${formatAmount("USD", paid.summary.balance)}.`,
      });
    },
    {
      log,
      input: { ...values, allocations: mode === "hand" ? sent : [] },
      values,
      tag,
      failureFields: ["receivedOn", "amount", "currency", "method", "reference", "allocations", ...allocationPaths(sent)],
      unexpected: "The payment could not be recorded. Try again.",
    },
  );
}

/** The step-up (decision 010) for a form posted to the page: null when the code is accepted, else its refusal. */
async function stepUpRefusal(context: WebContext, code: string): Promise<string | null> {
  const parsed = totpCodeSchema.safeParse({ code });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "Enter a code.";
  try {
    await context.services.accounts.secondFactor.stepUp(context.actor, parsed.data.code);
    return null;
  } catch (err) {
    const known = knownFailure(err);
    if (!known) throw err;
    return known.message;
  }
}

/**
 * The credit section's data (decision 034): today's account (its figures, open invoices and unallocated payments, what
 * the forms work on) and the ledger of the period the address asks (`from`, `to`; this month when absent or not
 * understood).
 */
export async function creditPageData(context: WebContext, userId: number, url: URL): Promise<CreditPageData> {
  const { credit } = context.services;
  const asked = statementQuerySchema.safeParse({
    from: url.searchParams.get("from") || undefined,
    to: url.searchParams.get("to") || undefined,
  });
  const period = asked.success ? asked.data : {};
  const [current, chosen] = await Promise.all([
    credit.statement(context.actor, userId, {}),
    period.from || period.to ? credit.statement(context.actor, userId, period) : null,
  ]);
  return {
    current,
    ledger: chosen ?? current,
    periodUnderstood: asked.success,
    canSetTerms: can.do(context.user, "dealers.terms"),
    canRecordPayments: can.do(context.user, "orders.payments"),
    today: current.to,
  };
}
