import { centsToDecimal, decimalUnits, percentLabel, vatCents, vatShares } from "./money.ts";

/**
 * VAT on documents: each product's VAT category decides the rate its lines carry, and one function
 * works out every line's VAT, the summary per rate and the totals, so a checkout, an order, a quotation and a tax
 * invoice add up the same way to the cent.
 */

/** An order or approval on a day before any VAT rate (the table is seeded at start, so only a wrong clock). */
export const NO_VAT_RATE = "No VAT rate is in force: an admin enters it under Rates before orders can be placed.";

/** How VAT applies to a product: the dated standard rate, 0 % (zero-rated) or none at all (exempt). */
export const VAT_CATEGORIES = ["standard", "zero_rated", "exempt"] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

export const VAT_CATEGORY_LABELS: Record<VatCategory, string> = {
  standard: "Standard rate",
  zero_rated: "Zero-rated (0 %)",
  exempt: "Exempt",
};

/** The rate a line of this category carries on a document whose standard rate is `standard`: null when exempt. */
export function lineVatRate(category: VatCategory, standard: string): string | null {
  if (category === "exempt") return null;
  return category === "zero_rated" ? "0.00" : standard;
}

/** "15.50" → "15.5 %", null (exempt) → "Exempt". */
export function vatRateLabel(rate: string | null): string {
  return rate === null ? "Exempt" : percentLabel(rate);
}

export type TaxLineInput = { unit: string; quantity: number; vatRate: string | null };
export type TaxLine = { net: bigint; vat: bigint; gross: bigint; vatRate: string | null };
export type TaxSummaryRow = { vatRate: string | null; net: bigint; vat: bigint };
export type TaxTotals = { lines: TaxLine[]; summary: TaxSummaryRow[]; net: bigint; vat: bigint; gross: bigint };

/**
 * How a document's VAT is rounded (decision 031): "group", once per rate on the sum of that rate's lines (FDMS's
 * RCPT026), the rule of every new document; "line", per line and summed, the rule of orders and quotations issued
 * before it, which keep the VAT they were issued with.
 */
export const VAT_ROUNDINGS = ["group", "line"] as const;
export type VatRounding = (typeof VAT_ROUNDINGS)[number];

/**
 * The lines' amounts excluding VAT (unit × quantity), their VAT and totals, with a summary per rate in the order the
 * rates first appear (exempt last). With "group" rounding each rate's VAT is rounded once (half away from zero) on
 * its lines' net sum and each line carries its share of it (`vatShares`), so the lines' VAT adds up to the summary's
 * and the summary's to the total; with "line" each line's VAT is rounded alone. Unit prices are decimal text with at
 * most two places; a malformed one throws (it never comes from a person).
 */
export function taxTotals(input: TaxLineInput[], rounding: VatRounding = "group"): TaxTotals {
  const nets = input.map((l) => {
    // A discount line carries a negative unit price: its VAT is negative too.
    const negative = l.unit.trim().startsWith("-");
    const units = decimalUnits(negative ? l.unit.trim().slice(1) : l.unit, 2);
    if (units === null) throw new Error(`not an amount: ${l.unit}`);
    return (negative ? -units : units) * BigInt(l.quantity);
  });
  const vats = input.map((l, i) => (l.vatRate === null || rounding === "group" ? 0n : vatCents(nets[i] as bigint, l.vatRate)));
  if (rounding === "group") {
    const groups = new Map<string, number[]>();
    input.forEach((l, i) => {
      if (l.vatRate !== null) groups.set(l.vatRate, [...(groups.get(l.vatRate) ?? []), i]);
    });
    for (const [rate, members] of groups) {
      const { shares } = vatShares(
        members.map((i) => nets[i] as bigint),
        rate,
      );
      members.forEach((i, k) => {
        vats[i] = shares[k] as bigint;
      });
    }
  }
  const lines = input.map((l, i) => {
    const net = nets[i] as bigint;
    const vat = vats[i] as bigint;
    return { net, vat, gross: net + vat, vatRate: l.vatRate };
  });
  const byRate = new Map<string, TaxSummaryRow>();
  for (const l of lines) {
    const key = l.vatRate ?? "exempt";
    const row = byRate.get(key) ?? { vatRate: l.vatRate, net: 0n, vat: 0n };
    row.net += l.net;
    row.vat += l.vat;
    byRate.set(key, row);
  }
  const summary = [...byRate.values()].sort((a, b) => Number(a.vatRate === null) - Number(b.vatRate === null));
  const net = lines.reduce((s, l) => s + l.net, 0n);
  const vat = lines.reduce((s, l) => s + l.vat, 0n);
  return { lines, summary, net, vat, gross: net + vat };
}

/** The API's three figures of a document in one currency, as decimal text. */
export function totalsAsText(t: Pick<TaxTotals, "net" | "vat" | "gross">): { subtotal: string; vat: string; total: string } {
  return { subtotal: centsToDecimal(t.net), vat: centsToDecimal(t.vat), total: centsToDecimal(t.gross) };
}

/** A product's HS tariff code: exactly eight digits (printed as 8541.43.00). */
/**
 * Whether a seller is VAT-registered: its VAT number is set. Such a seller's tax invoices are valid only fiscalised,
 * and FDMS wants an HS code on every line of its receipts (decision 016).
 */
export function sellerIsVatRegistered(vatNumber: string | null | undefined): boolean {
  return (vatNumber ?? "").trim() !== "";
}

export const HS_CODE_PATTERN = /^\d{8}$/;

/** "85414300" → "8541.43.00", as tariff books print it. */
export function formatHsCode(code: string | null): string {
  if (!code || !HS_CODE_PATTERN.test(code)) return "—";
  return `${code.slice(0, 4)}.${code.slice(4, 6)}.${code.slice(6)}`;
}
