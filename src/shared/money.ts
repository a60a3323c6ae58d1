import { formatDate } from "./dates.ts";

/**
 * Exact money arithmetic: amounts in whole cents as BigInt, rates as decimal text. Nothing here goes
 * through a floating-point number, so a ZWG price or a VAT amount is the same to the cent in the browser, on the
 * server and on a PDF.
 */

/** "26.8" → 268000n with `places` = 4: a non-negative decimal as a whole number of its smallest unit; null if malformed or too precise. */
export function decimalUnits(value: string, places: number): bigint | null {
  const m = value.trim().match(/^(\d+)(?:\.(\d+))?$/);
  if (!m) return null;
  const fraction = m[2] ?? "";
  if (fraction.length > places) return null;
  return BigInt(m[1] as string) * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, "0") || "0");
}

/** `cents × units / scale`, rounded half away from zero: the one rounding rule of every computed amount. */
function scaled(cents: bigint, units: bigint, scale: bigint): bigint {
  const product = cents * units;
  const half = scale / 2n;
  return product >= 0n ? (product + half) / scale : -((-product + half) / scale);
}

/** The decimal places an exchange rate is kept with (ZWG per 1 USD, e.g. 26.8015). */
export const RATE_PLACES = 4;

/** A USD amount in the secondary currency at `rate` (units of it per 1 USD), rounded to the cent. */
export function convertCents(usdCents: bigint, rate: string): bigint {
  const units = decimalUnits(rate, RATE_PLACES);
  if (units === null) throw new Error(`not an exchange rate: ${rate}`);
  return scaled(usdCents, units, 10n ** BigInt(RATE_PLACES));
}

/**
 * An amount in the secondary currency as USD at `rate` (units of it per 1 USD), rounded half away from zero to the
 * cent: the inverse of `convertCents`, used where a ZWG quotation's figures are also stated in USD.
 */
export function toUsdCents(cents: bigint, rate: string): bigint {
  const units = decimalUnits(rate, RATE_PLACES);
  if (units === null || units === 0n) throw new Error(`not an exchange rate: ${rate}`);
  return scaled(cents, 10n ** BigInt(RATE_PLACES), units);
}

/** "-12.50" → -1250n, "3" → 300n: signed decimal text with at most two places as cents; null if malformed. */
export function signedCents(value: string | null): bigint | null {
  if (value === null) return null;
  const text = value.trim();
  const negative = text.startsWith("-");
  const units = decimalUnits(negative ? text.slice(1) : text, 2);
  return units === null ? null : negative ? -units : units;
}

/** A percentage as a page prints it: "15.50" → "15.5 %", "5.00" → "5 %", "0.00" → "0 %". */
export function percentLabel(value: string): string {
  const [whole = "0", fraction = ""] = value.trim().split(".");
  const trimmed = fraction.replace(/0+$/, "");
  return `${whole}${trimmed ? `.${trimmed}` : ""} %`;
}

/** The decimal places a VAT rate is kept with, as a percentage (15.5 → "15.50"). */
export const VAT_PLACES = 2;

/** The VAT on an amount excluding VAT, at `percent` (e.g. "15.5"), rounded to the cent. */
export function vatCents(netCents: bigint, percent: string): bigint {
  const units = decimalUnits(percent, VAT_PLACES);
  if (units === null) throw new Error(`not a VAT rate: ${percent}`);
  return scaled(netCents, units, 100n * 10n ** BigInt(VAT_PLACES));
}

/**
 * The VAT of lines at one rate, rounded once on their sum (`vatCents` of the sum: FDMS's RCPT026, decision 031), and
 * each line's share of it: the line's own VAT rounded alone, moved by a cent on the lines whose own rounding went
 * furthest from the exact figure (first lines first on a tie) until the shares add up to the group's VAT. A group of
 * one line, or whose lines' roundings already add up, keeps every line's own VAT.
 */
export function vatShares(nets: readonly bigint[], percent: string): { vat: bigint; shares: bigint[] } {
  const units = decimalUnits(percent, VAT_PLACES);
  if (units === null) throw new Error(`not a VAT rate: ${percent}`);
  const scale = 100n * 10n ** BigInt(VAT_PLACES);
  const vat = scaled(
    nets.reduce((s, n) => s + n, 0n),
    units,
    scale,
  );
  const shares = nets.map((n) => scaled(n, units, scale));
  // How far each line's rounding went above its exact VAT, in 1/scale of a cent (between -scale/2 and scale/2).
  const over = nets.map((n, i) => (shares[i] as bigint) * scale - n * units);
  let gap = vat - shares.reduce((s, v) => s + v, 0n);
  if (gap === 0n) return { vat, shares };
  const step = gap > 0n ? 1n : -1n;
  // Cents added go to the lines rounded down the most; cents taken, from those rounded up the most.
  const order = nets
    .map((_, i) => i)
    .sort((a, b) => {
      const x = (over[a] as bigint) * step;
      const y = (over[b] as bigint) * step;
      return x < y ? -1 : x > y ? 1 : a - b;
    });
  // The gap is at most (lines + 1) / 2 cents: one cent per line at most.
  for (let k = 0; gap !== 0n; k++) {
    const i = order[k % order.length] as number;
    shares[i] = (shares[i] as bigint) + step;
    gap -= step;
  }
  return { vat, shares };
}

/** 123450n → "1234.50": cents as the decimal text the database and the API carry. */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/**
 * A whole number of cents as a plain number: a SQL sum's text or a bigint, for counting cents up (they stay
 * integers, exact far beyond any turnover) and for a chart's scale. Throws on anything that is not whole cents.
 */
export function centsNumber(value: string | number | bigint): number {
  const text = String(value).trim();
  if (!/^-?\d+$/.test(text)) throw new Error(`not whole cents: ${text}`);
  return Number(text);
}

/**
 * An amount's decimal text as a plain number of its currency ("1234.50" → 1234.5), for a chart's scale, a trend or an
 * ordering only: never printed or added up (0 when malformed).
 */
export function amountScale(value: string): number {
  const cents = signedCents(value);
  return cents === null ? 0 : Number(cents) / 100;
}

/** 123450n → "1,234.50": cents as a page prints them (the decimal text, thousands grouped). */
export function formatCents(cents: bigint): string {
  const [whole = "0", fraction = "00"] = centsToDecimal(cents).split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

/** A price to print: "1,234.50" for a positive decimal, null for none, zero or anything malformed. */
export function shownPrice(value: string | null): string | null {
  const cents = value === null ? null : decimalUnits(value, 2);
  return cents !== null && cents > 0n ? formatCents(cents) : null;
}

/** Which rate a secondary amount was made at: "ZWG at 26.8015 per USD, rate of 24 November 2026". */
export function rateNote(currency: string, rate: string, day: string): string {
  return `${currency} at ${rate} per USD, rate of ${formatDate(`${day}T12:00:00Z`)}`;
}

/**
 * An amount with its currency as a page prints it: "USD 1,234.50", "-" kept for credits. A no-break space joins the
 * two, so "USD" never ends one line with the figure on the next. Malformed text is printed as it is.
 */
export function formatAmount(currency: string, amount: string): string {
  const trimmed = amount.trim();
  const negative = trimmed.startsWith("-");
  const cents = decimalUnits(negative ? trimmed.slice(1) : trimmed, 2);
  return `${currency}\u00a0${cents === null ? amount : `${negative && cents > 0n ? "-" : ""}${formatCents(cents)}`}`;
}

/**
 * `cents` less each discount in turn (per cent, "5" or "12.50"), rounded once to the cent at the end: a dealer's price
 * after the tier's and the quantity break's discounts.
 */
export function discountedCents(cents: bigint, percents: readonly string[]): bigint {
  let units = 1n;
  let scale = 1n;
  for (const percent of percents) {
    const off = decimalUnits(percent, VAT_PLACES);
    if (off === null || off >= 100n * 10n ** BigInt(VAT_PLACES)) throw new Error(`not a discount: ${percent}`);
    units *= 100n * 10n ** BigInt(VAT_PLACES) - off;
    scale *= 100n * 10n ** BigInt(VAT_PLACES);
  }
  return scaled(cents, units, scale);
}
