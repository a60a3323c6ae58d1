import { z } from "zod";
import { LINE_QUANTITY_MAX } from "../constants.ts";
import { LEAD_SOURCES } from "../installer-network.ts";
import { PROVINCE_SLUGS } from "../provinces.ts";
import { QUOTATION_CURRENCIES } from "../quotation-totals.ts";
import { pageFields } from "./list.ts";
import { placedBySchema } from "./orders.ts";

export const NOTES_MAX = 2000;

export const INSTALLER_PROVINCE_REQUIRED = "Choose your province.";
/** The quote form's checkbox. */
export const INSTALLER_WANTED = "I also want a certified installer";
/**
 * A dealer company's quote request is for the dealer's own customer: offering it to the installer network would hand
 * that customer to competing dealers, so the form does not offer the box to a dealer and the service refuses it.
 */
export const INSTALLER_NOT_FOR_DEALERS =
  "Your quote requests stay with your company: we do not pass your customer to other installers. Untick the box to send it.";

/** One product line of a quote request (spec §3). */
export const quoteProductSchema = z.object({
  product_id: z.coerce.number({ error: "Choose a product." }).int().positive("Choose a product."),
  quantity: z.coerce
    .number({ error: "Quantity is required." })
    .int("Quantity must be a whole number.")
    .min(1, "Quantity must be at least 1.")
    .max(LINE_QUANTITY_MAX, `Quantity must be at most ${LINE_QUANTITY_MAX}.`),
  name: z.string().trim().max(200).optional(),
});

/** POST /api/quotations: the spec's quote request payload (§3). Field messages are the form's too. */
export const quoteRequestSchema = z
  .object({
    userId: z.coerce.number().int().positive().nullish(),
    customer_name: z.string({ error: "Name is required." }).trim().min(1, "Name is required.").max(120),
    customer_address: z.string({ error: "Address is required." }).trim().min(1, "Address is required.").max(300),
    customer_email: z
      .string({ error: "Email is required." })
      .trim()
      .min(1, "Email is required.")
      .pipe(z.email("Enter a valid email address.").max(254)),
    customer_phone: z
      .string({ error: "Phone is required." })
      .trim()
      .min(1, "Phone is required.")
      .max(40)
      .regex(/^[+()\d\s-]{6,}$/, "Enter a valid phone number."),
    notes: z.string().trim().max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters.`).default(""),
    products: z.array(quoteProductSchema).min(1, "Add at least one product.").max(50),
    // Additions to the spec's payload, all optional.
    installer: z
      .boolean()
      .optional()
      .describe('"I also want a certified installer": the request is offered to verified dealers serving the province'),
    installer_province: z
      .enum(PROVINCE_SLUGS, { error: INSTALLER_PROVINCE_REQUIRED })
      .optional()
      .describe("The province the installation is in (a slug of #shared/provinces.ts); required with `installer`"),
    source: z.enum(LEAD_SOURCES).optional().describe("Where the request was made: the quote dialog (default), the cart or the calculator"),
  })
  .refine((r) => !r.installer || r.installer_province !== undefined, {
    message: INSTALLER_PROVINCE_REQUIRED,
    path: ["installer_province"],
  });
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

export const QUOTE_SUCCESS = "Your quote request has been submitted successfully!";
export const QUOTE_FAILURE = "Failed to submit quote. Please try again.";

// ---- The back office ----

/** 'accepted': the requester accepted an approved quotation before it expired; final. */
export const QUOTATION_STATUS_VALUES = ["pending", "approved", "rejected", "expired", "accepted"] as const;
export type QuotationStatusValue = (typeof QUOTATION_STATUS_VALUES)[number];

export const QUOTATION_CHARGE_KINDS = ["delivery", "installation", "discount"] as const;
export type QuotationChargeKind = (typeof QUOTATION_CHARGE_KINDS)[number];
export const CHARGE_KIND_LABELS: Record<QuotationChargeKind, string> = {
  delivery: "Delivery",
  installation: "Installation",
  discount: "Discount",
};

/** A quotation's line: the product, the quantity and the unit price quoted (null until approved). */
export const quotationLineSchema = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  quantity: z.number(),
  quoted_price: z.string().nullable(),
  line_total: z.string().nullable().describe("quoted_price × quantity, excl. VAT; null until priced"),
  vat_rate: z.string().nullable(),
  added_by_admin: z.boolean(),
});
export type QuotationLine = z.infer<typeof quotationLineSchema>;

/** A charge (delivery, installation) or a discount (subtracted): an amount excluding VAT in the quotation's currency. */
export const quotationChargeSchema = z.object({
  id: z.number(),
  kind: z.enum(QUOTATION_CHARGE_KINDS),
  label: z.string(),
  amount: z.string(),
  signed_amount: z
    .string()
    .describe("The amount as the documents print and add it: negative for a discount (one signed figure per line, decision 017)"),
});
export type QuotationCharge = z.infer<typeof quotationChargeSchema>;

/**
 * A quotation as the API answers it (spec §3 field names). `status` is the effective one: an approved quotation
 * past its validity reads 'expired'. `valid_until` is the last moment an approved (or since expired) quotation
 * holds, null otherwise; `decision_reason` why it was rejected. Per line, `price` is the USD price it was requested
 * at (a visitor's or user's at the retail price, a dealer's at their own; null for owners who see no prices:
 * visitors' and users' quotations), `price_zwl` that price in the site's secondary currency now (the spec's name, as in
 * the catalogue; null when there is none, the product is gone, or for those owners), and `quoted_price` the admin's
 * unit price in `currency` (shown to such owners only once approved).
 */
export const quotationViewSchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  placed_by: placedBySchema.describe("Who asked for it: the company's owner or a team member (issue 25 §4); null for a visitor"),
  installer_province: z
    .string()
    .nullable()
    .describe('The province (a slug of #shared/provinces.ts) when the request asked "I also want a certified installer" (issue 26 §2)'),
  status: z.enum(QUOTATION_STATUS_VALUES),
  requester_name: z.string(),
  requester_address: z.string(),
  requester_phone: z.string(),
  requester_email: z.string(),
  notes: z.string(),
  created_At: z.string(),
  currency: z.enum(QUOTATION_CURRENCIES),
  valid_until: z.string().nullable(),
  exchange_rate: z.string().nullable().describe("The rate in force when the quotation was approved (per 1 USD), frozen with it"),
  rate_date: z.string().nullable().describe("The day that rate took effect (YYYY-MM-DD)"),
  vat_rate: z.string().nullable().describe("The standard VAT rate in force when it was approved (percent); null before approval"),
  subtotal: z.string().nullable().describe("The quoted lines excluding VAT, in the quotation's currency; null until every line is quoted"),
  vat: z.string().nullable(),
  total: z.string().nullable().describe("Including VAT"),
  other_currency: z
    .string()
    .nullable()
    .describe(
      "The currency of the other_* totals: USD for a quotation in the secondary currency (its USD equivalent), the secondary currency for a USD one; at exchange_rate of rate_date; null without a rate or totals",
    ),
  other_subtotal: z.string().nullable().describe("subtotal in other_currency, each line converted at exchange_rate"),
  other_vat: z.string().nullable(),
  other_total: z.string().nullable().describe("total in other_currency, including VAT"),
  decision_reason: z.string(),
  decided_At: z.string().nullable(),
  branch_id: z.number().nullable().describe("The branch an approved quotation's lines are reserved at (issue 23 §4)"),
  accepted_At: z.string().nullable().describe("When the requester accepted it (issue 25 §1)"),
  order_id: z.number().nullable().describe("The order a dealer's acceptance placed"),
  lines: z
    .array(quotationLineSchema)
    .describe("The quotation's lines (issue 25 §1): the products with their quoted unit price in `currency` once approved"),
  charges: z.array(quotationChargeSchema).describe("Delivery, installation and discount amounts (excl. VAT) in `currency`"),
  products: z.array(
    z.object({
      id: z.number(),
      product_id: z.number().nullable(),
      product_name: z.string(),
      quantity: z.number(),
      price: z.string().nullable(),
      price_zwl: z.string().nullable(),
      quoted_price: z.string().nullable(),
      vat_rate: z.string().nullable().describe("The line's VAT rate on approval (percent); null when exempt or not approved"),
      retail_price_usd: z
        .string()
        .nullable()
        .describe(
          "The product's retail price (RRP) now, USD excluding VAT: for admins only; null for owners, or when it has none or is gone",
        ),
      list_price_usd: z
        .string()
        .nullable()
        .describe("The product's dealer list price now, USD excluding VAT: for admins only; null for owners, or when it is gone"),
    }),
  ),
});
export type QuotationView = z.infer<typeof quotationViewSchema>;

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

/** GET /api/quotations/: the spec's query (status, pageSize, page) and a search by name, e-mail address or id. */
export const quotationListQuerySchema = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(QUOTATION_STATUS_VALUES).optional()),
  q: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  ...pageFields({ pageSize: 12, max: 100 }),
});
export type QuotationListQuery = z.infer<typeof quotationListQuerySchema>;

/** The overview cards: how many quotations (matching the search) are in each effective status. */
export const quotationSummarySchema = z.object({
  pending: z.number(),
  approved: z.number(),
  rejected: z.number(),
  expired: z.number(),
  accepted: z.number(),
  total: z.number(),
});
export type QuotationSummary = z.infer<typeof quotationSummarySchema>;

export const PRICE_MESSAGE = "Enter a price such as 1250 or 1250.50.";
export const REASON_MAX = 1000;

/** A unit price as typed: digits with up to 2 decimals, 0 or more (numbers are read as their decimal text). */
function priceText(v: unknown): unknown {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return v;
  const text = v.trim();
  // "1,250.50" has thousands separators; "1,5" is not read as anything.
  return /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replace(/,/g, "") : text;
}

export const quotedPriceSchema = z.preprocess(
  priceText,
  z.string({ error: "Enter a price." }).superRefine((value, ctx) => {
    if (value === "") ctx.addIssue({ code: "custom", message: "Enter a price." });
    else if (/^-\s*\d/.test(value)) ctx.addIssue({ code: "custom", message: "Price must be 0 or more." });
    else if (!/^\d{1,13}(\.\d{1,2})?$/.test(value)) ctx.addIssue({ code: "custom", message: PRICE_MESSAGE });
  }),
);

/**
 * Approving (or reapproving a rejected quotation): a unit price for every line of the quotation (`id` is the line's
 * id), the currency (USD or the site's secondary currency) and the last day the prices hold (a Harare calendar date,
 * today or later). The service checks the lines are this quotation's and the currency is offered. Spec §7's body is
 * `{ status }` alone: what is left out takes its default (USD, the list prices the request was made at, the site's
 * validity in days).
 */
export const approveQuotationSchema = z.object({
  status: z.literal("approved"),
  currency: z.enum(QUOTATION_CURRENCIES, { error: "Choose a currency." }).optional(),
  validUntil: z.iso.date({ error: "Choose the date the prices hold until." }).optional(),
  /**
   * The exchange rate the dialog converted the quotation's amounts at when its currency changes (units of the secondary
   * currency per 1 USD): the approval is refused (409) when the rate in force is another, so nothing is converted at a
   * rate the admin did not see.
   */
  exchangeRate: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,4})?$/, "Enter the exchange rate as a number with at most 4 decimals.")
    .optional(),
  /** The branch the lines are reserved at until the quotation expires; the best-stocked one when left out. */
  branchId: z.coerce.number().int().positive("Choose a branch.").max(2_147_483_647).optional(),
  lines: z
    .array(z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), price: quotedPriceSchema }), {
      error: "Enter a price for every product.",
    })
    .min(1, "Enter a price for every product.")
    .max(100)
    .optional(),
});
export type ApproveQuotationInput = z.infer<typeof approveQuotationSchema>;

/** Rejecting: the reason the requester is told. Spec §7's `{ status }` alone rejects with no reason; a reason given must say something. */
export const rejectQuotationSchema = z.object({
  status: z.literal("rejected"),
  reason: z
    .string({ error: "Give a reason for the rejection." })
    .trim()
    .min(1, "Give a reason for the rejection.")
    .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters.`)
    .optional(),
});
export type RejectQuotationInput = z.infer<typeof rejectQuotationSchema>;

/**
 * PUT /api/quotations/{id} {status}: approve, reject or reapprove. 'pending' and 'expired' are accepted here only to
 * be refused by the service with 409 and a message that says why (nobody sets those by hand).
 */
export const quotationDecisionSchema = z.discriminatedUnion(
  "status",
  [approveQuotationSchema, rejectQuotationSchema, z.object({ status: z.enum(["pending", "expired"]) })],
  { error: "Status must be approved or rejected." },
);
export type QuotationDecision = z.infer<typeof quotationDecisionSchema>;

// ---- The admin edits the lines before approving; the requester accepts ----

/** An amount excl. VAT greater than 0, up to 2 decimals (a discount's amount is positive and subtracted). */
export const chargeAmountSchema = quotedPriceSchema.refine((v) => /[1-9]/.test(v), { message: "Enter an amount greater than 0." });

export const quotationChargeInputSchema = z.object({
  kind: z.enum(QUOTATION_CHARGE_KINDS, { error: "Choose delivery, installation or discount." }),
  label: z.string().trim().max(120, "The label must be at most 120 characters.").default(""),
  amount: chargeAmountSchema,
});

/**
 * PUT /api/quotations/{id}/lines (admin, a pending or rejected quotation): the whole list of lines and charges. A line
 * with `id` is one of the quotation's (its quantity may change, its `price` sets the unit price the approval form
 * starts from); a line with `product_id` instead is a product the admin adds; the quotation's lines left out are
 * removed. `charges` replace the quotation's charges; amounts are in the currency it is approved in.
 */
export const editQuotationLinesSchema = z.object({
  lines: z
    .array(
      z
        .object({
          id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
          product_id: z.coerce.number().int().positive("Choose a product.").max(2_147_483_647).optional(),
          quantity: quoteProductSchema.shape.quantity,
          price: z.preprocess((v) => (v === "" || v === null ? undefined : v), quotedPriceSchema.optional()),
        })
        .refine((l) => (l.id === undefined) !== (l.product_id === undefined), {
          message: "Give a line's id, or a product for a new line.",
          path: ["product_id"],
        }),
    )
    .min(1, "A quotation needs at least one product.")
    .max(100),
  charges: z.array(quotationChargeInputSchema).max(10).default([]),
});
export type EditQuotationLinesInput = z.infer<typeof editQuotationLinesSchema>;
export type EditQuotationLinesForm = z.input<typeof editQuotationLinesSchema>;

/** POST /api/quotations/{id}/accept: a signed-in dealer sends nothing; a visitor sends the private link's token. */
export const acceptQuotationSchema = z.object({
  token: z.string().trim().max(200).optional(),
});
export type AcceptQuotationInput = z.infer<typeof acceptQuotationSchema>;

/** The answer: the order a dealer's acceptance placed (null for a visitor's: sales is told). */
export const acceptQuotationAnswerSchema = z.object({ order_id: z.number().nullable(), status: z.literal("accepted") });
