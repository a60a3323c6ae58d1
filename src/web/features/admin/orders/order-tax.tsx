import { FileDown } from "lucide-react";
import { formatDate } from "#shared/dates.ts";
import type { OrderView } from "#shared/schemas/orders.ts";
import { TAX_DOCUMENT_KIND_LABELS } from "#shared/schemas/tax-documents.ts";
import { vatRateLabel } from "#shared/tax.ts";
import { rowActionClass } from "#web/components/ui/row-actions.tsx";
import { Token } from "#web/components/ui/token.tsx";
import { formatMoney } from "#web/features/orders/order-card.tsx";
import { FiscalStatusBadge, taxDocumentPdfUrl } from "../invoices/fiscal-status.tsx";

type DocumentRef = OrderView["documents"][number];

function DocumentRow({ label, doc }: { label: string; doc: DocumentRef }) {
  return (
    <li className="flex items-start justify-between gap-3" data-tax-document={doc.number}>
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-600">{label}</span>
        <Token className="block font-mono font-semibold text-slate-900">{doc.number}</Token>
        <Token className="block text-sm text-slate-600">{formatDate(doc.issued_at)}</Token>
        <span className="mt-1 block">
          <FiscalStatusBadge status={doc.fiscal_status} />
        </span>
        {doc.corrected ? (
          <span className="mt-1 block text-xs text-slate-700" data-corrected="">
            Corrected: credited in full and issued again
          </span>
        ) : null}
      </span>
      <a href={taxDocumentPdfUrl(doc.id)} download className={rowActionClass()}>
        <FileDown aria-hidden="true" className="size-4" /> PDF<span className="sr-only"> {doc.number}</span>
      </a>
    </li>
  );
}

/**
 * The order's amounts as its tax invoice states them (excluding VAT, VAT at the order's rate, total) and its tax
 * documents in issue order: the invoice issued on payment, its credit and debit notes, and an invoice issued again
 * after a correction, each with its PDF.
 */
export function OrderTax({ order }: { order: OrderView }) {
  return (
    <section aria-labelledby="order-tax-heading" className="space-y-4 self-start rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="order-tax-heading" className="text-lg font-semibold text-slate-900">
        VAT and invoices
      </h2>
      <dl className="space-y-1 text-sm" data-order-amounts="">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">Excl. VAT</dt>
          <dd>
            <Token>{formatMoney(order.currency, order.subtotal)}</Token>
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">
            VAT {order.vat_rate === null ? "(none: placed before VAT)" : `(${vatRateLabel(order.vat_rate)})`}
          </dt>
          <dd>
            <Token>{formatMoney(order.currency, order.vat)}</Token>
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-semibold text-slate-900">
          <dt>Total</dt>
          <dd>
            <Token>{formatMoney(order.currency, order.total)}</Token>
          </dd>
        </div>
      </dl>
      {order.documents.length > 0 ? (
        <ul className="space-y-3 border-t border-slate-200 pt-3">
          {order.documents.map((d) => (
            <DocumentRow key={d.id} label={TAX_DOCUMENT_KIND_LABELS[d.kind]} doc={d} />
          ))}
        </ul>
      ) : (
        <p className="border-t border-slate-200 pt-3 text-sm text-slate-600">
          No tax invoice yet: one is issued once the payment is confirmed.
        </p>
      )}
    </section>
  );
}
