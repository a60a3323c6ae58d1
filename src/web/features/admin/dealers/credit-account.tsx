import { Download } from "lucide-react";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { formatDate } from "#shared/dates.ts";
import { formatAmount, signedCents } from "#shared/money.ts";
import {
  ACCOUNT_PAYMENT_METHOD_LABELS,
  ACCOUNT_PAYMENT_METHODS,
  CREDIT_TERMS,
  CREDIT_TERMS_LABELS,
  type LedgerEntry,
  type Statement,
} from "#shared/schemas/credit.ts";
import { TAX_DOCUMENT_KIND_LABELS } from "#shared/schemas/tax-documents.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { SelectField, TextField } from "#web/components/ui/text-field.tsx";
import { Token } from "#web/components/ui/token.tsx";
import { DateRangeForm } from "../kit/date-range-form.tsx";
import { SimpleTable } from "../kit/simple-table.tsx";
import { STEP_UP_HINT, StepUpCodeField } from "../users/step-up.tsx";
import {
  ALLOCATION_INVOICE_FIELD,
  allocationError,
  allocationField,
  type CreditIntent,
  type CreditResult,
  paymentReferenceLabel,
} from "./credit-form.ts";

/** What the admin dealer page loads for the credit section (credit-page.server.ts). */
export type CreditPageData = {
  /** Today's account: the figures, the open invoices and unallocated payments the forms work on. */
  current: Statement;
  /** The ledger's period (the same statement when none was asked). */
  ledger: Statement;
  /** False when the period's days were not understood (this month is shown). */
  periodUnderstood: boolean;
  canSetTerms: boolean;
  /** Recording payments and allocating them (`orders.payments`, decision 035). */
  canRecordPayments: boolean;
  today: string;
};

const usd = (amount: string) => formatAmount("USD", amount);
const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);
const isZero = (amount: string) => signedCents(amount) === 0n;

const SUBHEADING = "text-base font-semibold text-slate-900";
const CARD = "max-w-3xl space-y-4 rounded-md border border-slate-200 p-4";

/** True while the page's form of `intent` is being sent. */
function useSending(intent: CreditIntent): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formData?.get("intent") === intent;
}

function SubmitButton({ sending, label, busyLabel }: { sending: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" disabled={sending} aria-busy={sending || undefined} className={buttonClass("primary", "w-full sm:w-auto")}>
      {sending ? busyLabel : label}
    </button>
  );
}

/** The account's figures today, and the hold when orders on account are stopped. */
function CreditFigures({ summary }: { summary: Statement["summary"] }) {
  const figures: [string, string, string?][] = [
    ["Terms", CREDIT_TERMS_LABELS[summary.terms]],
    ["Credit limit", usd(summary.limit)],
    ["Balance", usd(summary.balance), "Open invoices and orders on account not invoiced yet, less unallocated credit."],
    ["Available", usd(summary.available)],
    ["Overdue", usd(summary.overdue)],
    ["Unallocated credit", usd(summary.unallocated)],
  ];
  return (
    <>
      {summary.hold ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-credit-hold="">
          <strong>On hold:</strong> orders on account are paused because invoice <Token>{summary.hold.invoice}</Token> (due{" "}
          {day(summary.hold.due_on)}) is {summary.hold.days_overdue} days overdue, more than the {summary.hold.hold_days} days allowed. The
          company can still pay for orders before dispatch.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 xl:grid-cols-6">
        {figures.map(([label, value, note]) => (
          <div key={label} className="min-w-0" data-credit-figure={label}>
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="text-base font-semibold text-slate-900">
              <Token>{value}</Token>
              {note ? <span className="block text-xs font-normal text-slate-600">{note}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The terms form (`dealers.terms`), with the fresh code a sensitive change asks for (decision 035). */
function TermsForm({ summary, result }: { summary: Statement["summary"]; result: CreditResult | undefined }) {
  const sending = useSending("credit-terms");
  const mine = result?.form === "credit-terms" ? result : undefined;
  return (
    <Form method="post" noValidate preventScrollReset className={CARD} aria-label="Payment terms" aria-busy={sending || undefined}>
      <input type="hidden" name="intent" value="credit-terms" />
      {mine?.formError ? <FormAlert>{mine.formError}</FormAlert> : null}
      {mine?.success ? <FormAlert tone="success">{mine.success}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Payment terms"
          name="terms"
          defaultValue={mine?.values?.terms ?? summary.terms}
          error={mine?.fieldErrors?.terms}
        >
          {CREDIT_TERMS.map((t) => (
            <option key={t} value={t}>
              {CREDIT_TERMS_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Credit limit (USD)"
          name="limit"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={mine?.values?.limit ?? summary.limit}
          error={mine?.fieldErrors?.limit}
          hint="0 for cash before dispatch."
        />
      </div>
      <StepUpCodeField className="max-w-xs" hint={STEP_UP_HINT} error={mine?.fieldErrors?.stepUpCode} />
      <SubmitButton sending={sending} label="Save terms" busyLabel="Saving…" />
    </Form>
  );
}

/** An amount field for each open invoice (a by-hand allocation), with the invoice's number, due day and open amount. */
function InvoiceAmounts({
  invoices,
  typed,
  error,
}: {
  invoices: Statement["open_invoices"];
  typed: Record<string, string>;
  error: (invoiceId: number) => string | undefined;
}) {
  return (
    <ul className="space-y-3">
      {invoices.map((invoice) => (
        <li key={invoice.id}>
          <input type="hidden" name={ALLOCATION_INVOICE_FIELD} value={invoice.id} />
          <TextField
            label={`${invoice.number}: ${usd(invoice.open)} open, due ${day(invoice.due_on)}${invoice.days_overdue > 0 ? ` (${invoice.days_overdue} days overdue)` : ""}`}
            name={allocationField(invoice.id)}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={typed[invoice.id] ?? ""}
            error={error(invoice.id)}
            className="max-w-md"
          />
        </li>
      ))}
    </ul>
  );
}

/** A payment received: the day, amount, currency, method and reference, given to the oldest invoices or by hand. */
function PaymentForm({
  current,
  result,
  secondaryCurrency,
  today,
}: {
  current: Statement;
  result: CreditResult | undefined;
  secondaryCurrency: string;
  today: string;
}) {
  const sending = useSending("payment");
  const mine = result?.form === "payment" ? result : undefined;
  const values = mine?.success ? undefined : mine?.values;
  const errors = mine?.fieldErrors as Partial<Record<string, string>> | undefined;
  const invoices = current.open_invoices;
  const byHand = mine?.mode === "hand" && !mine.success;
  const legendId = useId();
  return (
    <Form
      // A new, empty form once a payment is recorded.
      key={mine?.paymentId ?? "payment"}
      method="post"
      noValidate
      preventScrollReset
      className={`group ${CARD}`}
      aria-label="Record a payment"
      aria-busy={sending || undefined}
    >
      <input type="hidden" name="intent" value="payment" />
      {mine?.formError ? <FormAlert>{mine.formError}</FormAlert> : null}
      {mine?.success ? <FormAlert tone="success">{mine.success}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Day received"
          name="receivedOn"
          type="date"
          max={today}
          defaultValue={values?.receivedOn ?? today}
          error={errors?.receivedOn}
        />
        <TextField
          label="Amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={values?.amount ?? ""}
          error={errors?.amount}
        />
        <SelectField label="Currency" name="currency" defaultValue={values?.currency ?? "USD"} error={errors?.currency}>
          <option value="USD">USD</option>
          {secondaryCurrency !== "USD" ? (
            <option value={secondaryCurrency}>{secondaryCurrency} (at the rate of the day received)</option>
          ) : null}
        </SelectField>
        <SelectField label="Method" name="method" defaultValue={values?.method ?? "bank_transfer"} error={errors?.method}>
          {ACCOUNT_PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {ACCOUNT_PAYMENT_METHOD_LABELS[m]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Reference"
          name="reference"
          maxLength={120}
          autoComplete="off"
          hint="As the bank, ZIPIT or EcoCash shows it."
          defaultValue={values?.reference ?? ""}
          error={errors?.reference}
          className="sm:col-span-2"
        />
      </div>
      {invoices.length === 0 ? (
        <p className="text-sm text-slate-700">
          No invoice is open: the payment stays a credit on the account and settles the next invoice.
        </p>
      ) : (
        <fieldset className="space-y-3" aria-describedby={errors?.allocations ? `${legendId}-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800">Allocation</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            {(
              [
                ["oldest", "Oldest invoices first"],
                ["hand", "By hand"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-3 text-sm text-slate-900">
                <input
                  type="radio"
                  name="allocation"
                  value={value}
                  defaultChecked={(value === "hand") === byHand}
                  data-by-hand={value === "hand" ? "" : undefined}
                  className="size-5 shrink-0 accent-accent-700"
                />
                {label}
              </label>
            ))}
          </div>
          {errors?.allocations ? (
            <p id={`${legendId}-error`} className="text-sm text-red-700">
              {errors.allocations}
            </p>
          ) : null}
          {/* The amounts per invoice, shown while "By hand" is chosen (CSS alone: the form works without script). */}
          <div className="hidden space-y-2 group-has-[[data-by-hand]:checked]:block">
            <p className="text-sm text-slate-700">The amount to give each invoice; what is left stays a credit on the account.</p>
            <InvoiceAmounts
              invoices={invoices}
              typed={byHand ? (mine?.typed ?? {}) : {}}
              error={(id) => (byHand ? allocationError(errors, mine?.sent ?? [], id) : undefined)}
            />
          </div>
        </fieldset>
      )}
      <SubmitButton sending={sending} label="Record payment" busyLabel="Recording…" />
    </Form>
  );
}

/** Each payment with something unallocated, with a by-hand allocation of it to the open invoices. */
function UnallocatedCredit({ current, result }: { current: Statement; result: CreditResult | undefined }) {
  const sending = useSending("allocate");
  const payments = current.unallocated_payments;
  if (payments.length === 0) return <p className="text-sm text-slate-700">Every payment is allocated to invoices.</p>;
  const done = result?.form === "allocate" && result.success ? result : undefined;
  return (
    <>
      {done ? <FormAlert tone="success">{done.success}</FormAlert> : null}
      <ul className="space-y-4">
        {payments.map((p) => {
          const mine = result?.form === "allocate" && result.paymentId === p.id && !result.success ? result : undefined;
          const errors = mine?.fieldErrors as Partial<Record<string, string>> | undefined;
          const name = `${paymentReferenceLabel(p.reference)}, received ${day(p.received_on)}`;
          return (
            <li key={p.id} className={CARD} data-unallocated-payment={p.id}>
              <p className="text-sm text-slate-900">
                <strong>{name}</strong>: <Token>{usd(p.open)}</Token> unallocated
              </p>
              {current.open_invoices.length === 0 ? (
                <p className="text-sm text-slate-700">No invoice is open: it settles the next invoice.</p>
              ) : (
                <Form method="post" noValidate preventScrollReset className="space-y-3" aria-label={`Allocate ${name}`}>
                  <input type="hidden" name="intent" value="allocate" />
                  <input type="hidden" name="paymentId" value={p.id} />
                  {mine?.formError ? <FormAlert>{mine.formError}</FormAlert> : null}
                  {errors?.allocations ? <FormAlert>{errors.allocations}</FormAlert> : null}
                  <InvoiceAmounts
                    invoices={current.open_invoices}
                    typed={mine?.typed ?? {}}
                    error={(id) => allocationError(errors, mine?.sent ?? [], id)}
                  />
                  <SubmitButton sending={sending} label="Allocate" busyLabel="Allocating…" />
                </Form>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

const ENTRY_LABELS: Record<LedgerEntry["kind"], string> = { ...TAX_DOCUMENT_KIND_LABELS, payment: "Payment" };
const amountCell = (amount: string) => (isZero(amount) ? "" : <Token>{usd(amount)}</Token>);

/** The period's entries with the running balance, its days as a GET form, and the statement's files. */
function Ledger({ userId, ledger, periodUnderstood }: { userId: number; ledger: Statement; periodUnderstood: boolean }) {
  const period = new URLSearchParams({ from: ledger.from, to: ledger.to });
  return (
    <div className="space-y-4">
      <DateRangeForm id="ledger" keep={{}} from={ledger.from} to={ledger.to}>
        {periodUnderstood ? null : (
          <p role="alert" className="text-sm text-red-700">
            The dates were not understood: showing this month.
          </p>
        )}
      </DateRangeForm>
      <div className="flex flex-wrap gap-3">
        <a href={`/api/dealers/${userId}/ledger.pdf?${period}`} className={buttonClass("outline")} download>
          <Download aria-hidden="true" className="size-4" /> Statement PDF
        </a>
        <a href={`/api/dealers/${userId}/ledger.csv?${period}`} className={buttonClass("outline")} download data-export-csv="">
          <Download aria-hidden="true" className="size-4" /> Statement CSV
        </a>
      </div>
      <p className="text-sm text-slate-700">
        Opening balance on {day(ledger.from)}: <Token className="font-semibold text-slate-900">{usd(ledger.opening_balance)}</Token>
      </p>
      <SimpleTable<LedgerEntry>
        caption={`Ledger from ${day(ledger.from)} to ${day(ledger.to)}`}
        rows={ledger.entries}
        rowKey={(e) => `${e.kind}-${e.id}`}
        empty="Nothing was invoiced or paid in this period."
        wrapperClassName="overflow-x-auto rounded-md border border-slate-200"
        className="w-full text-left text-sm"
        headClassName="bg-slate-50 text-slate-700"
        rowClassName="border-t border-slate-200 align-top"
        columns={[
          { header: "Date", className: "px-3 py-2", cell: (e) => <Token>{day(e.date)}</Token> },
          {
            header: "Entry",
            className: "px-3 py-2 min-w-48",
            cell: (e) => (
              <span data-ledger-entry={e.kind}>
                <span className="block font-medium text-slate-900">
                  {ENTRY_LABELS[e.kind]} {e.kind === "payment" ? paymentReferenceLabel(e.reference) : <Token>{e.reference}</Token>}
                </span>
                {e.order_reference ? <span className="block text-xs text-slate-600">Order {e.order_reference}</span> : null}
                {e.currency !== "USD" ? (
                  <span className="block text-xs text-slate-600">
                    {formatAmount(e.currency, e.amount)}
                    {e.exchange_rate ? ` at ${e.exchange_rate} per USD` : ""}
                  </span>
                ) : null}
                {e.due_on ? <span className="block text-xs text-slate-600">Due {day(e.due_on)}</span> : null}
              </span>
            ),
          },
          { header: "Debit", className: "px-3 py-2 text-right", cell: (e) => amountCell(e.debit) },
          { header: "Credit", className: "px-3 py-2 text-right", cell: (e) => amountCell(e.credit) },
          { header: "Balance", className: "px-3 py-2 text-right", cell: (e) => <Token>{usd(e.balance)}</Token> },
        ]}
      />
      <p className="text-sm text-slate-700">
        Closing balance on {day(ledger.to)}: <Token className="font-semibold text-slate-900">{usd(ledger.closing_balance)}</Token>
      </p>
    </div>
  );
}

/**
 * The company's account with the distributor (decision 034): its figures, its terms, a payment received, unallocated
 * credit given to invoices by hand, and the ledger for a period. Every form is a plain post to the page's action.
 */
export function CreditAccount({
  userId,
  data,
  result,
  secondaryCurrency,
}: {
  userId: number;
  data: CreditPageData;
  result: CreditResult | undefined;
  secondaryCurrency: string;
}) {
  const headingId = useId();
  const { current, ledger, canSetTerms, canRecordPayments, today, periodUnderstood } = data;
  return (
    <section
      id="credit-account"
      aria-labelledby={headingId}
      className="min-w-0 space-y-6 rounded-lg border border-slate-200 bg-white p-5"
      data-tour="dealer-credit"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Credit account
      </h2>
      <CreditFigures summary={current.summary} />
      {/* Only the forms the role allows (decision 035); the figures above say the terms to everyone. */}
      {canSetTerms ? (
        <div className="space-y-3">
          <h3 className={SUBHEADING}>Terms</h3>
          <TermsForm summary={current.summary} result={result} />
        </div>
      ) : null}
      {canRecordPayments ? (
        <>
          <div className="space-y-3">
            <h3 className={SUBHEADING}>Record a payment</h3>
            <PaymentForm current={current} result={result} secondaryCurrency={secondaryCurrency} today={today} />
          </div>
          <div className="space-y-3">
            <h3 className={SUBHEADING}>Unallocated credit</h3>
            <UnallocatedCredit current={current} result={result} />
          </div>
        </>
      ) : null}
      <div className="space-y-3">
        <h3 className={SUBHEADING}>Ledger</h3>
        <Ledger userId={userId} ledger={ledger} periodUnderstood={periodUnderstood} />
      </div>
    </section>
  );
}
