import { Link, useLocation, useSearchParams } from "react-router";
import type { QuotationStatusValue, QuotationSummary } from "#shared/schemas/quotations.ts";
import { listHref } from "../kit/list-params.ts";

export const STATUS_LABELS: Record<QuotationStatusValue, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  expired: "Expired",
  accepted: "Accepted",
};

const CARDS: { status: QuotationStatusValue | ""; label: string; accent: string }[] = [
  { status: "", label: "All quotations", accent: "border-l-slate-500" },
  { status: "pending", label: STATUS_LABELS.pending, accent: "border-l-amber-500" },
  { status: "approved", label: STATUS_LABELS.approved, accent: "border-l-green-600" },
  { status: "rejected", label: STATUS_LABELS.rejected, accent: "border-l-red-600" },
  { status: "expired", label: STATUS_LABELS.expired, accent: "border-l-slate-400" },
  { status: "accepted", label: STATUS_LABELS.accepted, accent: "border-l-sky-600" },
];

/**
 * The overview cards: how many quotations are in each status (matching the search, if any). Each card is a link
 * that filters the list by its status, in the URL; the current filter's card is marked.
 */
export function QuotationOverview({ summary, status }: { summary: QuotationSummary; status: string }) {
  const location = useLocation();
  const [search] = useSearchParams();
  return (
    <nav aria-label="Quotations by status" data-tour="quotation-overview">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {CARDS.map((card) => {
          const current = card.status === status;
          const n = card.status === "" ? summary.total : summary[card.status];
          return (
            <li key={card.status || "all"} className={card.status === "" ? "col-span-2 sm:col-span-1" : undefined}>
              <Link
                to={listHref(location.pathname, search, { status: card.status })}
                aria-current={current ? "page" : undefined}
                data-status-card={card.status || "all"}
                className={`flex h-full min-h-11 flex-col rounded-lg border border-l-4 bg-white p-4 shadow-sm hover:bg-slate-50 ${card.accent} ${
                  current ? "border-slate-900 ring-2 ring-slate-900" : "border-slate-200"
                }`}
                preventScrollReset
              >
                <span className="text-sm font-medium text-slate-700">{card.label}</span>
                <span className="mt-1 text-3xl font-bold tabular-nums text-slate-900">{n}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
