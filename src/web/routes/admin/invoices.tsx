import { Download, FileDown } from "lucide-react";
import { Form, Link } from "react-router";
import { formatDate } from "#shared/dates.ts";
import { TAX_DOCUMENT_KIND_LABELS, type TaxDocumentView, taxDocumentListQuerySchema } from "#shared/schemas/tax-documents.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { RowActionAnchor } from "#web/components/ui/row-actions.tsx";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import { FiscalOffNotice, FiscalStatusBadge, taxDocumentPdfUrl } from "#web/features/admin/invoices/fiscal-status.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { DataTable } from "#web/features/admin/kit/data-table.tsx";
import { readListParams } from "#web/features/admin/kit/list-params.ts";
import { formatMoney } from "#web/features/orders/order-card.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/invoices";

const LIST = { sorts: [], defaultSort: "", defaultDir: "desc", filters: ["kind", "from", "to"] } as const;

/** Tax invoices and credit notes, newest first, by kind, days of issue and search. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, "money.documents");
  const params = readListParams(request.url, LIST);
  const parsed = taxDocumentListQuerySchema.safeParse({ ...params.filters, q: params.q, page: params.page, pageSize: params.pageSize });
  // A kind or a day that is not understood shows everything, with a word about the dates.
  const query = parsed.success
    ? parsed.data
    : taxDocumentListQuerySchema.parse({ q: params.q, page: params.page, pageSize: params.pageSize });
  const list = await context.services.taxDocuments.list(context.actor, query);
  return { ...list, params, invalidDates: !parsed.success };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Invoices – Admin", { description: "Tax invoices, credit notes and debit notes.", noIndex: true });
}

/** A credit note's amounts are stored positive (it credits them) and shown negative; a debit note's positive. */
const signed = (d: TaxDocumentView, amount: string) => formatMoney(d.currency, d.kind === "credit_note" ? `-${amount}` : amount);

function DateField({ id, name, label, value }: { id: string; name: string; label: string; value: string | undefined }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} type="date" name={name} defaultValue={value} className="block min-h-11 rounded-md border border-slate-400 px-3" />
    </div>
  );
}

export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { rows, count, params, invalidDates } = loaderData;
  const current = { kind: params.filters.kind, from: params.filters.from, to: params.filters.to, q: params.q };
  const exportQuery = new URLSearchParams(Object.entries(current).filter((e): e is [string, string] => Boolean(e[1])));
  return (
    <AdminPage
      title="Invoices"
      description="Tax invoices issued when orders are paid, credit notes (a cancelled order, goods returned, a price reduced) and debit notes (a price raised). Each is frozen once issued; notes are issued from the order's page."
      actions={
        <a href={`/api/tax-documents/export.csv?${exportQuery}`} className={buttonClass("outline")} download data-export-csv="">
          <Download aria-hidden="true" className="size-4" /> Download CSV
        </a>
      }
    >
      <FiscalOffNotice />
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Days of issue">
        {Object.entries({ kind: params.filters.kind, q: params.q }).map(([k, v]) =>
          v ? <input key={k} type="hidden" name={k} value={v} /> : null,
        )}
        <DateField id="invoices-from" name="from" label="Issued from" value={params.filters.from} />
        <DateField id="invoices-to" name="to" label="Issued to" value={params.filters.to} />
        <button type="submit" className={buttonClass("outline")}>
          Apply dates
        </button>
        {invalidDates ? (
          <p role="alert" className="text-sm text-red-700">
            The dates were not understood: showing every day.
          </p>
        ) : null}
      </Form>
      <DataTable<TaxDocumentView>
        label="Tax documents"
        rows={rows}
        count={count}
        params={params}
        rowKey={(d) => d.id}
        rowLabel={(d) => d.number}
        search={{ placeholder: "Number, buyer, TIN or VAT number" }}
        filters={[
          {
            name: "kind",
            label: "Type",
            allLabel: "All",
            options: [
              { value: "invoice", label: "Tax invoices" },
              { value: "credit_note", label: "Credit notes" },
              { value: "debit_note", label: "Debit notes" },
            ],
          },
        ]}
        columns={[
          {
            key: "number",
            header: "Number",
            cell: (d) => (
              <>
                <span data-document-number={d.number} className="font-mono font-semibold text-slate-900">
                  <Token>{d.number}</Token>
                </span>
                <span className="block text-slate-600">{TAX_DOCUMENT_KIND_LABELS[d.kind]}</span>
                <Token className="block text-slate-600">{formatDate(d.issued_at)}</Token>
              </>
            ),
          },
          {
            key: "buyer",
            header: "Buyer",
            className: NAME_CELL_CLASS,
            cell: (d) => (
              <>
                <span className="block">{d.buyer_name}</span>
                {d.buyer_tin ? <span className="block text-xs text-slate-600">TIN {d.buyer_tin}</span> : null}
                {d.buyer_vat_number ? <span className="block text-xs text-slate-600">VAT {d.buyer_vat_number}</span> : null}
              </>
            ),
          },
          {
            key: "order",
            header: "Order",
            cell: (d) => (
              <>
                <Link to={`/admin/orders/${d.order_id}`} className="font-mono text-accent-800 underline-offset-2 hover:underline">
                  <Token>{d.order_reference}</Token>
                </Link>
                {d.credits ? (
                  <span className="block text-xs text-slate-600">
                    {d.kind === "debit_note" ? "Debits" : "Credits"} <Token>{d.credits}</Token>
                  </span>
                ) : null}
                {d.replaced_by ? (
                  <span className="block text-xs text-slate-600" data-corrected="">
                    Corrected: replaced by <Token>{d.replaced_by}</Token>
                  </span>
                ) : null}
              </>
            ),
          },
          {
            key: "amounts",
            header: "Amounts",
            className: "text-right",
            // Excluding VAT, VAT and total in one cell, each with its word: three columns pushed the PDF out of 1280 px.
            cell: (d) => (
              <dl className="grid grid-cols-[auto_auto] justify-end gap-x-3 text-right">
                <dt className="text-xs leading-5 whitespace-nowrap text-slate-600">Excl. VAT</dt>
                <dd>
                  <Token>{signed(d, d.subtotal)}</Token>
                </dd>
                <dt className="text-xs leading-5 whitespace-nowrap text-slate-600">VAT</dt>
                <dd>
                  <Token>{signed(d, d.vat)}</Token>
                </dd>
                <dt className="text-xs leading-5 font-semibold text-slate-900">Total</dt>
                <dd>
                  <Token className="font-semibold">{signed(d, d.total)}</Token>
                </dd>
              </dl>
            ),
          },
          { key: "fiscal", header: "Fiscal status", className: "min-w-28", cell: (d) => <FiscalStatusBadge status={d.fiscal_status} /> },
        ]}
        rowActions={(d) => <RowActionAnchor href={taxDocumentPdfUrl(d.id)} download icon={FileDown} label="PDF" name={d.number} />}
        empty="No tax invoices yet: one is issued when an order's payment is confirmed."
        emptyFiltered="No invoices or notes match: change or clear the search, type or dates."
      />
    </AdminPage>
  );
}
