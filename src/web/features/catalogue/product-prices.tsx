import { formatDate } from "#shared/dates.ts";

/** 1234.5 → "1,234.50"; the stored value is a decimal string (spec §3). */
function money(value: string): string {
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : value;
}

function shown(value: string | null): value is string {
  return value !== null && value !== "" && Number(value) !== 0;
}

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
  if (!shown(usd) && !shown(zwl)) return null;
  return (
    <div>
      <dl className="flex flex-wrap gap-x-8 gap-y-2 rounded-lg border border-accent-200 bg-accent-50 px-4 py-3">
        {shown(usd) ? (
          <div>
            <dt className="text-sm text-slate-700">Price (USD)</dt>
            <dd className="text-2xl font-bold text-slate-900">
              {/* A no-break space: the currency never ends a line without its figure. */}
              USD{"\u00a0"}
              {money(usd)}
            </dd>
          </div>
        ) : null}
        {shown(zwl) ? (
          <div>
            <dt className="text-sm text-slate-700">Price ({currency})</dt>
            <dd className="text-2xl font-bold text-slate-900">
              {currency}
              {"\u00a0"}
              {money(zwl)}
            </dd>
          </div>
        ) : null}
      </dl>
      {shown(zwl) && rate ? (
        <p data-rate-note="" className="mt-2 text-sm text-slate-700">
          {currency} at {rate.rate} per USD, rate of {formatDate(`${rate.date}T12:00:00Z`)}.
        </p>
      ) : null}
    </div>
  );
}
