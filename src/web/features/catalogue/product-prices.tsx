import { rateNote, shownPrice } from "#shared/money.ts";

/**
 * Dealer prices (spec §6): each shown when it is not '0.00', and nothing when neither is. The service sends null
 * prices to everyone but dealers and admins, so visitors never get them.
 */
export function ProductPrices({
  usd,
  zwl,
  currency,
  rate = null,
}: {
  usd: string | null;
  zwl: string | null;
  currency: string;
  /** The exchange rate the secondary price was made at, and the day it took effect (none for an override). */
  rate?: { rate: string; date: string } | null;
}) {
  const usdShown = shownPrice(usd);
  const zwlShown = shownPrice(zwl);
  if (!usdShown && !zwlShown) return null;
  return (
    <div>
      <dl className="flex flex-wrap gap-x-8 gap-y-2 rounded-lg border border-accent-200 bg-accent-50 px-4 py-3">
        {usdShown ? (
          <div>
            <dt className="text-sm text-slate-700">Price (USD)</dt>
            <dd className="text-2xl font-bold text-slate-900">
              {/* A no-break space: the currency never ends a line without its figure. */}
              USD{"\u00a0"}
              {usdShown}
            </dd>
          </div>
        ) : null}
        {zwlShown ? (
          <div>
            <dt className="text-sm text-slate-700">Price ({currency})</dt>
            <dd className="text-2xl font-bold text-slate-900">
              {currency}
              {"\u00a0"}
              {zwlShown}
            </dd>
          </div>
        ) : null}
      </dl>
      <p data-vat-note="" className="mt-2 text-sm text-slate-700">
        Prices exclude VAT: VAT is added at checkout at the rate in force.
      </p>
      {zwlShown && rate ? (
        <p data-rate-note="" className="mt-1 text-sm text-slate-700">
          {rateNote(currency, rate.rate, rate.date)}.
        </p>
      ) : null}
    </div>
  );
}
