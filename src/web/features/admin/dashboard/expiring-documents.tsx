import { Link } from "react-router";
import { EXPIRING_SOON_DAYS } from "#shared/installer-network.ts";
import { DOCUMENT_KIND_NAMES, type ExpiringDocument, formatExpiryDay } from "#shared/schemas/documents.ts";
import { SimpleTable } from "../kit/simple-table.tsx";

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

function daysLeft(row: ExpiringDocument): string {
  if (row.expired) return `Expired ${-row.days_left} ${-row.days_left === 1 ? "day" : "days"} ago`;
  if (row.days_left === 0) return "Last day today";
  return `${row.days_left} ${row.days_left === 1 ? "day" : "days"}`;
}

/**
 * Approved dealers' documents expiring in the next 60 days, expired ones first, each linking to the
 * dealer's page where the renewal is reviewed.
 */
export function ExpiringDocuments({ rows }: { rows: ExpiringDocument[] }) {
  return (
    <section aria-labelledby="expiring-documents" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="expiring-documents" className="mb-4 text-lg font-semibold text-slate-900">
        Documents expiring in the next {EXPIRING_SOON_DAYS} days
      </h2>
      <SimpleTable
        empty={<>No dealer document expires in the next {EXPIRING_SOON_DAYS} days.</>}
        wrapperClassName="overflow-x-auto"
        className="w-full min-w-[32rem] text-left text-sm"
        headClassName="border-b border-slate-200 text-slate-700"
        rowClassName="border-b border-slate-100 last:border-0"
        rows={rows}
        rowKey={(row) => row.document_id}
        columns={[
          {
            header: "Dealer",
            className: "py-2 pr-3",
            cell: (row) => (
              <Link to={`/admin/dealers/${row.dealer_user_id}`} className="font-medium text-accent-800 underline-offset-2 hover:underline">
                {row.company}
              </Link>
            ),
          },
          {
            header: "Document",
            className: "py-2 pr-3",
            cell: (row) => (
              <>
                {capitalised(DOCUMENT_KIND_NAMES[row.kind])}
                {row.renewal_pending ? <span className="block text-xs text-slate-600">Renewal awaits review</span> : null}
              </>
            ),
          },
          {
            header: "Expiry date",
            className: "py-2 pr-3",
            cellClassName: "whitespace-nowrap",
            cell: (row) => formatExpiryDay(row.expires_on),
          },
          {
            header: "Days left",
            className: "py-2",
            cellClassName: "whitespace-nowrap",
            cell: (row) => (
              <>
                {row.expired ? (
                  <span className="inline-flex items-center rounded-full border border-red-400 bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
                    Expired
                  </span>
                ) : null}{" "}
                <span className={row.expired ? "text-red-800" : "text-slate-800"}>{daysLeft(row)}</span>
              </>
            ),
          },
        ]}
      />
    </section>
  );
}
