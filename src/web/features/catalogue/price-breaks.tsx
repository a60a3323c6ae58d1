import { countFigure } from "#shared/figures.ts";
import { formatAmount } from "#shared/money.ts";
import type { PriceBreak } from "#shared/schemas/pricing.ts";

/** A step's quantities: "1–9", "10–39", "40+" (the next step's minimum less one, the last open-ended). */
export function breakRange(breaks: readonly PriceBreak[], index: number): string {
  const from = breaks[index]?.min_quantity ?? 1;
  const next = breaks[index + 1]?.min_quantity;
  if (next === undefined) return `${countFigure(from)}+`;
  const to = next - 1;
  return to === from ? countFigure(from) : `${countFigure(from)}\u2013${countFigure(to)}`;
}

/**
 * Under a product's price: whose price it is ("Your price · Silver tier" for a dealer, the dealer list
 * price for an admin) and, when quantity breaks lower it, the unit price from each quantity as a small table. The
 * service sends `price_breaks` to dealers and admins only, so visitors get nothing here.
 */
export function PriceBreaks({
  breaks,
  tierName,
  currency,
}: {
  /** The unit prices from 1 unit, then from each break's minimum (`price_breaks`, lowest first). */
  breaks: readonly PriceBreak[] | null;
  /** The dealer's tier; null for an admin (who sees the dealer list price). */
  tierName: string | null;
  /** The secondary currency's code: a column when any step has a price in it. */
  currency: string;
}) {
  if (!breaks || breaks.length === 0) return null;
  const whose = tierName === null ? "Dealer list price" : `Your price \u00b7 ${tierName} tier`;
  const secondary = breaks.some((b) => b.price_zwl !== null);
  return (
    <div data-price-breaks="">
      <p data-price-tier="" className="text-sm font-medium text-slate-800">
        {whose}
      </p>
      {breaks.length > 1 ? (
        <table className="mt-2 w-full max-w-sm text-left text-sm tabular-nums">
          <caption className="mb-1 text-left text-sm text-slate-700">Unit price by quantity on a line, excl. VAT</caption>
          <thead>
            <tr className="border-b border-slate-300 text-slate-700">
              <th scope="col" className="py-1 pr-4 font-medium">
                Quantity
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                USD
              </th>
              {secondary ? (
                <th scope="col" className="py-1 font-medium">
                  {currency}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {breaks.map((b, i) => (
              <tr key={b.min_quantity}>
                <th scope="row" className="py-1 pr-4 font-medium whitespace-nowrap text-slate-800">
                  {breakRange(breaks, i)}
                </th>
                <td className="py-1 pr-4 whitespace-nowrap text-slate-900">{formatAmount("USD", b.price_usd)}</td>
                {secondary ? (
                  <td className="py-1 whitespace-nowrap text-slate-900">
                    {b.price_zwl === null ? "—" : formatAmount(currency, b.price_zwl)}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
