import { z } from "zod";
import { VAT_CATEGORIES } from "../tax.ts";
import { pageFields } from "./list.ts";

/**
 * Tax invoices and credit notes: what a document holds once issued (`content`, frozen), what the
 * API lists, and what FDMS gave back when it fiscalised one.
 */

export const TAX_DOCUMENT_KIND_LABELS = { invoice: "Tax invoice", credit_note: "Credit note" } as const;
export type TaxDocumentKind = keyof typeof TAX_DOCUMENT_KIND_LABELS;

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

/** Amounts are decimal text with two places; a credit note's are positive (it credits them). */
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
  /** A credit note's invoice. */
  credits: z.object({ number: z.string(), issued_at: z.string() }).nullable(),
  reason: z.string(),
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
  kind: z.enum(["invoice", "credit_note"]),
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
  /** The credit note's invoice number, on credit notes. */
  credits: z.string().nullable(),
});
export type TaxDocumentView = z.infer<typeof taxDocumentSchema>;

/** "INV-2026-000123", "CN-2026-000007". */
export function documentNumber(kind: TaxDocumentKind, year: number, sequence: number): string {
  return `${kind === "invoice" ? "INV" : "CN"}-${year}-${String(sequence).padStart(6, "0")}`;
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD.")
  .or(z.literal("").transform(() => undefined))
  .optional();

/** The back office's list of documents: by kind, a period of issue days (Harare) and a search. */
export const taxDocumentListQuerySchema = z.object({
  kind: z
    .enum(["invoice", "credit_note"])
    .or(z.literal("").transform(() => undefined))
    .optional(),
  q: z.string().trim().max(100).optional().describe("Number, buyer, TIN or VAT number"),
  from: day,
  to: day,
  // This list's page has no maximum of its own (only a safe integer's), unlike the other lists' MAX_PAGE.
  ...pageFields({ pageSize: 20, max: 100, pageMax: Number.MAX_SAFE_INTEGER }),
});
export type TaxDocumentListQuery = z.infer<typeof taxDocumentListQuerySchema>;
