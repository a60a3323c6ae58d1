import { ChevronRight, Download } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { formatDate } from "#shared/dates.ts";
import { provinceName } from "#shared/provinces.ts";
import { quotationStatusView } from "#shared/quotation-status.ts";
import type { QuotationView } from "#shared/schemas/quotations.ts";
import { RowActionAnchor, RowActions } from "#web/components/ui/row-actions.tsx";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import { QuotationDetails, quotationPdfPath } from "#web/features/quotations/quotation-card.tsx";

type Props = {
  rows: readonly QuotationView[];
  /** The loader's clock, so the server's HTML and the browser agree on what has expired. */
  now: Date;
  /** The table's caption id (the list's name). */
  captionId: string;
  label: string;
  /** The decisions of a row (Approve, Reject, Reapprove). */
  actions: (quotation: QuotationView) => ReactNode;
  /** data-tour of each quotation's rows. */
  tour?: string;
};

const COLUMNS = ["Quotation", "Requested", "Requester", "Status"] as const;

/** "2 products, 5 units": the row's summary; the details list every product with its quantity. */
function productsSummary(q: QuotationView): string {
  const lines = q.products.length;
  const units = q.products.reduce((sum, line) => sum + line.quantity, 0);
  return `${lines} ${lines === 1 ? "product" : "products"}, ${units} ${units === 1 ? "unit" : "units"}`;
}

function QuotationRows({ quotation: q, now, actions, tour }: { quotation: QuotationView; now: Date; actions: ReactNode; tour?: string }) {
  const [open, setOpen] = useState(false);
  const status = quotationStatusView(q.status, { createdAt: q.created_At, validUntil: q.valid_until }, now);
  const detailsId = `quotation-${q.id}-details`;
  const showPdf = status.approved && status.validUntil !== null;
  const cell = "px-3 py-2 max-md:p-0";
  return (
    <tbody data-tour={tour} data-quotation={q.id} className="border-t border-slate-200 first:border-t-0 max-md:block">
      <tr className="align-middle hover:bg-slate-50 max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-2 max-md:p-3">
        <th scope="row" className={`${cell} text-left font-normal`}>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((v) => !v)}
            className="-ml-1.5 inline-flex min-h-10 items-center gap-1 rounded-md px-1.5 font-semibold whitespace-nowrap text-slate-900 tabular-nums hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
          >
            <ChevronRight
              aria-hidden="true"
              className={`size-4 transition-transform motion-reduce:transition-none ${open ? "rotate-90" : ""}`}
            />
            <span className="sr-only">Quotation </span>#{q.id}
          </button>
        </th>
        <td className={cell}>
          <time dateTime={q.created_At}>
            <Token>{formatDate(new Date(q.created_At))}</Token>
          </time>
          <Token className="block text-slate-600 max-md:hidden">{productsSummary(q)}</Token>
        </td>
        <td className={`${cell} ${NAME_CELL_CLASS} max-md:order-last max-md:w-full`}>
          <span className="block font-medium break-words text-slate-900">{q.requester_name}</span>
          <Token className="block text-slate-600">{q.requester_email}</Token>
          {q.installer_province ? (
            // The request is also an enquiry for a certified installer, routed on /admin/leads.
            <Link
              to="/admin/leads"
              data-installer-wanted={q.installer_province}
              className="mt-1 inline-block rounded text-sm font-medium text-amber-800 underline decoration-amber-300 underline-offset-2 hover:text-amber-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
            >
              Installer wanted ({provinceName(q.installer_province)})
            </Link>
          ) : null}
        </td>
        <td className={cell}>
          <span className={status.badgeClass} data-status={status.status}>
            <span className="sr-only">Status: </span>
            {status.label}
          </span>
        </td>
        <td className={`${cell} w-px whitespace-nowrap max-md:order-last max-md:w-full`}>
          {showPdf || actions ? (
            <RowActions>
              {showPdf ? (
                <RowActionAnchor
                  href={quotationPdfPath(q.id)}
                  download={`quotation-${q.id}.pdf`}
                  icon={Download}
                  iconOnly
                  label="Download PDF"
                  name={`of quotation #${q.id}`}
                />
              ) : null}
              {actions}
            </RowActions>
          ) : null}
        </td>
      </tr>
      <tr id={detailsId} hidden={!open} className="max-md:block">
        <td colSpan={COLUMNS.length + 1} className="border-t border-slate-100 bg-slate-50 px-4 pt-4 pb-5 max-md:block">
          <QuotationDetails quotation={q} approved={status.approved} rejected={status.status === "rejected"} />
          {status.validUntil && (showPdf || status.status === "expired") ? (
            <p className="mt-4 text-sm text-slate-700">
              {status.status === "expired" ? "Expired on " : "Valid until "}
              <time className="font-semibold text-slate-900" dateTime={status.validUntil.toISOString()}>
                <Token>{formatDate(status.validUntil)}</Token>
              </time>
            </p>
          ) : null}
        </td>
      </tr>
    </tbody>
  );
}

/**
 * The quotation queue as a table: a row per quotation (number, date and how many products, requester,
 * status and its decisions), its details (the requester's address and phone, notes, every product, the quoted prices, a
 * rejection's reason) behind the number's disclosure button. Below md each quotation's row stacks its cells.
 */
export function QuotationTable({ rows, now, captionId, label, actions, tour }: Props) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white md:overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm max-md:block">
        <caption id={captionId} className="sr-only">
          {label}
        </caption>
        <thead className="bg-slate-100 text-slate-800 max-md:sr-only">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {c}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right font-semibold whitespace-nowrap">
              Actions
            </th>
          </tr>
        </thead>
        {rows.map((q) => (
          <QuotationRows key={q.id} quotation={q} now={now} actions={actions(q)} tour={tour} />
        ))}
      </table>
    </div>
  );
}
