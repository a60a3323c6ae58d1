import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { rateNote } from "#shared/money.ts";
import { linesParam } from "#shared/order-lines.ts";
import { ORDER_NOTES_MAX, type OrderPreview, placeOrderSchema } from "#shared/schemas/orders.ts";
import {
  type Availability,
  type BranchView,
  branchCoverageLabel,
  branchLineNote,
  branchShortLines,
  type DeliveryFeeView,
  servingBranch,
} from "#shared/schemas/stock.ts";
import { vatRateLabel } from "#shared/tax.ts";
import type { Cart } from "#web/lib/cart/cart-store.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/ui/text-field.tsx";
import { firstIssues } from "../../lib/form-data.ts";
import { usePostPending } from "../../lib/use-post-pending.ts";
import { cartField, checkoutRows } from "./checkout-lines.ts";
import type { CheckoutField, CheckoutResult } from "./checkout-result.ts";
import { formatMoney } from "./order-card.tsx";

type Props = {
  cart: Cart;
  /** Made once per page view: a retried 'Place Order' finds the order it already made. */
  idempotencyKey: string;
  secondaryCurrency: string;
  bankDetails: string;
  /** The currency Paynow takes, when Paynow is on (null: bank transfer or ZIPIT only). */
  paynowCurrency: string | null;
  defaultContactName: string;
  /** The currency the dealer chose in the cart: USD or the secondary currency. */
  defaultCurrency: string;
  result: CheckoutResult | undefined;
  /** The branches that take collections. */
  branches: BranchView[];
  /** The delivery fee per city, USD excluding VAT. */
  deliveryFees: DeliveryFeeView[];
  /** The dealer's company address: the delivery address by default. */
  companyAddress: string;
  /** The fee table's city the company address names, or "". */
  defaultCity: string;
};

const radio = "size-5 shrink-0 accent-accent-700";

/** What the page's loader answers for the cart's lines: the server's prices and each product's stock per branch. */
type CartAnswer = { preview: OrderPreview | null; stock: ({ product_id: number } & Availability)[] | null };

/**
 * The server's prices for the cart, in both currencies, with the delivery fee to `city` (none for a collection), and
 * the lines' stock per branch; loaded again whenever the cart's lines or the city change.
 */
function usePreview(cart: Cart, city: string): { preview: OrderPreview | null; stock: Map<number, Availability> | null; loading: boolean } {
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
function Coverage({ short }: { short: number | null | undefined }) {
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

function Summary({
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

/**
 * The dealer checkout: the cart's lines priced by the server, currency, delivery or collection, and 'Place Order'.
 * The form posts the cart's product ids and quantities only; the order's prices are the catalogue's.
 */
export function CheckoutForm({
  cart,
  idempotencyKey,
  secondaryCurrency,
  bankDetails,
  paynowCurrency,
  defaultContactName,
  defaultCurrency,
  result,
  branches,
  deliveryFees,
  companyAddress,
  defaultCity,
}: Props) {
  const failed = result?.status === "error" ? result : undefined;
  const values = failed?.values;
  const [currency, setCurrency] = useState((values?.currency ?? defaultCurrency) === secondaryCurrency ? secondaryCurrency : "USD");
  const [fulfilment, setFulfilment] = useState(values?.fulfilment === "collection" ? "collection" : "delivery");
  const [city, setCity] = useState(values?.deliveryCity || defaultCity || deliveryFees[0]?.city || "");
  const [chosenBranch, setChosenBranch] = useState(values?.branchId ?? "");
  const [clientErrors, setClientErrors] = useState<Partial<Record<CheckoutField, string>>>({});
  const pending = usePostPending("/checkout");
  const { preview, stock, loading } = usePreview(cart, fulfilment === "delivery" ? city : "");
  const currencyName = useId();
  const fulfilmentName = useId();
  const branchName = useId();

  const error = (field: CheckoutField) => clientErrors[field] ?? failed?.fieldErrors?.[field];
  const secondaryAvailable = preview !== null && preview.total_secondary !== null;
  // Products no longer in the catalogue are left out of what is posted; the summary lists them as such.
  const gone = new Set(preview?.missing ?? []);
  const ordered = cart.items.filter((i) => !gone.has(i.productId));
  const unpriced = preview !== null && checkoutRows(cart.items, preview).some((r) => r.state === "unpriced");
  useEffect(() => {
    if (preview !== null && preview.total_secondary === null) setCurrency("USD");
  }, [preview]);
  // Each collection branch's lines short of this order now; the one chosen by default is the one short of fewest.
  const wanted = ordered.map((i) => ({ productId: i.productId, quantity: i.quantity }));
  const shortOf = new Map(branches.map((b) => [b.id, stock ? branchShortLines(b.id, wanted, stock) : undefined]));
  const best = [...branches].sort((a, b) => (shortOf.get(a.id) ?? 0) - (shortOf.get(b.id) ?? 0))[0];
  const branchId = chosenBranch || String(best?.id ?? "");
  // The branch that serves the order: the one picked for a collection, the server's choice for a delivery.
  const serving = fulfilment === "collection" ? Number(branchId) : stock ? servingBranch(wanted, stock)?.branch_id : undefined;
  const lineNote = (productId: number, quantity: number) =>
    serving === undefined || !stock ? null : branchLineNote(stock.get(productId), serving, quantity);

  // The browser's check first (same schema as the server); the server checks again and prices the order.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const entries = Object.fromEntries([...form.entries()].filter(([k]) => k !== "cart"));
    const parsed = placeOrderSchema.safeParse({ ...entries, products: JSON.parse(cartField(ordered)) });
    if (!parsed.success) {
      event.preventDefault();
      setClientErrors(firstIssues<CheckoutField>(parsed.error));
      return;
    }
    setClientErrors({});
  };

  return (
    <Form method="post" noValidate aria-busy={pending} onSubmit={onSubmit} className="grid items-start gap-8 lg:grid-cols-[1fr_22rem]">
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="cart" value={cartField(ordered)} />

      <div className="space-y-6">
        {failed?.formError && !pending ? <FormAlert>{failed.formError}</FormAlert> : null}
        {error("products") && !pending ? <FormAlert>{error("products")}</FormAlert> : null}
        {error("idempotencyKey") ? <FormAlert>{error("idempotencyKey")}</FormAlert> : null}
        {gone.size > 0 ? (
          <FormAlert>
            {ordered.length === 0
              ? "The products in your cart are no longer available. "
              : "Some products in your cart are no longer available: they are left out of this order. "}
            You can remove them in the <Link to="/cart">cart</Link>.
          </FormAlert>
        ) : null}
        {unpriced ? (
          <FormAlert>
            Some lines of your cart could not be priced. Check their quantities in the <Link to="/cart">cart</Link> before placing the
            order.
          </FormAlert>
        ) : null}

        <fieldset className="space-y-3" aria-describedby={error("currency") ? `${currencyName}-error` : undefined}>
          <legend className="text-lg font-bold text-slate-900">Currency</legend>
          {["USD", secondaryCurrency].map((c) => (
            <label key={c} className="flex items-center gap-3 text-base text-slate-800">
              <input
                type="radio"
                name="currency"
                value={c}
                className={radio}
                checked={currency === c}
                disabled={c !== "USD" && preview !== null && !secondaryAvailable}
                onChange={() => setCurrency(c)}
                aria-describedby={c !== "USD" && preview !== null && !secondaryAvailable ? `${currencyName}-note` : undefined}
              />
              {c === "USD" ? "US dollars (USD)" : `${c}`}
            </label>
          ))}
          {preview !== null && !secondaryAvailable ? (
            <p id={`${currencyName}-note`} className="text-sm text-slate-600">
              Some products have no {secondaryCurrency} price: this order can be paid in USD only.
            </p>
          ) : null}
          {error("currency") ? (
            <p id={`${currencyName}-error`} className="text-sm text-red-700">
              {error("currency")}
            </p>
          ) : null}
        </fieldset>

        <fieldset className="space-y-3" aria-describedby={error("fulfilment") ? `${fulfilmentName}-error` : undefined}>
          <legend className="text-lg font-bold text-slate-900">Delivery or collection</legend>
          <label className="flex items-center gap-3 text-base text-slate-800">
            <input
              type="radio"
              name="fulfilment"
              value="delivery"
              className={radio}
              checked={fulfilment === "delivery"}
              onChange={() => setFulfilment("delivery")}
            />
            Deliver to my address
          </label>
          <label className="flex items-center gap-3 text-base text-slate-800">
            <input
              type="radio"
              name="fulfilment"
              value="collection"
              className={radio}
              checked={fulfilment === "collection"}
              onChange={() => setFulfilment("collection")}
            />
            I will collect from a branch
          </label>
          {error("fulfilment") ? (
            <p id={`${fulfilmentName}-error`} className="text-sm text-red-700">
              {error("fulfilment")}
            </p>
          ) : null}
        </fieldset>

        {fulfilment === "collection" && branches.length > 0 ? (
          <fieldset
            className="space-y-3"
            aria-describedby={error("branchId") ? `${branchName}-error` : undefined}
            data-collection-branches=""
          >
            <legend className="text-base font-semibold text-slate-900">Collect from</legend>
            {branches.map((b) => (
              <label
                key={b.id}
                data-branch={b.name}
                className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 bg-white p-3 has-checked:border-accent-600 has-checked:bg-accent-50"
              >
                <input
                  type="radio"
                  name="branchId"
                  value={b.id}
                  className={`${radio} mt-0.5`}
                  checked={branchId === String(b.id)}
                  onChange={() => setChosenBranch(String(b.id))}
                  aria-describedby={`${branchName}-${b.id}`}
                />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-semibold text-slate-900">{b.name}</span>
                    <Coverage short={shortOf.get(b.id)} />
                  </span>
                  <span id={`${branchName}-${b.id}`} className="mt-1 block text-sm text-slate-700">
                    {[b.address, b.phone, b.opening_hours].filter(Boolean).map((part) => (
                      <span key={part} className="block">
                        {part}
                      </span>
                    ))}
                  </span>
                </span>
              </label>
            ))}
            {error("branchId") ? (
              <p id={`${branchName}-error`} className="text-sm text-red-700">
                {error("branchId")}
              </p>
            ) : null}
          </fieldset>
        ) : null}

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Contact name"
            name="contactName"
            autoComplete="name"
            required
            defaultValue={values?.contactName ?? defaultContactName}
            error={error("contactName")}
          />
          <TextField
            label={fulfilment === "delivery" ? "Phone" : "Phone (optional)"}
            name="contactPhone"
            type="tel"
            autoComplete="tel"
            required={fulfilment === "delivery"}
            defaultValue={values?.contactPhone ?? ""}
            error={error("contactPhone")}
          />
        </div>
        {fulfilment === "delivery" ? (
          <>
            <TextAreaField
              label="Delivery address"
              name="deliveryAddress"
              autoComplete="street-address"
              rows={3}
              required
              maxLength={300}
              defaultValue={values?.deliveryAddress ?? companyAddress}
              hint={companyAddress ? "Your company's address; change it to deliver elsewhere." : undefined}
              error={error("deliveryAddress")}
            />
            {deliveryFees.length > 0 ? (
              <SelectField
                label="City"
                name="deliveryCity"
                value={city}
                onChange={(event) => setCity(event.currentTarget.value)}
                hint="The delivery fee to this city is added to the order, with VAT."
                error={error("deliveryCity")}
              >
                {deliveryFees.map((f) => (
                  <option key={f.id} value={f.city}>
                    {`${f.city}: ${formatMoney("USD", f.fee_usd)} excl. VAT`}
                  </option>
                ))}
              </SelectField>
            ) : null}
          </>
        ) : null}
        <TextAreaField
          label="Notes (optional)"
          name="notes"
          rows={3}
          maxLength={ORDER_NOTES_MAX}
          defaultValue={values?.notes ?? ""}
          error={error("notes")}
        />
      </div>

      <section aria-labelledby="checkout-summary-heading" className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-5">
        <h2 id="checkout-summary-heading" className="text-lg font-bold text-slate-900">
          Order Summary
        </h2>
        <Summary cart={cart} preview={preview} currency={currency} loading={loading} note={lineNote} />
        <div className="text-sm text-slate-700">
          <h3 className="font-semibold text-slate-900">Payment</h3>
          {paynowCurrency !== null && currency === paynowCurrency ? (
            <p className="mt-1">
              Once the order is placed, pay with Paynow (card, EcoCash or OneMoney) on your orders page, or by bank transfer or ZIPIT
              quoting the order reference you will see next. We let you know by e-mail at each step.
            </p>
          ) : (
            <p className="mt-1">
              Pay by bank transfer or ZIPIT once the order is placed, quoting the order reference you will see next. We confirm your payment
              and let you know by e-mail at each step.
            </p>
          )}
          <p className="mt-2 whitespace-pre-line rounded-md bg-white p-3 font-mono text-xs">{bankDetails}</p>
        </div>
        <button
          type="submit"
          disabled={pending || loading || preview === null || unpriced || ordered.length === 0}
          aria-busy={pending}
          className={buttonClass("primary", "w-full")}
        >
          {pending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" /> : null}
          {pending ? "Placing your order…" : "Place Order"}
        </button>
        <p className="text-center">
          <Link to="/cart" className="text-sm font-medium text-accent-800 hover:underline">
            Back to cart
          </Link>
        </p>
      </section>
    </Form>
  );
}
