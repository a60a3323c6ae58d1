import { z } from "zod";
import { addDays, isIsoDate } from "../date-range.ts";
import { decimalUnits, formatAmount } from "../money.ts";

/**
 * Dealers who buy on account (decision 034): a company's payment terms and credit limit, the payments it makes and
 * their allocation to its tax invoices, its statement and the back office's ageing. Every amount of the account is
 * USD; a ZWG document counts at its own frozen rate.
 */

/** Cash before dispatch (the default: every order waits for its payment), or net 7, 14 or 30 days. */
export const CREDIT_TERMS = ["cash", "net7", "net14", "net30"] as const;
export type CreditTerms = (typeof CREDIT_TERMS)[number];

export const CREDIT_TERMS_LABELS: Record<CreditTerms, string> = {
  cash: "Cash before dispatch",
  net7: "Net 7 days",
  net14: "Net 14 days",
  net30: "Net 30 days",
};

/** The days an invoice on account has, from the day its order is placed; null for cash. */
export const CREDIT_TERMS_DAYS: Record<CreditTerms, number | null> = { cash: null, net7: 7, net14: 14, net30: 30 };

/** The day an order placed on `day` (Harare) falls due under `terms`; null for cash. */
export function dueDateOf(terms: CreditTerms, day: string): string | null {
  const days = CREDIT_TERMS_DAYS[terms];
  return days === null ? null : addDays(day, days);
}

/** How an order is paid: before dispatch, or on the company's account. */
export const ORDER_PAYMENT_TERMS = ["cash", "account"] as const;
export type OrderPaymentTerms = (typeof ORDER_PAYMENT_TERMS)[number];

/** How a payment reached the distributor. */
export const ACCOUNT_PAYMENT_METHODS = ["bank_transfer", "zipit", "ecocash", "cash", "paynow"] as const;
export type AccountPaymentMethod = (typeof ACCOUNT_PAYMENT_METHODS)[number];
export const ACCOUNT_PAYMENT_METHOD_LABELS: Record<AccountPaymentMethod, string> = {
  bank_transfer: "Bank transfer",
  zipit: "ZIPIT",
  ecocash: "EcoCash",
  cash: "Cash",
  paynow: "Paynow",
};

/** The most a limit may be: $10 million, as the column keeps it. */
export const CREDIT_LIMIT_MAX_CENTS = 1_000_000_000n;
/** The days overdue after which a company's orders on account stop (the site setting's default). */
export const DEFAULT_CREDIT_HOLD_DAYS = 30;
/** Days before an invoice falls due that its reminder goes. */
export const DUE_SOON_DAYS = 3;

const amountField = (label: string, max: bigint) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .refine((v) => decimalUnits(v, 2) !== null, `Enter the ${label} as an amount such as 1500 or 1500.00.`)
    .refine((v) => (decimalUnits(v, 2) ?? 0n) <= max, `The ${label} is too large.`);

const dayField = (message: string) => z.string().trim().refine(isIsoDate, message);

/** An admin's setting of a company's terms: the terms, and the limit in USD (0 with cash). */
export const setCreditTermsSchema = z
  .object({
    terms: z.enum(CREDIT_TERMS, { error: "Choose the payment terms." }),
    limit: amountField("credit limit", CREDIT_LIMIT_MAX_CENTS),
  })
  .superRefine((v, ctx) => {
    if (v.terms !== "cash" && decimalUnits(v.limit, 2) === 0n) {
      ctx.addIssue({ code: "custom", path: ["limit"], message: "Give a company on account a credit limit above 0." });
    }
  });
export type SetCreditTermsInput = z.infer<typeof setCreditTermsSchema>;

/** A hand allocation: this much of the payment to this invoice. */
export const allocationInputSchema = z.object({
  invoice_id: z.coerce.number().int().positive().max(2_147_483_647),
  amount: amountField("amount to allocate", CREDIT_LIMIT_MAX_CENTS),
});

/** A payment an admin records: received on a day, in USD or the secondary currency, allocated oldest first or by hand. */
export const recordPaymentSchema = z.object({
  receivedOn: dayField("Enter the day the money arrived as YYYY-MM-DD."),
  amount: amountField("amount", CREDIT_LIMIT_MAX_CENTS).refine((v) => decimalUnits(v, 2) !== 0n, "The amount must be more than 0."),
  currency: z.string().trim().min(3, "Choose the currency.").max(3, "Choose the currency."),
  method: z.enum(ACCOUNT_PAYMENT_METHODS, { error: "Choose how it was paid." }),
  reference: z
    .string()
    .trim()
    .min(1, "Enter the payment's reference, as the bank, ZIPIT or EcoCash shows it.")
    .max(120, "The reference must be at most 120 characters.")
    // One line, as the bank prints it: it is shown on statements and in the audit log.
    .refine((v) => !/\p{Cc}/u.test(v), "Enter the reference on one line, without tabs or control characters."),
  /** Empty: the oldest open invoices first. */
  allocations: z.array(allocationInputSchema).max(200).default([]),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;

/** An unallocated credit given to invoices by hand. */
export const allocatePaymentSchema = z.object({ allocations: z.array(allocationInputSchema).min(1, "Choose an invoice.").max(200) });
export type AllocatePaymentInput = z.infer<typeof allocatePaymentSchema>;

/** A statement's period: both days inclusive (Harare); empty from: the first of this month, empty to: today. */
export const statementQuerySchema = z
  .object({
    from: dayField("Enter the first day as YYYY-MM-DD.").optional(),
    to: dayField("Enter the last day as YYYY-MM-DD.").optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ["to"], message: "The last day cannot be before the first." });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** The ageing report's day (Harare): empty for today. */
export const ageingQuerySchema = z.object({ on: dayField("Enter the day as YYYY-MM-DD.").optional() });

/** The account's figures as the dealer and the back office see them. */
export const creditSummarySchema = z.object({
  terms: z.enum(CREDIT_TERMS),
  limit: z.string().describe("USD"),
  balance: z.string().describe("USD owed: open invoices, plus orders on account not invoiced yet, less unallocated credit"),
  available: z.string().describe("USD that orders on account may still use (never below 0)"),
  overdue: z.string().describe("USD of invoices past their due day"),
  currency: z.literal("USD"),
  hold: z
    .object({ invoice: z.string(), due_on: z.string(), days_overdue: z.number(), hold_days: z.number() })
    .nullable()
    .describe("Set while orders on account are stopped: the oldest overdue invoice, more than hold_days overdue"),
  unallocated: z.string().describe("USD of payments not allocated to an invoice"),
});
export type CreditSummary = z.infer<typeof creditSummarySchema>;

export const LEDGER_ENTRY_KINDS = ["invoice", "credit_note", "debit_note", "payment"] as const;
export const ledgerEntrySchema = z.object({
  kind: z.enum(LEDGER_ENTRY_KINDS),
  id: z.number(),
  date: z.string().describe("The Harare day"),
  reference: z.string().describe("The document's number, or the payment's method and reference"),
  order_reference: z.string().nullable(),
  due_on: z.string().nullable(),
  /** The document's own currency and total, and its frozen rate, when it is not USD. */
  currency: z.string(),
  amount: z.string().describe("In the document's or payment's own currency"),
  exchange_rate: z.string().nullable(),
  debit: z.string().describe("USD added to the balance"),
  credit: z.string().describe("USD taken off the balance"),
  balance: z.string().describe("USD after this entry"),
  open: z.string().nullable().describe("An invoice's USD still unpaid, or a payment's still unallocated"),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const statementSchema = z.object({
  company: z.object({ user_id: z.number(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  currency: z.literal("USD"),
  opening_balance: z.string(),
  closing_balance: z.string(),
  entries: z.array(ledgerEntrySchema),
  summary: creditSummarySchema,
  /** Open invoices on the statement's last day, oldest first. */
  open_invoices: z.array(
    z.object({ id: z.number(), number: z.string(), issued_on: z.string(), due_on: z.string(), open: z.string(), days_overdue: z.number() }),
  ),
  /** Payments with something not allocated yet, oldest first: a credit on the account that may be given to invoices by hand. */
  unallocated_payments: z.array(z.object({ id: z.number(), received_on: z.string(), reference: z.string(), open: z.string() })),
});
export type Statement = z.infer<typeof statementSchema>;

export const AGEING_BUCKETS = ["current", "d1_30", "d31_60", "d61_90", "over_90"] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  current: "Current",
  d1_30: "1–30 days",
  d31_60: "31–60 days",
  d61_90: "61–90 days",
  over_90: "Over 90 days",
};

/** The bucket of an invoice `daysOverdue` days past its due day (0 or less: not due yet). */
export function ageingBucketOf(daysOverdue: number): AgeingBucket {
  if (daysOverdue <= 0) return "current";
  if (daysOverdue <= 30) return "d1_30";
  if (daysOverdue <= 60) return "d31_60";
  if (daysOverdue <= 90) return "d61_90";
  return "over_90";
}

const bucketAmounts = z.object(Object.fromEntries(AGEING_BUCKETS.map((b) => [b, z.string()])) as Record<AgeingBucket, z.ZodString>);
export const ageingSchema = z.object({
  on: z.string(),
  currency: z.literal("USD"),
  rows: z.array(
    bucketAmounts.extend({
      user_id: z.number(),
      company: z.string(),
      terms: z.enum(CREDIT_TERMS),
      limit: z.string(),
      total: z.string(),
      unallocated: z.string(),
      on_hold: z.boolean(),
    }),
  ),
  totals: bucketAmounts.extend({ total: z.string() }),
});
export type Ageing = z.infer<typeof ageingSchema>;

/** The checkout's words when an order does not fit the credit left. */
export function overLimitMessage(over: string): string {
  return `This order is ${formatAmount("USD", over)} over your available credit: pay for it before dispatch, or pay your balance first.`;
}

/** Why orders on account stop: "Orders on account are paused: invoice INV-… is 35 days overdue." */
export function holdReason(hold: NonNullable<CreditSummary["hold"]>): string {
  return `Orders on account are paused: invoice ${hold.invoice} is ${hold.days_overdue} days overdue.`;
}

/** What lifts the hold; with the overdue amount when the reader has it (the dealer pages' banner). */
export function holdRemedy(overdue?: string): string {
  return `Pay the overdue balance${overdue ? ` of ${formatAmount("USD", overdue)}` : ""} to order on account again; you can still pay for orders before dispatch.`;
}

/** The words a dealer on hold reads (its banner, the checkout, the API's refusal). */
export function holdMessage(hold: NonNullable<CreditSummary["hold"]>, overdue?: string): string {
  return `${holdReason(hold)} ${holdRemedy(overdue)}`;
}
