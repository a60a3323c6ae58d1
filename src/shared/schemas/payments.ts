import { z } from "zod";
import { ORDER_CURRENCIES, ORDER_STATUSES } from "./orders.ts";

/** How a dealer pays with Paynow: on Paynow's page (cards, wallet), or a prompt on an EcoCash or OneMoney phone. */
export const PAYNOW_METHODS = ["web", "ecocash", "onemoney"] as const;
export type PaynowMethod = (typeof PAYNOW_METHODS)[number];

export const PAYNOW_METHOD_LABELS: Record<PaynowMethod, string> = {
  web: "Card (Visa, Mastercard, ZimSwitch) or other methods on Paynow",
  ecocash: "EcoCash",
  onemoney: "OneMoney",
};

/** How an invoice says it was paid: through Paynow by its method, else the bank or ZIPIT transfer an admin confirmed. */
export function paidByText(paynowMethod: PaynowMethod | null, transferReference: string | null): string {
  if (paynowMethod === "web") return "Card through Paynow";
  if (paynowMethod) return `${PAYNOW_METHOD_LABELS[paynowMethod]} through Paynow`;
  return transferReference ? `Bank transfer or ZIPIT, reference ${transferReference}` : "Bank transfer or ZIPIT";
}

/** A Paynow transaction's statuses, as Paynow names them (lower case, underscores). The database keeps the same values. */
export const PAYMENT_STATUSES = [
  "created",
  "sent",
  "paid",
  "awaiting_delivery",
  "delivered",
  "cancelled",
  "failed",
  "disputed",
  "refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Paynow has the money (the order is paid). */
export const PAYMENT_PAID: readonly PaymentStatus[] = ["paid", "awaiting_delivery", "delivered"];
/** Started and not yet decided: the dealer is paying or approving on their phone. */
export const PAYMENT_PENDING: readonly PaymentStatus[] = ["created", "sent"];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  created: "Started",
  sent: "Waiting for your payment",
  paid: "Paid",
  awaiting_delivery: "Paid",
  delivered: "Paid",
  cancelled: "Cancelled",
  failed: "Failed",
  disputed: "Disputed",
  refunded: "Refunded",
};

/** Zimbabwe mobile numbers as Paynow takes them (0771234567), from what people type: +263 77 123 4567, 263771234567 … */
export function normalizeMobileNumber(value: string): string | null {
  const digits = value.replace(/[\s().-]/g, "");
  const local = /^\+?263(7\d{8})$/.exec(digits)?.[1] ?? /^0(7\d{8})$/.exec(digits)?.[1] ?? /^(7\d{8})$/.exec(digits)?.[1];
  return local ? `0${local}` : null;
}

export const MOBILE_NUMBER_REQUIRED = "Enter the mobile number that will approve the payment.";
export const MOBILE_NUMBER_INVALID = "Enter a Zimbabwe mobile number, like 0771234567.";

/** POST /api/orders/:id/paynow: how to pay; a phone number for EcoCash and OneMoney. The amount is always the order's. */
export const startPaynowSchema = z
  .object({
    method: z.enum(PAYNOW_METHODS, { error: "Choose how to pay." }),
    phone: z.string().trim().max(30, MOBILE_NUMBER_INVALID).default(""),
  })
  .superRefine((v, ctx) => {
    if (v.method === "web") return;
    if (v.phone === "") ctx.addIssue({ code: "custom", path: ["phone"], message: MOBILE_NUMBER_REQUIRED });
    else if (normalizeMobileNumber(v.phone) === null) ctx.addIssue({ code: "custom", path: ["phone"], message: MOBILE_NUMBER_INVALID });
  })
  .transform((v) => ({ method: v.method, phone: v.method === "web" ? "" : (normalizeMobileNumber(v.phone) ?? "") }));
export type StartPaynowInput = z.infer<typeof startPaynowSchema>;

/** A Paynow payment of an order, as its dealer sees it. */
export const paymentViewSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  method: z.enum(PAYNOW_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.string(),
  currency: z.string(),
  /** Ours, sent to Paynow; and Paynow's own once it tells us. */
  reference: z.string(),
  paynowReference: z.string().nullable(),
  /** Web payments: Paynow's page, while the payment is open. */
  browserUrl: z.string().nullable(),
  /** Mobile payments: what to do on the phone. */
  instructions: z.string(),
  created_At: z.string(),
  updated_At: z.string(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

/** GET /api/orders/:id/paynow: whether Paynow can take this order's payment now, and its latest Paynow payment. */
export const paynowStateSchema = z.object({
  available: z.boolean(),
  /** Why not, when not available. */
  reason: z.string().nullable(),
  order_status: z.enum(ORDER_STATUSES),
  currency: z.enum(ORDER_CURRENCIES),
  payment: paymentViewSchema.nullable(),
});
export type PaynowState = z.infer<typeof paynowStateSchema>;

export const PAYNOW_UNAVAILABLE = "Paynow payments are not available. Please pay by bank transfer or ZIPIT.";
export const PAYNOW_NOT_AWAITING = "This order is not awaiting payment.";
export const PAYNOW_UNREACHABLE = "Paynow could not be reached. Please try again in a few minutes, or pay by bank transfer or ZIPIT.";
export function paynowCurrencyOnly(currency: string): string {
  return `Paynow takes payments in ${currency} only. Please pay this order by bank transfer or ZIPIT.`;
}
