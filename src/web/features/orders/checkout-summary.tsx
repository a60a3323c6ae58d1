import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useMemo } from "react";
import { useFetcher } from "react-router";
import { rateNote } from "#shared/money.ts";
import { linesParam } from "#shared/order-lines.ts";
import type { OrderPreview } from "#shared/schemas/orders.ts";
import { type Availability, branchCoverageLabel } from "#shared/schemas/stock.ts";
import { vatRateLabel } from "#shared/tax.ts";
import type { Cart } from "#web/lib/cart/cart-store.ts";
import { checkoutRows } from "./checkout-lines.ts";
import { formatMoney } from "./order-card.tsx";

/** What the page's loader answers for the cart's lines: the server's prices and each product's stock per branch. */
type CartAnswer = { preview: OrderPreview | null; stock: ({ product_id: number } & Availability)[] | null };

/**
 * The server's prices for the cart, in both currencies, with the delivery fee to `city` (none for a collection), and
 * the lines' stock per branch; loaded again whenever the cart's lines or the city change.
 */
export function usePreview(
  cart: Cart,
  city: string,
): { preview: OrderPreview | null; stock: Map<number, Availability> | null; loading: boolean } {
  const fetcher = useFetcher<CartAnswer>();
  const lines = linesParam(cart.items);
  const { load } = fetcher;
  useEffect(() => {
    if (lines) void load(`/checkout?lines=${encodeURIComponent(lines)}${city ? `&city=${encodeURIComponent(city)}` : ""}`);
  }, [lines, city, load]);
  const answered = fetcher.data?.stock;
  const stock = useMemo(() => (answered ? new Map(answered.map((a) => [a.product_id, a])) : null), [answered]);
  return { preview: fetcher.data?.preview ?? null, stock, loading: fetcher.state !== "idle" || fetcher.data === undefined };
}

/** A branch's answer to "can it serve this order now?", in words with an icon (never colour alone). */
export function Coverage({ short }: { short: number | null | undefined }) {
  if (short === undefined || short === null) return <span className="text-sm text-slate-600">Checking stock…</span>;
  const Icon = short === 0 ? CircleCheck : CircleAlert;
  return (
    <span
      data-branch-coverage={short}
      className={`inline-flex items-center gap-1 text-sm font-medium ${short === 0 ? "text-green-800" : "text-amber-900"}`}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {branchCoverageLabel(short)}
    </span>
  );
}

export function Summary({
  cart,
  preview,
  currency,
  loading,
  note,
}: {
  cart: Cart;
  preview: OrderPreview | null;
  currency: string;
  loading: boolean;
  /** What the serving branch cannot supply of a line now, or null. */
  note: (productId: number, quantity: number) => string | null;
}) {
  const delivery = preview?.delivery ?? null;
  if (!preview) return <p className="text-slate-700">{loading ? "Loading your prices…" : "Prices could not be loaded."}</p>;
  const secondary = currency !== "USD";
  // Every line of the cart, priced or not: a line the server could not price is never silently left off the total.
  const rows = checkoutRows(cart.items, preview);
  const complete = rows.every((r) => r.state !== "unpriced");
  return (
    <table className="w-full border-collapse text-sm" aria-busy={loading}>
      <caption className="sr-only">Your order at dealer prices in {currency}</caption>
      <thead>
        <tr className="border-b border-slate-300 text-left text-slate-600">
          <th scope="col" className="py-2 pr-2 font-medium">
            Product
          </th>
          <th scope="col" className="py-2 pr-2 text-right font-medium">
            Qty
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Excl. VAT
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          if (r.state !== "priced") {
            return (
              <tr key={r.productId} className="border-b border-slate-200">
                <td className="py-2 pr-2 text-slate-600">
                  <span className={r.state === "gone" ? "line-through" : undefined}>{r.productName}</span>
                  <span className="block text-xs font-medium text-red-800">
                    {r.state === "gone" ? "No longer available: left out of this order" : "Not priced: check the quantity in your cart"}
                  </span>
                </td>
                <td className="py-2 pr-2 text-right align-top">{r.quantity}</td>
                <td className="py-2 text-right align-top">–</td>
              </tr>
            );
          }
          const l = r.line;
          const amount = secondary ? l.line_total_secondary : l.line_total_usd;
          const unit = secondary ? l.unit_price_secondary : l.unit_price_usd;
          const short = note(l.product_id, l.quantity);
          return (
            <tr key={l.product_id} className="border-b border-slate-200">
              <td className="py-2 pr-2 text-slate-900">
                {l.product_name}
                {unit === null ? null : (
                  // The dealer's unit price at this quantity (a quantity break lowers it).
                  <span data-unit-price="" className="block text-xs text-slate-600 tabular-nums">
                    {formatMoney(currency, unit)} each
                  </span>
                )}
                {short ? (
                  <span data-backorder-note="" className="block text-xs font-medium text-amber-900">
                    {short}
                  </span>
                ) : null}
              </td>
              <td className="py-2 pr-2 text-right">{l.quantity}</td>
              <td className="py-2 text-right">{amount === null ? `No ${currency} price` : formatMoney(currency, amount)}</td>
            </tr>
          );
        })}
        {delivery ? (
          // The delivery fee is a line of the order of its own, with VAT at the standard rate.
          <tr className="border-b border-slate-200" data-delivery-fee="">
            <td className="py-2 pr-2 text-slate-900">Delivery to {delivery.city}</td>
            <td className="py-2 pr-2 text-right">1</td>
            <td className="py-2 text-right">
              {(() => {
                const fee = secondary ? delivery.fee_secondary : delivery.fee_usd;
                return fee === null ? `No ${currency} price` : formatMoney(currency, fee);
              })()}
            </td>
          </tr>
        ) : null}
      </tbody>
      <tfoot>
        {(() => {
          const ready = complete && preview.lines.length > 0;
          const pick = (usd: string, other: string | null) => (secondary ? other : usd);
          const figure = (value: string | null) => (!ready || value === null ? "–" : formatMoney(currency, value));
          const otherCurrency = secondary ? "USD" : preview.secondary_currency;
          const otherTotal = secondary ? preview.total_usd : preview.total_secondary;
          return (
            <>
              <tr>
                <th scope="row" colSpan={2} className="pt-3 text-left font-medium text-slate-700">
                  Total excl. VAT
                </th>
                <td className="pt-3 text-right whitespace-nowrap" data-testid="checkout-subtotal">
                  {figure(pick(preview.subtotal_usd, preview.subtotal_secondary))}
                </td>
              </tr>
              <tr>
                <th scope="row" colSpan={2} className="pt-1 text-left font-medium text-slate-700">
                  VAT {preview.vat_rate === null ? "" : vatRateLabel(preview.vat_rate)}
                </th>
                <td className="pt-1 text-right whitespace-nowrap" data-testid="checkout-vat">
                  {figure(pick(preview.vat_usd, preview.vat_secondary))}
                </td>
              </tr>
              <tr>
                <th scope="row" colSpan={2} className="pt-2 text-left font-semibold text-slate-900">
                  Order total incl. VAT
                </th>
                <td className="pt-2 text-right font-semibold text-slate-900 whitespace-nowrap" data-testid="checkout-total">
                  {figure(pick(preview.total_usd, preview.total_secondary))}
                </td>
              </tr>
              {ready && otherTotal !== null ? (
                <tr>
                  <td colSpan={3} className="pt-2 text-right text-xs text-slate-600" data-testid="checkout-other-currency">
                    {`${formatMoney(otherCurrency, otherTotal)} incl. VAT`}
                    {preview.exchange_rate && preview.rate_date ? (
                      <span className="block">{`${rateNote(preview.secondary_currency, preview.exchange_rate, preview.rate_date)}.`}</span>
                    ) : null}
                  </td>
                </tr>
              ) : null}
            </>
          );
        })()}
      </tfoot>
    </table>
  );
}
