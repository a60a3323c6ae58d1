/**
 * Number formats the pages print many times each (every card, filter and specification row). An Intl formatter is
 * made once here: `toLocaleString` with options builds a new one on every call, which made up a visible part of a
 * category page's rendering.
 */
const PLAIN = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, useGrouping: false });
const COUNT = new Intl.NumberFormat("en-GB");

/** A figure as written in a specification: "5.12", "1500" (at most two decimals, no grouping). */
export function plainFigure(n: number): string {
  return PLAIN.format(n);
}

/** A count as the site writes it: "1,500" (what `n.toLocaleString("en-GB")` gives). */
export function countFigure(n: number): string {
  return COUNT.format(n);
}
