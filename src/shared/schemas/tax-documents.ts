import { z } from "zod";
import { VAT_CATEGORIES } from "../tax.ts";
import { pageFields } from "./list.ts";

/**
 * Tax invoices, credit notes and debit notes: what a document holds once issued (`content`, frozen), what the
 * API lists, and what FDMS gave back when it fiscalised one.
 */

export const TAX_DOCUMENT_KIND_LABELS = { invoice: "Tax invoice", credit_note: "Credit note", debit_note: "Debit note" } as const;
export type TaxDocumentKind = keyof typeof TAX_DOCUMENT_KIND_LABELS;
export const TAX_DOCUMENT_KIND_VALUES = ["invoice", "credit_note", "debit_note"] as const satisfies readonly TaxDocumentKind[];
/** The number's prefix of each kind: INV-2026-000123, CN-2026-000007, DN-2026-000002. */
const NUMBER_PREFIX: Record<TaxDocumentKind, string> = { invoice: "INV", credit_note: "CN", debit_note: "DN" };

/** A party's address in FDMS's parts (decision 016): all four, as the company's registered address had them. */
export const documentAddressSchema = z.object({ province: z.string(), city: z.string(), street: z.string(), house_no: z.string() });
export type DocumentAddress = z.infer<typeof documentAddressSchema>;

const party = z.object({
  name: z.string(),
  /** As printed. */
  address: z.string(),
  /** The buyer's address in parts, when its company had them at issue; documents issued before it have none. */
  address_parts: documentAddressSchema.nullish(),
  tin: z.string().nullable(),
  vat_number: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type DocumentParty = z.infer<typeof party>;

/** Amounts are decimal text with two places; a credit note's are positive (it credits them), a debit note's too. */
const amounts = z.object({ subtotal: z.string(), vat: z.string(), total: z.string() });

export const documentLineSchema = z.object({
  product_id: z.number().nullable(),
  name: z.string(),
  hs_code: z.string().nullable(),
  quantity: z.number(),
  vat_category: z.enum(VAT_CATEGORIES),
  /** null: exempt. */
  vat_rate: z.string().nullable(),
  /** Unit price excluding VAT, line amount excluding VAT, its VAT and the line's total, in the document's currency. */
  unit_price: z.string(),
  net: z.string(),
  vat: z.string(),
  total: z.string(),
  /**
   * On a credit or debit note: which line of the invoice it corrects ("0" its first line; "n<id>.<i>" a debit note's
   * added charge line), and how many units of it come back (0 for an amount credited or debited). A note issued
   * before these existed mirrors its invoice line by line (decision 016, "Credit and debit notes").
   */
  of_line: z.string().optional(),
  returned: z.number().optional(),
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

/** The frozen document (tax_documents.content). */
export const taxDocumentContentSchema = z.object({
  seller: party,
  buyer: party,
  order_reference: z.string(),
  currency: z.string(),
  lines: z.array(documentLineSchema),
  /** One row per VAT rate (null: exempt). */
  vat_summary: z.array(z.object({ vat_rate: z.string().nullable(), net: z.string(), vat: z.string() })),
  totals: amounts,
  /** The same totals in the other currency at the frozen rate (USD ↔ the secondary currency); null with no rate. */
  other_currency: z.string().nullable(),
  other_totals: amounts.nullable(),
  exchange_rate: z.string().nullable(),
  rate_date: z.string().nullable(),
  /** A credit or debit note's invoice. */
  credits: z.object({ number: z.string(), issued_at: z.string() }).nullable(),
  reason: z.string(),
  /**
   * The VAT tax point (decision 032): the Harare day of the earlier of the invoice and the payment, and the standard
   * rate in force that day, which the standard-rated lines carry (null: an order from before VAT). Absent on documents
   * issued before the rule.
   */
  tax_point: z.string().optional(),
  /** How the invoice was paid, as printed ("EcoCash through Paynow", "Bank transfer or ZIPIT, reference …"). */
  paid_by: z.string().optional(),
  standard_vat_rate: z.string().nullable().optional(),
  /**
   * Only when the tax point's rate is not the order's: what the order asked and was paid (its frozen total), and the
   * invoice's total less that (positive: due from the buyer; negative: to be refunded to them), in its currency.
   */
  paid: z.string().optional(),
  balance: z.string().optional(),
  /** Why a note is not fiscalised though FDMS is on (its invoice never reached FDMS), printed on it. */
  fiscal_note: z.string().optional(),
});
export type TaxDocumentContent = z.infer<typeof taxDocumentContentSchema>;

/** What FDMS answered for a fiscalised document (tax_documents.fiscal). */
export const fiscalDataSchema = z.object({
  device_id: z.number(),
  device_serial: z.string(),
  fiscal_day_no: z.number(),
  receipt_counter: z.number(),
  receipt_global_no: z.number(),
  /** Printed as XXXX-XXXX-XXXX-XXXX. */
  verification_code: z.string(),
  /** The URL the QR code carries (ZIMRA's receipt check). */
  qr_url: z.string(),
  receipt_id: z.number().nullable(),
  fiscalised_at: z.string(),
  /** The receipt's receiptDate (FDMS local time); absent on documents fiscalised before it was kept. */
  receipt_date: z.string().optional(),
  /**
   * FDMS's signature on its answer (API §13.2.2; decision 016, row 49) and whether it was checked against FDMS's
   * certificate (FDMS_SERVER_CERT_FILE): "verified", "not_verified" (no certificate configured, or a receipt recorded
   * from FDMS's status without its answer) or "failed" (with why). Absent on documents fiscalised before it was kept.
   */
  server_signature: z
    .object({
      hash: z.string(),
      signature: z.string(),
      certificate_thumbprint: z.string(),
      server_date: z.string(),
      check: z.enum(["verified", "not_verified", "failed"]),
      problem: z.string().optional(),
    })
    .nullable()
    .optional(),
  /**
   * The HS code each line carried on the receipt, in the document's order: a charge's or a discount's is the configured
   * one (decision 016, "HS codes of lines that are not goods"), so the PDF prints what FDMS was sent. Absent on
   * documents fiscalised before it was kept.
   */
  line_hs_codes: z.array(z.string().nullable()).optional(),
});
export type FiscalData = z.infer<typeof fiscalDataSchema>;

/** A tax document's fiscalisation, as the API says it (the database's FISCAL_STATUSES). */
export const FISCAL_STATUS_VALUES = ["not_required", "pending", "fiscalised", "needs_correction"] as const;

export const FISCAL_STATUS_LABELS = {
  not_required: "Not fiscalised (FDMS off)",
  pending: "Fiscalisation pending",
  fiscalised: "Fiscalised",
  needs_correction: "Needs correction",
} as const;
export type FiscalStatus = keyof typeof FISCAL_STATUS_LABELS;

/** A document as the API lists it. */
export const taxDocumentSchema = z.object({
  id: z.number(),
  kind: z.enum(TAX_DOCUMENT_KIND_VALUES),
  number: z.string(),
  order_id: z.number(),
  order_reference: z.string(),
  issued_at: z.string(),
  buyer_name: z.string(),
  buyer_tin: z.string().nullable(),
  buyer_vat_number: z.string().nullable(),
  currency: z.string(),
  exchange_rate: z.string().nullable(),
  vat_rate: z.string().nullable(),
  subtotal: z.string(),
  vat: z.string(),
  total: z.string(),
  fiscal_status: z.enum(FISCAL_STATUS_VALUES),
  fiscal: fiscalDataSchema.nullable(),
  /** The note's invoice number, on credit and debit notes. */
  credits: z.string().nullable(),
  /** An invoice credited and issued again (decision 016): the new invoice's number. */
  replaced_by: z.string().nullable(),
});
export type TaxDocumentView = z.infer<typeof taxDocumentSchema>;

/** "INV-2026-000123", "CN-2026-000007", "DN-2026-000002". */
export function documentNumber(kind: TaxDocumentKind, year: number, sequence: number): string {
  return `${NUMBER_PREFIX[kind]}-${year}-${String(sequence).padStart(6, "0")}`;
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD.")
  .or(z.literal("").transform(() => undefined))
  .optional();

/** The back office's list of documents: by kind, a period of issue days (Harare) and a search. */
export const taxDocumentListQuerySchema = z.object({
  kind: z
    .enum(TAX_DOCUMENT_KIND_VALUES)
    .or(z.literal("").transform(() => undefined))
    .optional(),
  q: z.string().trim().max(100).optional().describe("Number, buyer, TIN or VAT number"),
  from: day,
  to: day,
  // This list's page has no maximum of its own (only a safe integer's), unlike the other lists' MAX_PAGE.
  ...pageFields({ pageSize: 20, max: 100, pageMax: Number.MAX_SAFE_INTEGER }),
});
export type TaxDocumentListQuery = z.infer<typeof taxDocumentListQuerySchema>;

/** An amount excluding VAT typed in a note's form: positive, at most two decimals. */
const noteAmount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, "Enter an amount such as 25.00 (excluding VAT, at most two decimals).");

const noteReason = z
  .string()
  .trim()
  .min(3, "Give the reason: it is printed on the note and FDMS requires one.")
  .max(500, "Keep the reason under 500 characters.");

/**
 * A partial credit note of an invoice (admin): for each line picked, the units that come back (`quantity`) or an
 * amount excluding VAT taken off its price (`amount`), never more than what remains uncredited; and the reason.
 */
export const creditNoteInputSchema = z.object({
  reason: noteReason,
  lines: z
    .array(
      z
        .object({ line: z.string().min(1).max(40), quantity: z.number().int().positive().optional(), amount: noteAmount.optional() })
        .refine((l) => (l.quantity === undefined) !== (l.amount === undefined), "Give either the units returned or an amount, not both."),
    )
    .min(1, "Pick at least one line to credit.")
    .max(200),
});
export type CreditNoteInput = z.infer<typeof creditNoteInputSchema>;

/**
 * A debit note of an invoice (admin): a price correction upward, as an amount excluding VAT added to lines and/or
 * charge lines added at one of the invoice's VAT rates ("exempt" for none); and the reason.
 */
export const debitNoteInputSchema = z
  .object({
    reason: noteReason,
    lines: z
      .array(z.object({ line: z.string().min(1).max(40), amount: noteAmount }))
      .max(200)
      .default([]),
    charges: z
      .array(z.object({ name: z.string().trim().min(1, "Name the charge.").max(200), amount: noteAmount, vat_rate: z.string().max(10) }))
      .max(20)
      .default([]),
  })
  .refine((d) => d.lines.length + d.charges.length > 0, "Add an amount to a line or a charge line.");
export type DebitNoteInput = z.infer<typeof debitNoteInputSchema>;

/** What a note's form offers: each line of the invoice (and of its debit notes' charges) with what remains of it. */
export const noteOptionsSchema = z.object({
  invoice: z.object({ id: z.number(), number: z.string(), issued_at: z.string(), currency: z.string(), total: z.string() }),
  /** Invoice − credit notes + debit notes, including VAT. */
  remaining_total: z.string(),
  lines: z.array(
    z.object({
      line: z.string(),
      name: z.string(),
      quantity: z.number(),
      remaining_quantity: z.number(),
      unit_price: z.string(),
      /** Excluding VAT: what remains to be credited. */
      remaining_net: z.string(),
      vat_rate: z.string().nullable(),
      /** A discount line: credited only with the rest of the invoice (when the order is cancelled). */
      discount: z.boolean(),
    }),
  ),
  /** The invoice's VAT rates (a debit note's charge takes one of them, RCPT036); null: exempt. */
  vat_rates: z.array(z.string().nullable()),
  /** Why no note can be issued now (e.g. the invoice is more than 12 months old), or null. */
  refused: z.string().nullable(),
  /** Why a note would not be fiscalised (its invoice never reached FDMS), or null. */
  not_fiscalised: z.string().nullable(),
});
export type NoteOptions = z.infer<typeof noteOptionsSchema>;
