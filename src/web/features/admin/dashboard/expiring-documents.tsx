import { Link } from "react-router";
import { EXPIRING_SOON_DAYS } from "#shared/installer-network.ts";
import { DOCUMENT_KIND_NAMES, type ExpiringDocument, formatExpiryDay } from "#shared/schemas/documents.ts";

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
      {rows.length === 0 ? (
        <p className="text-slate-600">No dealer document expires in the next {EXPIRING_SOON_DAYS} days.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Dealer
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Document
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Expiry date
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Days left
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.document_id} className="border-b border-slate-100 last:border-0">
                  <td className="py-2 pr-3">
                    <Link
                      to={`/admin/dealers/${row.dealer_user_id}`}
                      className="font-medium text-accent-800 underline-offset-2 hover:underline"
                    >
                      {row.company}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">
                    {capitalised(DOCUMENT_KIND_NAMES[row.kind])}
                    {row.renewal_pending ? <span className="block text-xs text-slate-600">Renewal awaits review</span> : null}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatExpiryDay(row.expires_on)}</td>
                  <td className="py-2 whitespace-nowrap">
                    {row.expired ? (
                      <span className="inline-flex items-center rounded-full border border-red-400 bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
                        Expired
                      </span>
                    ) : null}{" "}
                    <span className={row.expired ? "text-red-800" : "text-slate-800"}>{daysLeft(row)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
