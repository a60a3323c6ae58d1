import { centsToDecimal, convertCents, decimalUnits, formatCents, rateNote, signedCents, toUsdCents } from "./money.ts";
import { type TaxTotals, taxTotals, totalsAsText, type VatRounding } from "./tax.ts";

/**
 * A quotation's figures: the unit price of each line in the quotation's currency, line amounts and the total, in
 * whole cents as BigInt (prices are numeric text; a secondary-currency quotation can run past what a double holds
 * exactly). The dealer page, the admin cards, the e-mail, the CSV and the PDF all read these.
 */

export const QUOTATION_CURRENCIES = ["USD", "ZWL", "ZWG"] as const;
export type QuotationCurrency = (typeof QUOTATION_CURRENCIES)[number];

/** How the PDF's terms name a currency. */
export const CURRENCY_NAMES: Record<QuotationCurrency, string> = {
  USD: "US dollars",
  ZWL: "Zimbabwe dollars (ZWL)",
  ZWG: "Zimbabwe Gold (ZWG)",
};

export type PricedLine = { quantity: number; price: string | null; quoted_price: string | null };

/**
 * The price a line is quoted at: the admin's price in the quotation's currency; for an approval from before admins
 * set prices (currency USD), the USD list price the request was made at. Null: no price (the PDF says "Price on request").
 */
export function unitPriceOf(line: PricedLine, currency: string): string | null {
  if (line.quoted_price !== null) return line.quoted_price;
  return currency === "USD" ? line.price : null;
}

/** "1234.5" → 123450n; null for anything that is not a plain non-negative decimal (money.ts's rule). */
export function toCents(value: string | null): bigint | null {
  return value === null ? null : decimalUnits(value, 2);
}

/** 123450n → "1,234.50": money.ts's printed form. */
export const formatMoney = formatCents;

export function quotationFigures<L extends PricedLine>(products: readonly L[], currency: string) {
  const lines = products.map((p) => {
    const unit = toCents(unitPriceOf(p, currency));
    return { ...p, unitCents: unit, lineCents: unit === null ? null : unit * BigInt(p.quantity) };
  });
  const totalCents = lines.reduce((sum, l) => sum + (l.lineCents ?? 0n), 0n);
  return { lines, totalCents, complete: lines.every((l) => l.lineCents !== null) };
}

/**
 * What the back office knows of a line's list prices: `price`, the USD price the request was made at, and
 * `price_zwl`, the product's price in the site's secondary currency now (null: none, or the product is gone).
 */
export type ListPricedLine = { price: string | null; price_zwl: string | null };

/** The list price an approval in `currency` starts from: the USD snapshot, or the product's secondary price. */
export function listPriceIn(line: ListPricedLine, currency: string): string | null {
  return currency === "USD" ? line.price : line.price_zwl;
}

/**
 * A unit price quoted in `currency` that is the line's figure in the other currency (a USD price labelled ZWG, or a
 * ZWG price labelled USD): the rule the API refuses an approval by. It applies to lines whose product has a list
 * price in the chosen currency, and never when the figure is also that price. `usd` are the line's USD prices (the
 * snapshot and the product's price now), `secondary` its secondary price. Compared in cents, so "149" is "149.00".
 */
export function isMislabelledPrice(
  price: string,
  currency: string,
  prices: { usd: readonly (string | null)[]; secondary: string | null },
): boolean {
  const cents = toCents(price);
  if (cents === null) return false;
  const usd = prices.usd.map(toCents).filter((c): c is bigint => c !== null);
  const secondary = toCents(prices.secondary);
  if (currency === "USD") return usd.length > 0 && secondary !== null && cents === secondary && !usd.includes(cents);
  return secondary !== null && cents !== secondary && usd.includes(cents);
}

/** A quotation's charge as its totals read it: a delivery or installation adds, a discount subtracts. */
export type ChargeLike = { kind: "delivery" | "installation" | "discount"; amount: string };

/** A charge as a signed amount: "-50.00" for a discount of 50. */
export function signedCharge(charge: ChargeLike): string {
  return charge.kind === "discount" ? `-${charge.amount}` : charge.amount;
}

/**
 * A quotation's tax totals: its priced lines at their own VAT rates, and its charges at the standard rate frozen on
 * approval (a discount subtracts, its VAT too), added up by `taxTotals` like an order's. The order a quotation becomes
 * carries the same lines, so it adds up to the same cent.
 */
export function quotationTaxTotals(
  lines: readonly { unit: string; quantity: number; vatRate: string | null }[],
  charges: readonly ChargeLike[],
  standardVat: string | null,
  rounding: VatRounding = "group",
): TaxTotals {
  return taxTotals([...lines, ...charges.map((c) => ({ unit: signedCharge(c), quantity: 1, vatRate: standardVat }))], rounding);
}

/** A charge's signed amount in whole cents (a discount negative), for the pages' and the PDF's rows. */
export function chargeCents(charge: ChargeLike): bigint {
  const cents = toCents(charge.amount) ?? 0n;
  return charge.kind === "discount" ? -cents : cents;
}

/** "-50.00" for the discount of 50, as decimal text. */
export function chargeText(charge: ChargeLike): string {
  return centsToDecimal(chargeCents(charge));
}

/**
 * An amount of a quotation (a unit price, a charge) in `to` when it was set in `from`, at `rate` (units of the secondary
 * currency per 1 USD), exact to the cent and rounded half away from zero once: what switching a quotation's currency
 * does to every amount it holds (the lines' hand-set prices and its charges), so USD 290.00 becomes ZWG 8,228.05 at
 * 28.3726 and never ZWG 290.00. The same currency gives the amount back unchanged.
 */
export function convertAmount(amount: string, from: string, to: string, rate: string): string {
  const cents = signedCents(amount);
  if (cents === null) throw new Error(`not an amount: ${amount}`);
  if (from === to) return centsToDecimal(cents);
  return centsToDecimal(from === "USD" ? convertCents(cents, rate) : toUsdCents(cents, rate));
}

/** A line of a quotation's documents: a product or a charge, one signed unit price (a discount's is negative). */
export type QuotationDocumentLine = {
  kind: "product" | ChargeLike["kind"];
  name: string;
  productId: number | null;
  quantity: number;
  /** Signed decimal text in the quotation's currency. */
  unit: string;
  vatRate: string | null;
};

/**
 * The lines every document of an approved quotation carries, in order: its products at their quoted prices, then its
 * charges at the standard rate frozen on approval, a discount as a negative line (decision 017: VAT on the net of the
 * lines). The PDF, the e-mail, the pages, the CSV, the JSON and the order it becomes all read these, so they agree to
 * the cent. Null while a line has no quoted price or the VAT was never frozen (an approval from before VAT).
 */
export function quotationDocumentLines(q: {
  lines: readonly {
    product_id: number | null;
    product_name: string;
    quantity: number;
    quoted_price: string | null;
    vat_rate: string | null;
  }[];
  charges: readonly (ChargeLike & { label: string })[];
  vat_rate: string | null;
}): QuotationDocumentLine[] | null {
  if (q.vat_rate === null || q.lines.some((l) => l.quoted_price === null)) return null;
  return [
    ...q.lines.map((l) => ({
      kind: "product" as const,
      name: l.product_name,
      productId: l.product_id,
      quantity: l.quantity,
      unit: l.quoted_price as string,
      vatRate: l.vat_rate,
    })),
    ...q.charges.map((c) => ({ kind: c.kind, name: c.label, productId: null, quantity: 1, unit: chargeText(c), vatRate: q.vat_rate })),
  ];
}

/**
 * A unit price of a quotation in the other currencies at its frozen rate, as the order it becomes freezes them: a USD
 * quotation's secondary price is the USD figure at the rate; a secondary-currency quotation's USD price is its figure
 * divided by the rate. Each rounded half away from zero to the cent, per unit.
 */
export function unitInOtherCurrencies(
  unit: string,
  currency: string,
  rate: string | null,
): { usd: string | null; secondary: string | null } {
  const own = signedCents(unit);
  if (own === null) throw new Error(`not an amount: ${unit}`);
  if (currency === "USD") return { usd: centsToDecimal(own), secondary: rate ? centsToDecimal(convertCents(own, rate)) : null };
  return { usd: rate ? centsToDecimal(toUsdCents(own, rate)) : null, secondary: centsToDecimal(own) };
}

/**
 * A quotation's totals in its other currency (USD for a ZWG quotation, the secondary currency for a USD one) at its
 * frozen rate: each line converted per unit, then VAT by `taxTotals` with the quotation's rounding, so they equal the
 * order's and the invoice's other totals. Null without a rate.
 */
export function quotationOtherTotals(
  lines: readonly QuotationDocumentLine[],
  currency: string,
  rate: string | null,
  rounding: VatRounding = "group",
): { subtotal: string; vat: string; total: string } | null {
  if (!rate) return null;
  const units = lines.map((l) => {
    const other = unitInOtherCurrencies(l.unit, currency, rate);
    return currency === "USD" ? other.secondary : other.usd;
  });
  if (units.some((u) => u === null)) return null;
  return totalsAsText(
    taxTotals(
      lines.map((l, i) => ({ unit: units[i] as string, quantity: l.quantity, vatRate: l.vatRate })),
      rounding,
    ),
  );
}

/**
 * Whether a discount leaves the quotation above nothing: the goods (each line at `unit`) and the delivery and
 * installation charges less the discounts, excluding VAT, must stay above 0. Null when a line has no price yet (the
 * approval checks again with its prices). Returns the net in cents.
 */
export function quotationNetCents(
  lines: readonly { unit: string | null; quantity: number }[],
  charges: readonly ChargeLike[],
): bigint | null {
  let net = 0n;
  for (const l of lines) {
    const unit = toCents(l.unit);
    if (unit === null) return null;
    net += unit * BigInt(l.quantity);
  }
  return charges.reduce((sum, c) => sum + chargeCents(c), net);
}

/** What the API answers when a discount would bring a quotation to nothing or below. */
export const DISCOUNT_TOO_LARGE = "The discount is larger than the quotation's lines and charges: its total must stay above 0.";
/** What the API answers when a quotation's prices total nothing. */
export const TOTAL_NOT_POSITIVE = "The quotation's total must be more than 0: enter its prices.";

/** Accepting a quotation approved before VAT was frozen on quotations: it is approved again first (decision 017). */
export const QUOTATION_NEEDS_REAPPROVAL = (id: number) =>
  `Quotation #${id} was approved before VAT was added to quotations, so it must be approved again before it can be accepted. Please ask us to re-approve it: reply to the quotation's e-mail or contact our sales team.`;

/**
 * What a quotation's documents say of its other currency (decision 015): its totals there and the rate they were made
 * at, with the rate's day. ["USD equivalent: excl. VAT 28.93 · VAT 4.48 · total 33.41", "ZWG at 28.3726 per USD, rate
 * of 24 November 2026"]; nothing without the other totals.
 */
export function quotationOtherCurrencyLines(q: {
  currency: string;
  other_currency: string | null;
  other_subtotal: string | null;
  other_vat: string | null;
  other_total: string | null;
  exchange_rate: string | null;
  rate_date: string | null;
}): string[] {
  if (!q.other_currency || q.other_subtotal === null || q.other_vat === null || q.other_total === null) return [];
  const shown = (v: string) => {
    const cents = signedCents(v) ?? 0n;
    return `${cents < 0n ? "-" : ""}${formatCents(cents < 0n ? -cents : cents)}`;
  };
  const lines = [
    `${q.other_currency} equivalent: excl. VAT ${shown(q.other_subtotal)} · VAT ${shown(q.other_vat)} · total ${shown(q.other_total)}`,
  ];
  if (q.exchange_rate && q.rate_date) {
    lines.push(rateNote(q.currency === "USD" ? q.other_currency : q.currency, q.exchange_rate, q.rate_date));
  }
  return lines;
}
