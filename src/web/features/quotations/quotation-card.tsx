import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { formatDate } from "#shared/dates.ts";
import { signedCents } from "#shared/money.ts";
import { quotationStatusView } from "#shared/quotation-status.ts";
import { chargeCents, formatMoney, quotationFigures, quotationOtherCurrencyLines } from "#shared/quotation-totals.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import { vatRateLabel } from "#shared/tax.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { Token } from "../../components/ui/token.tsx";

/** The PDF download; the API answers with the session cookie, so the pages link to it directly. */
export function quotationPdfPath(id: number): string {
  return `/api/quotations/${id}/pdf`;
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The quoted prices of an approved quotation: unit and line amounts and the total, in the quotation's currency. */
function PriceTable({ quotation }: { quotation: QuotationView }) {
  const { currency } = quotation;
  const { lines, totalCents, complete } = quotationFigures(quotation.products, currency);
  // Delivery and installation add, a discount subtracts; amounts excl. VAT, like the lines.
  const chargesCents = quotation.charges.reduce((sum, c) => sum + chargeCents(c), 0n);
  return (
    <table className="mt-2 w-full table-fixed border-collapse text-sm">
      <caption className="sr-only">
        Quoted prices in {currency} for quotation #{quotation.id}
      </caption>
      <thead>
        <tr className="border-b border-slate-300 text-left text-slate-600">
          <th scope="col" className="w-[40%] py-2 pr-2 font-medium sm:w-1/2">
            Product
          </th>
          <th scope="col" className="w-[12%] py-2 pr-2 text-right font-medium">
            Qty
          </th>
          <th scope="col" className="py-2 pr-2 text-right font-medium">
            Unit ({currency})
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Amount ({currency})
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} className="border-b border-slate-100 align-top">
            <td className="break-words py-2 pr-2 text-slate-900">{line.product_name}</td>
            <td className="py-2 pr-2 text-right tabular-nums">{line.quantity}</td>
            <td className="py-2 pr-2 text-right tabular-nums">
              {line.unitCents === null ? "Price on request" : <Token>{formatMoney(line.unitCents)}</Token>}
            </td>
            <td className="py-2 text-right tabular-nums">{line.lineCents === null ? "–" : <Token>{formatMoney(line.lineCents)}</Token>}</td>
          </tr>
        ))}
        {quotation.charges.map((charge) => (
          <tr key={`charge-${charge.id}`} className="border-b border-slate-100 align-top" data-charge={charge.kind}>
            <td colSpan={3} className="break-words py-2 pr-2 text-slate-900">
              {charge.label}
            </td>
            <td className="py-2 text-right tabular-nums">
              <Token>{formatMoney(chargeCents(charge))}</Token>
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {quotation.subtotal !== null && quotation.vat !== null && quotation.total !== null ? (
          // The JSON's own totals, as the PDF and the e-mail print them (decision 017): excl. VAT, VAT, incl. VAT.
          <>
            <TotalRow
              label={`Total excl. VAT (${currency})`}
              amount={quotation.subtotal}
              testId="quotation-subtotal"
              className="pt-3 font-medium text-slate-700"
            />
            <TotalRow
              label={`VAT ${quotation.vat_rate === null ? "" : vatRateLabel(quotation.vat_rate)} (${currency})`}
              amount={quotation.vat}
              testId="quotation-vat"
              className="font-medium text-slate-700"
            />
            <TotalRow
              label={`Total incl. VAT (${currency})`}
              amount={quotation.total}
              testId="quotation-total"
              className="pt-1 font-semibold text-slate-900"
            />
            {quotationOtherCurrencyLines(quotation).map((line) => (
              <tr key={line}>
                <td colSpan={4} className="pt-1 text-right text-xs text-slate-600" data-testid="quotation-other-currency">
                  {line}
                </td>
              </tr>
            ))}
          </>
        ) : (
          <tr>
            <th scope="row" colSpan={3} className="pt-3 pr-2 text-right font-semibold text-slate-900">
              {complete ? `Total excl. VAT (${currency})` : `Total of priced lines excl. VAT (${currency})`}
            </th>
            <td className="pt-3 text-right font-semibold tabular-nums text-slate-900" data-testid="quotation-total">
              <Token>{formatMoney(totalCents + chargesCents)}</Token>
            </td>
          </tr>
        )}
      </tfoot>
    </table>
  );
}

/**
 * What a quotation holds: the requester's details and notes, the products (with the quoted prices once approved)
 * and, once rejected, the reason. The dealer's card and the back office's expanded row show the same.
 */
export function QuotationDetails({ quotation, approved, rejected }: { quotation: QuotationView; approved: boolean; rejected: boolean }) {
  return (
    <>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Field label="Name">{quotation.requester_name}</Field>
        <Field label="Phone">{quotation.requester_phone}</Field>
        <Field label="Email">{quotation.requester_email}</Field>
        <Field label="Address">{quotation.requester_address}</Field>
        <Field label="Notes" wide>
          {quotation.notes.trim() ? <span className="whitespace-pre-line">{quotation.notes}</span> : "Not provided"}
        </Field>
      </dl>

      <h3 className="mt-6 text-base font-semibold text-slate-900">Products</h3>
      {approved ? (
        <PriceTable quotation={quotation} />
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {quotation.products.map((line) => (
            <li key={line.id} className="flex items-baseline justify-between gap-4 px-3 py-2 text-sm">
              <span className="break-words text-slate-900">{line.product_name}</span>
              <span className="shrink-0 text-slate-700">
                Qty <span className="tabular-nums">{line.quantity}</span>
              </span>
            </li>
          ))}
          {quotation.charges.map((charge) => (
            <li
              key={`charge-${charge.id}`}
              className="flex items-baseline justify-between gap-4 px-3 py-2 text-sm"
              data-charge={charge.kind}
            >
              <span className="break-words text-slate-900">{charge.label}</span>
              <Token>{formatMoney(chargeCents(charge))}</Token>
            </li>
          ))}
        </ul>
      )}

      {rejected && quotation.decision_reason ? (
        <div className="mt-5 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">Reason</p>
          <p className="mt-1 whitespace-pre-line break-words" data-testid="rejection-reason">
            {quotation.decision_reason}
          </p>
        </div>
      ) : null}
    </>
  );
}

type QuotationCardProps = {
  quotation: QuotationView;
  /** From the loader, so the server's HTML and the browser's render agree on whether a quotation has expired. */
  now: Date;
  /** The back office's buttons (approve, reject, reapprove), or the dealer's Accept, after the PDF link. */
  actions?: ReactNode;
  /** data-tour attribute, for guided tours. */
  tour?: string;
  /** No PDF link (the visitor's private page: the PDF came with the e-mail and its route needs an account). */
  noPdf?: boolean;
  /**
   * False when the reader may see no amounts (the private page of a technician's own request, under the server's
   * money rule): the products and quantities only, never a price table of "Price on request" lines.
   */
  prices?: boolean;
};

/**
 * One quotation (spec §2): id, status, requester details, notes, date and products; once approved, the quoted
 * prices in its currency, how long they hold and the PDF; once rejected, the reason. The dealer page and the back
 * office show the same card; the back office adds its actions.
 */
export function QuotationCard({ quotation, now, actions, tour, noPdf = false, prices = true }: QuotationCardProps) {
  const status = quotationStatusView(quotation.status, { createdAt: quotation.created_At, validUntil: quotation.valid_until }, now);
  const headingId = `quotation-${quotation.id}-title`;
  // An accepted quotation keeps its PDF: it is what was agreed.
  const showPdf = !noPdf && ((status.approved && status.validUntil !== null) || status.status === "accepted");
  return (
    <article aria-labelledby={headingId} data-tour={tour} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-slate-900">
            Quotation #{quotation.id}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Requested on{" "}
            <time dateTime={quotation.created_At}>
              <Token>{formatDate(new Date(quotation.created_At))}</Token>
            </time>
            {quotation.placed_by ? <span data-placed-by="">{` by ${quotation.placed_by.full_name}`}</span> : null}
          </p>
        </div>
        <p className={status.badgeClass} data-status={status.status}>
          <span className="sr-only">Status: </span>
          {status.label}
        </p>
      </header>

      <div className="mt-5">
        <QuotationDetails
          quotation={quotation}
          approved={prices && (status.approved || status.status === "accepted")}
          rejected={status.status === "rejected"}
        />
      </div>

      {showPdf || actions ? (
        <footer className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
          {status.approved && status.validUntil ? (
            <p className="text-sm text-slate-700">
              Valid until{" "}
              <time className="font-semibold text-slate-900" dateTime={status.validUntil.toISOString()}>
                <Token>{formatDate(status.validUntil)}</Token>
              </time>
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3 sm:ml-auto">
            {showPdf ? (
              <a
                href={quotationPdfPath(quotation.id)}
                download={`quotation-${quotation.id}.pdf`}
                className={buttonClass(actions ? "outline" : "primary")}
              >
                <Download aria-hidden="true" className="size-4" />
                Download PDF<span className="sr-only"> of quotation #{quotation.id}</span>
              </a>
            ) : null}
            {actions}
          </div>
        </footer>
      ) : null}
      {status.status === "expired" && status.validUntil ? (
        <p className="mt-5 border-t border-slate-200 pt-4 text-sm text-slate-700">
          Expired on <time dateTime={status.validUntil.toISOString()}>{formatDate(status.validUntil)}</time>. Ask us for a new quotation.
        </p>
      ) : null}
    </article>
  );
}

/** One of the totals under the lines: its label and its signed amount (decision 025). */
function TotalRow({ label, amount, testId, className }: { label: string; amount: string; testId: string; className: string }) {
  return (
    <tr>
      <th scope="row" colSpan={3} className={`pr-2 text-right ${className}`}>
        {label}
      </th>
      <td className={`text-right tabular-nums ${className}`} data-testid={testId}>
        <Token>{formatMoney(signedCents(amount) ?? 0n)}</Token>
      </td>
    </tr>
  );
}
