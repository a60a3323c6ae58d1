import { z } from "zod";
import { LINE_QUANTITY_MAX } from "../constants.ts";
import { VAT_CATEGORIES } from "../tax.ts";
import { ORDER_PAYMENT_TERMS, type OrderPaymentTerms } from "./credit.ts";
import { paymentProofViewSchema, paymentReferenceSchema } from "./payment-proofs.ts";
import { priceBreakSchema } from "./pricing.ts";
import { FISCAL_STATUS_VALUES, TAX_DOCUMENT_KIND_VALUES } from "./tax-documents.ts";

/** An order's statuses, in the order they usually come. The database keeps the same values. */
export const ORDER_STATUSES = [
  "awaiting_payment",
  "paid",
  "processing",
  "dispatched",
  "ready_for_collection",
  "completed",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The checkout's preview of an order at the dealer's prices (GET /api/orders/preview, the cart and the checkout page). */
export const orderPreviewSchema = z.object({
  lines: z.array(
    z.object({
      product_id: z.number(),
      product_name: z.string(),
      quantity: z.number(),
      unit_price_usd: z.string(),
      unit_price_secondary: z.string().nullable(),
      line_total_usd: z.string().describe("Excluding VAT"),
      line_total_secondary: z.string().nullable().describe("Excluding VAT"),
      vat_rate: z.string().nullable().describe("The line's VAT rate in percent; null when exempt"),
      price_breaks: z
        .array(priceBreakSchema)
        .describe("The dealer's unit price from each quantity, starting at 1 (issue 24 §2): what a bigger quantity would cost"),
    }),
  ),
  missing: z.array(z.number()).describe("Products of the request no longer in the catalogue"),
  delivery: z
    .object({ city: z.string(), fee_usd: z.string(), fee_secondary: z.string().nullable() })
    .nullable()
    .describe("The delivery fee to the city asked for, excluding VAT (in the totals); null without one"),
  vat_rate: z.string().nullable().describe("The standard VAT rate in force today, in percent"),
  subtotal_usd: z.string().describe("Excluding VAT"),
  vat_usd: z.string(),
  total_usd: z.string().describe("Including VAT"),
  subtotal_secondary: z.string().nullable(),
  vat_secondary: z.string().nullable(),
  total_secondary: z.string().nullable().describe("Including VAT; null when a line has no price in the secondary currency"),
  secondary_currency: z.string(),
  exchange_rate: z.string().nullable().describe("The rate the secondary prices are made at"),
  rate_date: z.string().nullable(),
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: "Placed – awaiting payment",
  paid: "Paid",
  processing: "Processing",
  dispatched: "Dispatched",
  ready_for_collection: "Ready for collection",
  completed: "Completed",
  cancelled: "Cancelled",
};

/**
 * Where each status may go next: placed → paid → processing → dispatched (delivery) or ready for collection
 * (collection) → completed; cancelled only before processing starts.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ["paid", "cancelled"],
  paid: ["processing", "cancelled"],
  processing: ["dispatched", "ready_for_collection"],
  dispatched: ["completed"],
  ready_for_collection: ["completed"],
  completed: [],
  cancelled: [],
};

export const ORDER_FULFILMENTS = ["delivery", "collection"] as const;
export type OrderFulfilment = (typeof ORDER_FULFILMENTS)[number];

/** USD or the secondary currency; which secondary label is accepted is a site setting (ZWL or ZWG). */
export const ORDER_CURRENCIES = ["USD", "ZWL", "ZWG"] as const;
export type OrderCurrency = (typeof ORDER_CURRENCIES)[number];

/** Whether a status may follow another; a fulfilment rules out the other's last step. */
export function canMoveOrder(
  from: OrderStatus,
  to: OrderStatus,
  fulfilment: OrderFulfilment,
  paymentTerms: OrderPaymentTerms = "cash",
): boolean {
  // An order on account is released for processing when placed (decision 034): it may be cancelled until it leaves.
  if (from === "processing" && to === "cancelled") return paymentTerms === "account";
  if (!ORDER_TRANSITIONS[from].includes(to)) return false;
  if (to === "dispatched") return fulfilment === "delivery";
  if (to === "ready_for_collection") return fulfilment === "collection";
  return true;
}

/** The reference a dealer quotes with the bank transfer: ORD-<year placed>-<id, 6 digits>. */
export function orderReference(id: number, createdAt: Date | string): string {
  const year = new Date(createdAt).getUTCFullYear();
  return `ORD-${year}-${String(id).padStart(6, "0")}`;
}

export const ORDER_LINES_MAX = 100;
export const ORDER_NOTES_MAX = 2000;

export const orderLineSchema = z.object({
  product_id: z.coerce.number({ error: "Choose a product." }).int().positive("Choose a product.").max(2_147_483_647),
  quantity: z.coerce
    .number({ error: "Quantity is required." })
    .int("Quantity must be a whole number.")
    .min(1, "Quantity must be at least 1.")
    .max(LINE_QUANTITY_MAX, `Quantity must be at most ${LINE_QUANTITY_MAX}.`),
});

/** The lines of a `lines` query value (`12x2,15x1`: product id x quantity, lib's linesParam); anything malformed is left out, and at most ORDER_LINES_MAX are read. */
export function parseLinesParam(value: string): { product_id: number; quantity: number }[] {
  const out: { product_id: number; quantity: number }[] = [];
  for (const part of value.split(",").slice(0, ORDER_LINES_MAX)) {
    const [id, quantity] = part.split("x");
    const parsed = orderLineSchema.safeParse({ product_id: id, quantity });
    if (parsed.success && /^\d+$/.test(id ?? "") && /^\d+$/.test(quantity ?? "")) out.push(parsed.data);
  }
  return out;
}

/** GET /api/orders/preview?lines=12x2,15x1 */
export const orderPreviewQuerySchema = z.object({
  lines: z
    .string()
    .max(2_000)
    .regex(/^[\dx,]*$/, "Lines are product id x quantity, comma-separated.")
    .default("")
    .describe("The cart's lines: product id x quantity, comma-separated (12x2,15x1); at most 100 are read"),
  city: z.string().trim().max(80).default("").describe("The city to deliver to: its fee is added (issue 23 §5)"),
});

/**
 * POST /api/orders: the cart's lines and how the order reaches the dealer. Prices never come from the client: the
 * server reads them from the catalogue. `idempotencyKey` is made once per checkout page view, so a retried submit
 * finds the order it already made.
 */
export const placeOrderSchema = z
  .object({
    idempotencyKey: z.uuid("The checkout form is out of date: reload the page."),
    currency: z.enum(ORDER_CURRENCIES, { error: "Choose a currency." }).default("USD"),
    fulfilment: z.enum(ORDER_FULFILMENTS, { error: "Choose delivery or collection." }),
    contactName: z.string({ error: "Name is required." }).trim().min(1, "Name is required.").max(120),
    contactPhone: z
      .string()
      .trim()
      .max(40)
      .refine((v) => v === "" || /^[+()\d\s-]{6,}$/.test(v), "Enter a valid phone number.")
      .default(""),
    deliveryAddress: z.string().trim().max(300, "Address must be at most 300 characters.").default(""),
    /** The city delivered to (its fee from the admins' table), and the branch collected from or sent from. */
    deliveryCity: z.string().trim().max(80).default(""),
    branchId: z.coerce.number().int().positive("Choose a branch.").max(2_147_483_647).optional(),
    notes: z.string().trim().max(ORDER_NOTES_MAX, `Notes must be at most ${ORDER_NOTES_MAX} characters.`).default(""),
    /** Pay before dispatch, or on the company's account when it buys on account and the order fits its credit (decision 034). */
    paymentTerms: z.enum(ORDER_PAYMENT_TERMS, { error: "Choose how you pay." }).default("cash"),
    products: z
      .array(orderLineSchema)
      .min(1, "Your cart is empty.")
      .max(ORDER_LINES_MAX, `An order holds at most ${ORDER_LINES_MAX} products.`),
  })
  .superRefine((v, ctx) => {
    if (v.fulfilment !== "delivery") return;
    if (v.deliveryAddress === "") ctx.addIssue({ code: "custom", path: ["deliveryAddress"], message: "Delivery address is required." });
    if (v.contactPhone === "") ctx.addIssue({ code: "custom", path: ["contactPhone"], message: "Phone is required for delivery." });
  });
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

export const setOrderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: "Choose a status." }),
  note: z.string().trim().max(500).default(""),
});
export type SetOrderStatusInput = z.infer<typeof setOrderStatusSchema>;

export const confirmPaymentSchema = z.object({
  /** The bank's or ZIPIT transaction reference, as the admin read it on the statement. */
  paymentReference: paymentReferenceSchema(false).default(""),
  /**
   * The day the transfer reached the account (Harare), as on the statement; empty: today. Not after today nor before
   * the order was placed (the service checks). The invoice's VAT tax point is the earlier of it and the invoice
   * (decision 032).
   */
  paidOn: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date the money arrived as YYYY-MM-DD, or leave it empty for today.")
    .or(z.literal("").transform(() => undefined))
    .optional(),
});
export type ConfirmPaymentInput = z.infer<typeof confirmPaymentSchema>;

export const orderLineViewSchema = z.object({
  product_id: z.number().nullable(),
  product_name: z.string(),
  quantity: z.number(),
  unit_price: z.string().describe("Excluding VAT, in the order's currency"),
  unit_price_usd: z.string(),
  unit_price_secondary: z.string().nullable(),
  line_total: z.string().describe("Unit price × quantity, excluding VAT"),
  line_vat: z.string(),
  hs_code: z.string().nullable(),
  vat_category: z.enum(VAT_CATEGORIES),
  vat_rate: z.string().nullable().describe("In percent; null when exempt or on orders from before VAT"),
  serialised: z.boolean().describe("The product takes a serial number per unit when the order is sent (issue 23 §6)"),
  serials: z.array(z.string()).describe("The serial numbers the line went out with (issue 23 §6)"),
  backordered: z.number().describe("Units still waiting for stock"),
  expected: z.string().nullable().describe("The day a shipment is expected to cover the backorder (YYYY-MM-DD)"),
});

/** A tax document of an order, as the order names it. */
export const orderDocumentRefSchema = z.object({
  id: z.number(),
  number: z.string(),
  issued_at: z.string(),
  fiscal_status: z.enum(FISCAL_STATUS_VALUES),
});

export const orderEventViewSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  note: z.string(),
  changed_by: z.string().nullable(),
  created_At: z.string(),
});

/** Who placed an order or asked for a quotation: the company's owner or one of its team. */
export const placedBySchema = z.object({ id: z.number(), full_name: z.string() }).nullable();

/** An order with its amounts, as the service builds it and as admins and those who see prices get it. */
export const orderViewSchema = z.object({
  id: z.number(),
  reference: z.string(),
  user_id: z.number(),
  /** The dealer's person (their account's full name) and their registered company, when it has one. */
  dealer_name: z.string(),
  dealer_company: z.string().nullable(),
  placed_by: placedBySchema.describe("Who placed it: the company's owner or a team member (issue 25 §4)"),
  status: z.enum(ORDER_STATUSES),
  currency: z.enum(ORDER_CURRENCIES),
  vat_rate: z.string().nullable().describe("The standard VAT rate in force when the order was placed (percent); null before VAT"),
  subtotal: z.string().describe("Excluding VAT, in the order's currency"),
  vat: z.string(),
  total: z.string().describe("Including VAT, in the order's currency"),
  subtotal_usd: z.string(),
  vat_usd: z.string(),
  total_usd: z.string(),
  secondary_currency: z.string().nullable(),
  subtotal_secondary: z.string().nullable(),
  vat_secondary: z.string().nullable(),
  total_secondary: z.string().nullable(),
  exchange_rate: z.string().nullable().describe("The rate in force when the order was placed (per 1 USD), frozen with it"),
  rate_date: z.string().nullable().describe("The day that rate took effect (YYYY-MM-DD)"),
  fulfilment: z.enum(ORDER_FULFILMENTS),
  contactName: z.string(),
  contactPhone: z.string(),
  deliveryAddress: z.string(),
  delivery_city: z.string().nullable(),
  delivery_fee: z.string().nullable().describe("The delivery fee excluding VAT, in the order's currency (a line of the invoice)"),
  charges: z
    .array(z.object({ kind: z.enum(["installation", "discount"]), label: z.string(), amount: z.string() }))
    .describe(
      "An accepted quotation's installation and discount lines (issue 25 §1), excluding VAT in the order's currency; a discount negative",
    ),
  branch: z
    .object({ id: z.number(), name: z.string(), city: z.string(), address: z.string(), phone: z.string(), opening_hours: z.string() })
    .nullable()
    .describe("The branch that serves the order: collected from, or sent from"),
  dispatch_reference: z.string().nullable().describe("The waybill or collection reference"),
  notes: z.string(),
  paymentReference: z.string().nullable(),
  payment_terms: z
    .enum(ORDER_PAYMENT_TERMS)
    .describe("Paid before dispatch (cash), or on the company's account: released at once, invoiced when dispatched (decision 034)"),
  due_on: z.string().nullable().describe("The day an order on account falls due (YYYY-MM-DD); null for cash"),
  /** Where to pay, while the order awaits payment; null afterwards. */
  bankDetails: z.string().nullable(),
  created_At: z.string(),
  updated_At: z.string(),
  products: z.array(orderLineViewSchema),
  history: z.array(orderEventViewSchema),
  invoice: orderDocumentRefSchema.nullable(),
  credit_note: orderDocumentRefSchema.nullable(),
  /** Every tax document of the order in issue order: invoices (a corrected one too), credit and debit notes. */
  documents: z.array(
    orderDocumentRefSchema.extend({
      kind: z.enum(TAX_DOCUMENT_KIND_VALUES),
      /** An invoice FDMS kept with an error, credited and issued again (decision 016). */
      corrected: z.boolean(),
    }),
  ),
  /** The dealer's proofs of a bank transfer or ZIPIT payment, oldest first. */
  payment_proofs: z.array(paymentProofViewSchema),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** Its amounts: null for a reader who sees no prices (a company's technician). */
const unpriced = <T extends z.ZodTypeAny>(schema: T) => schema.nullable().describe("Null for a reader who sees no prices (a technician)");
export const orderLineAnswerSchema = orderLineViewSchema.extend({
  unit_price: unpriced(z.string()),
  unit_price_usd: unpriced(z.string()),
  line_total: unpriced(z.string()),
  line_vat: unpriced(z.string()),
});
const chargeAnswerSchema = z.object({ kind: z.enum(["installation", "discount"]), label: z.string(), amount: unpriced(z.string()) });
/** An order as the API answers it to a company's reader: the amounts null for a technician. */
export const orderAnswerSchema = orderViewSchema.extend({
  subtotal: unpriced(z.string()),
  vat: unpriced(z.string()),
  total: unpriced(z.string()),
  subtotal_usd: unpriced(z.string()),
  vat_usd: unpriced(z.string()),
  total_usd: unpriced(z.string()),
  products: z.array(orderLineAnswerSchema),
  charges: z.array(chargeAnswerSchema),
});
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

export const ORDER_PLACED = "Your order has been placed.";
export const ORDER_FAILURE = "Failed to place your order. Please try again.";
