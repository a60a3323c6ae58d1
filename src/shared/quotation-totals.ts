import { centsToDecimal } from "./money.ts";
import { type TaxTotals, taxTotals } from "./tax.ts";

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

/** "1234.5" → 123450n; null for anything that is not a plain non-negative decimal. */
export function toCents(value: string | null): bigint | null {
  const m = value?.trim().match(/^(\d+)(?:\.(\d{1,2}))?$/);
  if (!m) return null;
  return BigInt(m[1] as string) * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
}

/** 123450n → "1,234.50". */
export function formatMoney(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${whole}.${(abs % 100n).toString().padStart(2, "0")}`;
}

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

/** A quotation's charge as its totals read it: a delivery or installation adds, a discount subtracts (issue 25 §1). */
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
): TaxTotals {
  return taxTotals([...lines, ...charges.map((c) => ({ unit: signedCharge(c), quantity: 1, vatRate: standardVat }))]);
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
