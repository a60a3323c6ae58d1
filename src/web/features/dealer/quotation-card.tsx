import { Download } from "lucide-react";
import type { QuotationView } from "#server/modules/quotations/quotations.service.ts";
import { formatDate } from "#shared/dates.ts";
import { QUOTATION_VALIDITY_DAYS, quotationStatusView } from "#shared/quotation-status.ts";
import { buttonClass } from "../../components/ui/button.ts";

/** Dates print the same on the server and in the browser: a fixed locale and the company's time zone. */
const moneyFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The quoted figures in whole cents (prices are numeric(12,2) text), so the total is exact. */
function figures(products: QuotationView["products"]) {
  const lines = products.map((p) => {
    const unit = p.price === null || Number.isNaN(Number(p.price)) ? null : Math.round(Number(p.price) * 100);
    return { ...p, unit, amount: unit === null ? null : unit * p.quantity };
  });
  return { lines, total: lines.reduce((sum, l) => sum + (l.amount ?? 0), 0), complete: lines.every((l) => l.amount !== null) };
}

const money = (cents: number) => moneyFormat.format(cents / 100);

/** The PDF download; the API answers with the session cookie, so the page links to it directly. */
export function quotationPdfPath(id: number): string {
  return `/api/quotations/${id}/pdf`;
}

function Field({ label, children, wide = false }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * One quotation of the dealer's list (spec §2): id, status, requester details, notes, date and products; once
 * approved, the quoted prices, how long they hold and the PDF. `now` comes from the loader, so the server's HTML
 * and the browser's render agree on whether a quotation has expired.
 */
export function QuotationCard({ quotation, now }: { quotation: QuotationView; now: Date }) {
  const status = quotationStatusView(quotation.status, quotation.created_At, now);
  const headingId = `quotation-${quotation.id}-title`;
  const { lines, total, complete } = figures(quotation.products);
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-slate-900">
            Quotation #{quotation.id}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Requested on <time dateTime={quotation.created_At}>{formatDate(new Date(quotation.created_At))}</time>
          </p>
        </div>
        <p className={status.badgeClass} data-status={status.status}>
          <span className="sr-only">Status: </span>
          {status.label}
        </p>
      </header>

      <dl className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Field label="Name">{quotation.requester_name}</Field>
        <Field label="Phone">{quotation.requester_phone}</Field>
        <Field label="Email">{quotation.requester_email}</Field>
        <Field label="Address">{quotation.requester_address}</Field>
        <Field label="Notes" wide>
          {quotation.notes.trim() ? <span className="whitespace-pre-line">{quotation.notes}</span> : "Not provided"}
        </Field>
      </dl>

      <h3 className="mt-6 text-base font-semibold text-slate-900">Products</h3>
      {status.approved ? (
        <table className="mt-2 w-full table-fixed border-collapse text-sm">
          <caption className="sr-only">Quoted prices in US dollars for quotation #{quotation.id}</caption>
          <thead>
            <tr className="border-b border-slate-300 text-left text-slate-600">
              <th scope="col" className="w-[44%] py-2 pr-2 font-medium sm:w-1/2">
                Product
              </th>
              <th scope="col" className="py-2 pr-2 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="py-2 pr-2 text-right font-medium">
                Unit (USD)
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount (USD)
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines never change order, and one product may be listed twice
              <tr key={`${line.product_id ?? "x"}-${i}`} className="border-b border-slate-100 align-top">
                <td className="break-words py-2 pr-2 text-slate-900">{line.product_name}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{line.quantity}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{line.unit === null ? "On request" : money(line.unit)}</td>
                <td className="py-2 text-right tabular-nums">{line.amount === null ? "–" : money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="pt-3 pr-2 text-right font-semibold text-slate-900">
                {complete ? "Total (USD)" : "Total of priced lines (USD)"}
              </th>
              <td className="pt-3 text-right font-semibold tabular-nums text-slate-900">{money(total)}</td>
            </tr>
          </tfoot>
        </table>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {quotation.products.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines never change order, and one product may be listed twice
            <li key={`${line.product_id ?? "x"}-${i}`} className="flex items-baseline justify-between gap-4 px-3 py-2 text-sm">
              <span className="break-words text-slate-900">{line.product_name}</span>
              <span className="shrink-0 text-slate-700">
                Qty <span className="tabular-nums">{line.quantity}</span>
              </span>
            </li>
          ))}
        </ul>
      )}

      {status.approved && status.validUntil ? (
        <footer className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-700">
            Valid until{" "}
            <time className="font-semibold text-slate-900" dateTime={status.validUntil.toISOString()}>
              {formatDate(status.validUntil)}
            </time>
          </p>
          <a href={quotationPdfPath(quotation.id)} download={`quotation-${quotation.id}.pdf`} className={buttonClass("primary")}>
            <Download aria-hidden="true" className="size-4" />
            Download PDF<span className="sr-only"> of quotation #{quotation.id}</span>
          </a>
        </footer>
      ) : status.status === "expired" && status.validUntil ? (
        <p className="mt-5 border-t border-slate-200 pt-4 text-sm text-slate-700">
          Expired on <time dateTime={status.validUntil.toISOString()}>{formatDate(status.validUntil)}</time>: approved quotations hold for{" "}
          {QUOTATION_VALIDITY_DAYS} days. Ask us for a new one.
        </p>
      ) : null}
    </article>
  );
}
