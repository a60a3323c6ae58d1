import { useEffect, useRef, useState } from "react";
import type { Path } from "react-hook-form";
import { addDays, defaultValidityDate, harareDate, QUOTATION_VALIDITY_MAX_DAYS } from "#shared/quotation-status.ts";
import { formatMoney, listPriceIn, type QuotationCurrency, quotationFigures, toCents } from "#shared/quotation-totals.ts";
import { type ApproveQuotationInput, approveQuotationSchema, type QuotationView } from "#shared/schemas/quotations.ts";
import type { Availability } from "#shared/schemas/stock.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { SelectField, TextField } from "#web/components/ui/text-field.tsx";
import { FormShell, useAdminForm } from "../kit/form-kit.tsx";
import { type ApiAnswer, sendRequest } from "../kit/send-request.ts";

type ApproveForm = {
  status: "approved";
  currency: QuotationCurrency;
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
  /** The branches the lines may be reserved at, and each product's stock there (issue 23 §4). */
  branches: { id: number; name: string }[];
  availability: Record<string, Availability>;
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
 * Approve (or reapprove): a unit price per line, the currency and the last day the prices hold (30 days ahead by
 * default), checked with the API's own schema; the total follows the prices as they are typed. Prices start at the
 * ones quoted before (reapproving) or the price in the chosen currency: the USD price the request was made at (a
 * visitor's: the retail price; a dealer's: their own), or that price in the secondary currency (the line's `price_zwl`).
 * Each line shows the product's RRP and dealer list price now (issue 24 §1) as a hint. Switching the currency re-fills
 * the prices left as they were offered.
 */
export function ApproveDialog({
  quotation,
  reapprove,
  secondaryCurrency,
  branches,
  availability,
  now,
  onClose,
  onDone,
}: ApproveDialogProps) {
  const today = harareDate(now);
  const initialCurrency: QuotationCurrency = quotation.status === "rejected" && quotation.currency !== "USD" ? quotation.currency : "USD";
  const { form, register, error, applyAnswer } = useAdminForm(approveQuotationSchema, {
    status: "approved",
    currency: initialCurrency,
    validUntil: defaultValidityDate(now),
    branchId: quotation.branch_id ?? bestBranch(quotation, branches, availability),
    lines: quotation.products.map((p) => ({ id: p.id, price: p.quoted_price ?? listPriceIn(p, initialCurrency) ?? "" })),
  } satisfies ApproveForm);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const currency = form.watch("currency") as QuotationCurrency;
  const prices = form.watch("lines") as ApproveForm["lines"];
  const lineErrors = form.formState.errors.lines;
  const figures = quotationFigures(
    quotation.products.map((p, i) => ({ ...p, quoted_price: String(prices[i]?.price ?? "").trim() || null })),
    currency,
  );
  const verb = reapprove ? "Reapprove" : "Approve";

  // A new currency: each price still as offered (empty, or the list price in the previous currency) becomes the list
  // price in the new one, so a USD figure is never sent labelled ZWG. Prices the admin typed stay.
  const shownCurrency = useRef(currency);
  useEffect(() => {
    const previous = shownCurrency.current;
    if (previous === currency) return;
    shownCurrency.current = currency;
    quotation.products.forEach((line, i) => {
      const name = `lines.${i}.price` as Path<ApproveForm>;
      const value = String(form.getValues(name) ?? "").trim();
      const offered = toCents(listPriceIn(line, previous));
      if (value !== "" && (offered === null || toCents(value) !== offered)) return;
      form.setValue(name, listPriceIn(line, currency) ?? "", { shouldDirty: true });
      form.clearErrors(name);
    });
  }, [currency, form, quotation.products]);

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

  const onSubmit = form.handleSubmit(async (values: ApproveQuotationInput) => {
    setBusy(true);
    setFailure(null);
    const answer = await sendRequest({ method: "PUT", url: `/api/quotations/${quotation.id}`, body: values });
    setBusy(false);
    if (answer.ok) {
      onDone(`Quotation #${quotation.id} ${reapprove ? "reapproved" : "approved"}. The requester has been e-mailed the quotation.`);
      return;
    }
    setFailure(place(answer));
  });

  const arrayError = lineErrors?.message ?? lineErrors?.root?.message;
  return (
    <Dialog open onClose={busy ? () => {} : onClose} title={`${verb} quotation #${quotation.id}`}>
      <FormShell
        title={`${verb} quotation #${quotation.id}`}
        onSubmit={onSubmit}
        busy={busy}
        error={failure}
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
                      // What the admin approves against (issue 24 §1): the product's RRP and dealer list price now, USD.
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
          <p className="text-right text-base font-semibold text-slate-900">
            {figures.complete ? "Total" : "Total of priced lines"} ({currency}):{" "}
            <span className="tabular-nums">{formatMoney(figures.totalCents)}</span>
          </p>
        </fieldset>
      </FormShell>
    </Dialog>
  );
}
