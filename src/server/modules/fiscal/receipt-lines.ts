import type { PaynowMethod } from "#shared/schemas/payments.ts";
import type { DocumentLine } from "#shared/schemas/tax-documents.ts";

/**
 * What a receipt says beyond the tax document's amounts: each line's type and HS code, the money type of the payment,
 * and the receipt's date. Pure; the rules are in docs/decisions/016-fdms-virtual-device.md, "Rules relied on".
 */

/** What an order line is (order_lines.kind): a product, or a charge of the checkout or of a quotation. */
export type ReceiptLineKind = "product" | "delivery" | "installation" | "discount";

/** The HS codes sent on lines that are not goods (FDMS_DELIVERY_HS_CODE, FDMS_SERVICE_HS_CODE). */
export type ChargeHsCodes = { delivery: string; service: string };

/**
 * A line's kind: the order line's when known, else read from the line itself (a document whose order lines are gone):
 * a product's line names it, a negative unit price is a discount, anything else a charge for a service.
 */
export function lineKindOf(line: Pick<DocumentLine, "product_id" | "unit_price">, known?: ReceiptLineKind): ReceiptLineKind {
  if (known) return known;
  if (line.product_id !== null) return "product";
  return line.unit_price.trim().startsWith("-") ? "discount" : "installation";
}

/**
 * The HS code a line carries (RCPT047: every line of a VAT payer's receipt): its own when it has one, the configured
 * delivery or service code for a charge (a discount is not goods either), null for a product without one.
 */
export function lineHsCode(line: Pick<DocumentLine, "hs_code">, kind: ReceiptLineKind, codes: ChargeHsCodes): string | null {
  const own = line.hs_code?.replace(/\D/g, "");
  if (own) return own;
  if (kind === "delivery") return codes.delivery;
  if (kind === "installation" || kind === "discount") return codes.service;
  return null;
}

/** FDMS's money types (API §5.4.5). */
export type FdmsMoneyType = "Cash" | "Card" | "MobileWallet" | "Coupon" | "Credit" | "BankTransfer" | "Other";

/**
 * The money type of how the order was paid: a Paynow payment by its method (the web page takes cards; EcoCash and
 * OneMoney are mobile wallets), else a bank or ZIPIT transfer an admin confirmed (with or without a proof of payment).
 */
export function moneyTypeOfPayment(paynowMethod: PaynowMethod | null): FdmsMoneyType {
  if (paynowMethod === "web") return "Card";
  if (paynowMethod === "ecocash" || paynowMethod === "onemoney") return "MobileWallet";
  return "BankTransfer";
}

/** One second after an FDMS local time ("YYYY-MM-DDTHH:mm:ss", no zone: read and written as UTC to add the second). */
function nextSecond(local: string): string {
  return new Date(new Date(`${local.slice(0, 19)}Z`).getTime() + 1000).toISOString().slice(0, 19);
}

/**
 * A receipt's date: when the document was issued, unless that is not strictly after the fiscal day's opening (RCPT014)
 * and the previous receipt (RCPT030); then the second after the later of those. Empty strings are ignored.
 */
export function receiptDateAfter(issued: string, ...earlier: string[]): string {
  const floor = earlier
    .filter((d) => d !== "")
    .sort()
    .at(-1);
  return floor === undefined || issued > floor ? issued : nextSecond(floor);
}
