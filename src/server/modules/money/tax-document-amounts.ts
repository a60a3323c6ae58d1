import { centsToDecimal } from "#shared/money.ts";
import type { DocumentLine, TaxDocumentContent } from "#shared/schemas/tax-documents.ts";
import { type TaxLineInput, type TaxTotals, taxTotals, totalsAsText, type VatRounding } from "#shared/tax.ts";

export type DocumentAmounts = Pick<TaxDocumentContent, "vat_summary" | "totals"> & {
  /** Each line's amount excluding VAT, its VAT and its total, in the order of the input. */
  lines: Pick<DocumentLine, "net" | "vat" | "total">[];
  tax: TaxTotals;
};

/**
 * The amounts a tax document freezes and prints (lines, the VAT summary per rate, the totals), from one `taxTotals`
 * so they add up to the cent; FDMS is sent the same summary (decision 031: with "group" rounding each rate's VAT is
 * what FDMS computes on the rate's lines).
 */
export function documentAmounts(input: TaxLineInput[], rounding: VatRounding): DocumentAmounts {
  const tax = taxTotals(input, rounding);
  return {
    lines: tax.lines.map((t) => ({ net: centsToDecimal(t.net), vat: centsToDecimal(t.vat), total: centsToDecimal(t.gross) })),
    vat_summary: tax.summary.map((r) => ({ vat_rate: r.vatRate, net: centsToDecimal(r.net), vat: centsToDecimal(r.vat) })),
    totals: totalsAsText(tax),
    tax,
  };
}
