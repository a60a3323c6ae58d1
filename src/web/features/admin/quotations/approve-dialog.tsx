import { useEffect, useRef } from "react";
import type { Path } from "react-hook-form";
import { centsToDecimal, rateNote, signedCents } from "#shared/money.ts";
import { addDays, defaultValidityDate, harareDate, QUOTATION_VALIDITY_MAX_DAYS } from "#shared/quotation-status.ts";
import {
  CURRENCY_NAMES,
  chargeText,
  convertAmount,
  formatMoney,
  listPriceIn,
  type QuotationCurrency,
  quotationFigures,
  toCents,
} from "#shared/quotation-totals.ts";
import { type ApproveQuotationInput, approveQuotationSchema, type QuotationView } from "#shared/schemas/quotations.ts";
import type { Availability } from "#shared/schemas/stock.ts";
import { lineVatRate, taxTotals, type VatCategory, vatRateLabel } from "#shared/tax.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { SelectField, TextField } from "#web/components/ui/text-field.tsx";
import { FormShell, useAdminForm } from "../kit/form-kit.tsx";
import type { ApiAnswer } from "../kit/send-request.ts";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";

type ApproveForm = {
  status: "approved";
  currency: QuotationCurrency;
  exchangeRate?: string;
  validUntil: string;
  branchId: number | undefined;
  lines: { id: number; price: string }[];
};

/** The API's issues about a line ("body.lines.1.price", "body.lines.1.id") belong under that line's price. */
const LINE_ISSUE = /^body\.lines\.(\d+)\.(?:price|id)$/;

type ApproveDialogProps = {
  quotation: QuotationView;
  /** Reapproving a rejected quotation: the same form, its own title and wording. */
  reapprove: boolean;
  /** The site's secondary currency label (settings: ZWL or ZWG). */
  secondaryCurrency: QuotationCurrency;
  /** The branches the lines may be reserved at, and each product's stock there. */
  branches: { id: number; name: string }[];
  availability: Record<string, Availability>;
  /** The rate in force (what a currency switch converts at, and the approval freezes), today's VAT, the products' VAT categories. */
  approval: {
    exchangeRate: { rate: string; effective_date: string } | null;
    vatRate: string | null;
    vatCategories: Record<number, VatCategory>;
  };
  now: Date;
  onClose: () => void;
  onDone: (message: string) => void;
};

/** The branch with the most of the quotation's lines in full, then the first. */
function bestBranch(quotation: QuotationView, branches: { id: number }[], availability: Record<string, Availability>): number | undefined {
  let best: { id: number; full: number } | undefined;
  for (const b of branches) {
    const full = quotation.products.filter((p) => {
      const at = p.product_id === null ? undefined : availability[p.product_id]?.branches.find((x) => x.branch_id === b.id);
      return (at?.available ?? 0) >= p.quantity;
    }).length;
    if (!best || full > best.full) best = { id: b.id, full };
  }
  return best?.id;
}

/**
 * A line's price as the dialog offers it in `currency`: the price set by hand (under Edit lines, or quoted before) in
 * the quotation's own currency, converted at the rate in force when `currency` is another; else the list price in
 * `currency` (the USD price the request was made at, or the line's secondary price).
 */
function offeredPrice(
  line: QuotationView["products"][number],
  currency: QuotationCurrency,
  from: QuotationCurrency,
  rate: string | null,
): string {
  if (line.quoted_price !== null) {
    if (currency === from) return line.quoted_price;
    return rate ? convertAmount(line.quoted_price, from, currency, rate) : "";
  }
  return listPriceIn(line, currency) ?? "";
}

/**
 * Approve (or reapprove): a unit price per line, the currency and the last day the prices hold (30 days ahead by
 * default), checked with the API's own schema. Prices start at the ones set by hand (Edit lines, or quoted before) or
 * the list price in the chosen currency: the USD price the request was made at (a visitor's: the retail price; a
 * dealer's: their own), or that price in the secondary currency (the line's `price_zwl`). Each line shows the
 * product's RRP and dealer list price now as a hint.
 *
 * A quotation's amounts are in one currency, its own. Switching the currency converts every amount at the rate shown
 * here (the rate in force, sent with the approval so the API refuses it if the rate has changed since): the prices
 * set by hand or typed, and the charges; prices left as offered become the list price in the new currency. The dialog
 * shows every line, every charge, the VAT and the total the approval freezes.
 */
export function ApproveDialog({
  quotation,
  reapprove,
  secondaryCurrency,
  branches,
  availability,
  approval,
  now,
  onClose,
  onDone,
}: ApproveDialogProps) {
  const today = harareDate(now);
  // The currency the quotation's amounts (hand-set prices, charges) are in; the form starts there.
  const own: QuotationCurrency = quotation.currency === "USD" || quotation.currency === secondaryCurrency ? quotation.currency : "USD";
  const rate = approval.exchangeRate?.rate ?? null;
  const { form, register, error, applyAnswer } = useAdminForm(approveQuotationSchema, {
    status: "approved",
    currency: own,
    validUntil: defaultValidityDate(now),
    branchId: quotation.branch_id ?? bestBranch(quotation, branches, availability),
    lines: quotation.products.map((p) => ({ id: p.id, price: offeredPrice(p, own, own, rate) })),
  } satisfies ApproveForm);
  const submit = useAdminSubmit(place);
  const { busy } = submit;
  const currency = form.watch("currency") as QuotationCurrency;
  const prices = form.watch("lines") as ApproveForm["lines"];
  const lineErrors = form.formState.errors.lines;
  const figures = quotationFigures(
    quotation.products.map((p, i) => ({ ...p, quoted_price: String(prices[i]?.price ?? "").trim() || null })),
    currency,
  );
  const verb = reapprove ? "Reapprove" : "Approve";
  const switching = currency !== own;
  const handSet = quotation.products.some((p) => p.quoted_price !== null) || quotation.charges.length > 0;
  // The charges in the chosen currency, as the approval will store them.
  const charges = quotation.charges.map((c) => ({
    ...c,
    shown: switching ? (rate ? convertAmount(chargeText(c), own, currency, rate) : null) : chargeText(c),
  }));
  // The VAT the approval freezes: each line at its product's category and today's standard rate, the charges at the
  // standard rate (decision 017); shown once every line has a price.
  const standard = approval.vatRate;
  const preview =
    standard !== null && figures.complete && charges.every((c) => c.shown !== null)
      ? taxTotals([
          ...quotation.products.map((p, i) => ({
            unit: centsToDecimal(figures.lines[i]?.unitCents ?? 0n),
            quantity: p.quantity,
            vatRate: lineVatRate(p.product_id === null ? "standard" : (approval.vatCategories[p.product_id] ?? "standard"), standard),
          })),
          ...charges.map((c) => ({ unit: c.shown as string, quantity: 1, vatRate: standard })),
        ])
      : null;

  // A new currency: each price still as offered becomes the offer in the new one (a list price, or the hand-set price
  // converted); a price the admin typed is converted at the rate shown, so a USD figure is never sent labelled ZWG.
  const shownCurrency = useRef(currency);
  useEffect(() => {
    const previous = shownCurrency.current;
    if (previous === currency) return;
    shownCurrency.current = currency;
    quotation.products.forEach((line, i) => {
      const name = `lines.${i}.price` as Path<ApproveForm>;
      const value = String(form.getValues(name) ?? "").trim();
      const offered = toCents(offeredPrice(line, previous, own, rate));
      let next: string;
      if (value === "" || (offered !== null && toCents(value) === offered)) next = offeredPrice(line, currency, own, rate);
      else if (rate && toCents(value) !== null) next = convertAmount(value, previous, currency, rate);
      else return;
      form.setValue(name, next, { shouldDirty: true });
      form.clearErrors(name);
    });
    form.setValue("exchangeRate" as Path<ApproveForm>, (currency !== own && rate ? rate : undefined) as never);
  }, [currency, form, quotation.products, own, rate]);

  /** Line issues go under their line's price; the rest as the kit places them. */
  function place(answer: ApiAnswer): string | null {
    let placed = false;
    const rest = answer.issues.filter((issue) => {
      const line = issue.path.match(LINE_ISSUE)?.[1];
      if (line === undefined) return true;
      form.setError(`lines.${Number(line)}.price` as Path<ApproveForm>, { type: "server", message: issue.message });
      placed = true;
      return false;
    });
    const message = applyAnswer({ ...answer, issues: rest });
    return placed && answer.status === 400 ? "Please correct the fields marked below." : message;
  }

  const onSubmit = form.handleSubmit(
    submit.saving(async (values: ApproveQuotationInput) => {
      const answer = await submit.send({ method: "PUT", url: `/api/quotations/${quotation.id}`, body: values });
      if (answer)
        onDone(`Quotation #${quotation.id} ${reapprove ? "reapproved" : "approved"}. The requester has been e-mailed the quotation.`);
    }),
  );

  const arrayError = lineErrors?.message ?? lineErrors?.root?.message;
  return (
    <Dialog open onClose={busy ? () => {} : onClose} title={`${verb} quotation #${quotation.id}`}>
      <FormShell
        title={`${verb} quotation #${quotation.id}`}
        onSubmit={onSubmit}
        {...submit.shell}
        submitLabel={`${verb} and e-mail`}
        onCancel={onClose}
        dirty={form.formState.isDirty}
      >
        <p className="text-sm text-slate-700">
          For {quotation.requester_name} ({quotation.requester_email}). They receive the prices and the quotation as a PDF by e-mail.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Currency" error={error("currency")} {...register("currency")}>
            <option value="USD">USD</option>
            <option value={secondaryCurrency}>{secondaryCurrency}</option>
          </SelectField>
          <SelectField
            label="Reserve stock at"
            error={error("branchId")}
            hint="The lines are held there until the quotation expires or is rejected; what is not there is backordered."
            {...register("branchId", { setValueAs: (v) => (v === "" || v === undefined ? undefined : Number(v)) })}
          >
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Valid until"
            type="date"
            min={today}
            max={addDays(today, QUOTATION_VALIDITY_MAX_DAYS)}
            error={error("validUntil")}
            hint="The last day the prices hold."
            {...register("validUntil")}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">Unit prices ({currency})</legend>
          {arrayError ? (
            <p role="alert" className="text-sm text-red-700">
              {String(arrayError)}
            </p>
          ) : null}
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {quotation.products.map((line, i) => {
              const amount = figures.lines[i]?.lineCents;
              const list = toCents(listPriceIn(line, currency));
              return (
                <li key={line.id} className="grid gap-2 p-3 sm:grid-cols-[1fr_10rem] sm:items-start">
                  <div className="text-sm">
                    <p className="break-words font-medium text-slate-900">{line.product_name}</p>
                    <p className="text-slate-600">
                      Qty <span className="tabular-nums">{line.quantity}</span>
                      {list !== null ? (
                        <>
                          {" "}
                          · {currency === "USD" ? "requested at" : "price"} {currency}{" "}
                          <span className="tabular-nums">{formatMoney(list)}</span>
                        </>
                      ) : line.product_id !== null && currency !== "USD" ? (
                        ` · no ${currency} list price`
                      ) : null}
                      {amount !== null && amount !== undefined ? (
                        <>
                          {" "}
                          · amount {currency} <span className="tabular-nums">{formatMoney(amount)}</span>
                        </>
                      ) : null}
                    </p>
                    {line.retail_price_usd || line.list_price_usd ? (
                      // What the admin approves against: the product's RRP and dealer list price now, USD.
                      <p className="text-slate-600" data-testid="line-reference-prices">
                        {[
                          line.retail_price_usd ? `RRP ${formatMoney(toCents(line.retail_price_usd) ?? 0n)}` : null,
                          line.list_price_usd ? `list ${formatMoney(toCents(line.list_price_usd) ?? 0n)}` : null,
                        ]
                          .filter(Boolean)
                          .join(" · ")}{" "}
                        <span className="sr-only">(USD, excl. VAT)</span>
                      </p>
                    ) : null}
                    {line.product_id !== null && availability[line.product_id] ? (
                      <p className="text-slate-600">
                        Available: {availability[line.product_id]?.branches.map((b) => `${b.name} ${b.available ?? 0}`).join(" · ")}
                      </p>
                    ) : null}
                  </div>
                  <TextField
                    label={`Unit price, ${currency}`}
                    // The visible label first, then which product: every line's field has a name of its own.
                    aria-label={`Unit price, ${currency}: ${line.product_name}`}
                    inputMode="decimal"
                    autoComplete="off"
                    error={lineErrors?.[i]?.price?.message}
                    {...register(`lines.${i}.price` as Path<ApproveForm>)}
                  />
                </li>
              );
            })}
          </ul>
          {charges.length ? (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={`Charges and discounts (${currency})`}>
              {charges.map((c) => (
                <li key={c.id} className="flex items-baseline justify-between gap-4 p-3 text-sm" data-charge={c.kind}>
                  <span className="break-words text-slate-900">{c.label}</span>
                  <span className="shrink-0 tabular-nums">
                    {c.shown === null
                      ? `no rate to convert ${own} ${chargeText(c)}`
                      : `${currency} ${formatMoney(signedCents(c.shown) ?? 0n)}`}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {switching && handSet ? (
            <p className="text-sm text-slate-700" data-testid="approval-rate">
              {rate && approval.exchangeRate
                ? `The prices set by hand and the charges were in ${CURRENCY_NAMES[own]}: converted at ${rateNote(
                    currency === "USD" ? own : currency,
                    approval.exchangeRate.rate,
                    approval.exchangeRate.effective_date,
                  )}.`
                : `There is no exchange rate to convert the ${own} amounts: approve in ${own}, or enter them again under Edit lines.`}
            </p>
          ) : null}
          <dl className="ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-right text-sm" data-testid="approval-totals">
            {preview ? (
              <>
                <dt className="text-slate-700">Total excl. VAT ({currency})</dt>
                <dd className="tabular-nums">{formatMoney(preview.net)}</dd>
                <dt className="text-slate-700">
                  VAT {standard === null ? "" : vatRateLabel(standard)} ({currency})
                </dt>
                <dd className="tabular-nums">{formatMoney(preview.vat)}</dd>
                <dt className="text-base font-semibold text-slate-900">Total incl. VAT ({currency})</dt>
                <dd className="text-base font-semibold tabular-nums text-slate-900">{formatMoney(preview.gross)}</dd>
              </>
            ) : (
              <>
                <dt className="text-base font-semibold text-slate-900">
                  {figures.complete ? "Total" : "Total of priced lines"} excl. VAT ({currency})
                </dt>
                <dd className="text-base font-semibold tabular-nums text-slate-900">{formatMoney(figures.totalCents)}</dd>
              </>
            )}
          </dl>
        </fieldset>
      </FormShell>
    </Dialog>
  );
}
