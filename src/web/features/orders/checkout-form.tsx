import { LoaderCircle } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Form, Link } from "react-router";
import { formatDay } from "#shared/dates.ts";
import { ORDER_NOTES_MAX, placeOrderSchema } from "#shared/schemas/orders.ts";
import { type BranchView, branchLineNote, branchShortLines, type DeliveryFeeView, servingBranch } from "#shared/schemas/stock.ts";
import type { Cart } from "#web/lib/cart/cart-store.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/ui/text-field.tsx";
import { firstIssues } from "../../lib/form-data.ts";
import { usePostPending } from "../../lib/use-post-pending.ts";
import { accountRefusal, type CheckoutAccount } from "./checkout-account.ts";
import { cartField, checkoutRows } from "./checkout-lines.ts";
import type { CheckoutField, CheckoutResult } from "./checkout-result.ts";
import { Coverage, Summary, usePreview } from "./checkout-summary.tsx";
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
  /** A company on terms (decision 034): the day an order placed today falls due, the USD credit left, and a hold's words. */
  account?: CheckoutAccount | null;
};

const radio = "size-5 shrink-0 accent-accent-700";

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
  account = null,
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
  const termsName = useId();
  const [paymentTerms, setPaymentTerms] = useState(values?.paymentTerms === "account" && account ? "account" : "cash");
  const refusal = account ? accountRefusal(account, preview, currency) : null;
  // An order that no longer fits the account (a bigger cart, another currency) goes back to paying before dispatch.
  useEffect(() => {
    if (refusal !== null) setPaymentTerms("cash");
  }, [refusal]);
  const onAccount = account !== null && paymentTerms === "account" && refusal === null;

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

        <fieldset className="space-y-3" aria-describedby={error("paymentTerms") ? `${termsName}-error` : undefined} data-payment-terms="">
          <legend className="text-lg font-bold text-slate-900">How you pay</legend>
          <label className="flex items-center gap-3 text-base text-slate-800">
            <input
              type="radio"
              name="paymentTerms"
              value="cash"
              className={radio}
              checked={!onAccount}
              onChange={() => setPaymentTerms("cash")}
            />
            Pay before dispatch (bank transfer, ZIPIT, Paynow or proof of payment)
          </label>
          {account ? (
            <label className={`flex items-center gap-3 text-base ${refusal ? "text-slate-500" : "text-slate-800"}`}>
              <input
                type="radio"
                name="paymentTerms"
                value="account"
                className={radio}
                checked={onAccount}
                disabled={refusal !== null}
                onChange={() => setPaymentTerms("account")}
                aria-describedby={refusal ? `${termsName}-note` : undefined}
              />
              On account (due {formatDay(account.dueOn)})
            </label>
          ) : null}
          {refusal ? (
            <p id={`${termsName}-note`} className="text-sm text-amber-900" data-account-refusal="">
              {refusal}
            </p>
          ) : null}
          {error("paymentTerms") ? (
            <p id={`${termsName}-error`} className="text-sm text-red-700">
              {error("paymentTerms")}
            </p>
          ) : null}
        </fieldset>

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
          {onAccount && account ? (
            <p className="mt-1" data-checkout-on-account="">
              This order goes on your company's account, due on {formatDay(account.dueOn)}. We start on it at once; its tax invoice comes
              when it is dispatched.
            </p>
          ) : paynowCurrency !== null && currency === paynowCurrency ? (
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
          {onAccount ? null : <p className="mt-2 whitespace-pre-line rounded-md bg-white p-3 font-mono text-xs">{bankDetails}</p>}
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
