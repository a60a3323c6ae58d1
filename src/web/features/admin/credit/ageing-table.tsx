import { Link } from "react-router";
import { formatCents, signedCents } from "#shared/money.ts";
import { AGEING_BUCKET_LABELS, AGEING_BUCKETS, type Ageing, CREDIT_TERMS_LABELS } from "#shared/schemas/credit.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { Token } from "#web/components/ui/token.tsx";
import { BADGE } from "../kit/badge.ts";
import { type SimpleColumn, SimpleTable } from "../kit/simple-table.tsx";

type CompanyRow = Ageing["rows"][number];
/** A company's row, or the totals' row (no company, terms, limit or hold). */
type Row = { kind: "company"; row: CompanyRow } | { kind: "totals"; row: Ageing["totals"] };

/** A USD amount in a column of USD amounts: the figure alone, a nil one quieter. */
function Amount({ value }: { value: string | undefined }) {
  if (value === undefined) return null;
  const cents = signedCents(value) ?? 0n;
  return <Token className={cents === 0n ? "text-slate-600" : "font-medium text-slate-900"}>{formatCents(cents)}</Token>;
}

// Wide enough that a bucket's heading breaks only between its days and "days" ("31–60 / days").
const NUMBER = "min-w-18 px-2.5 py-2 text-right";

const columns: SimpleColumn<Row>[] = [
  {
    header: "Company",
    rowHeader: true,
    className: "min-w-36 px-3 py-2 text-left",
    cell: (r) =>
      r.kind === "totals" ? (
        "Total"
      ) : (
        <span className="flex flex-wrap items-center gap-2 font-normal">
          <Link to={`/admin/dealers/${r.row.user_id}`} className="font-semibold text-accent-800 underline-offset-2 hover:underline">
            {r.row.company}
          </Link>
          {r.row.on_hold ? <span className={BADGE.bad}>On hold</span> : null}
        </span>
      ),
  },
  {
    header: "Terms",
    className: "px-3 py-2 text-left whitespace-nowrap",
    cell: (r) => (r.kind === "company" ? CREDIT_TERMS_LABELS[r.row.terms] : null),
  },
  { header: "Limit", className: NUMBER, cell: (r) => <Amount value={r.kind === "company" ? r.row.limit : undefined} /> },
  ...AGEING_BUCKETS.map(
    (b): SimpleColumn<Row> => ({ header: AGEING_BUCKET_LABELS[b], className: NUMBER, cell: (r) => <Amount value={r.row[b]} /> }),
  ),
  { header: "Total", className: `${NUMBER} font-semibold`, cell: (r) => <Amount value={r.row.total} /> },
  { header: "Unallocated", className: NUMBER, cell: (r) => <Amount value={r.kind === "company" ? r.row.unallocated : undefined} /> },
];

/**
 * What dealers owe on a day by how long it is overdue (decision 034): a row per company on account, linking to its
 * page, and the totals; every amount in USD.
 */
export function AgeingTable({ ageing, dayLabel }: { ageing: Ageing; dayLabel: string }) {
  // Companies on account that owe nothing and hold no credit are listed only beside one that does.
  const owing = ageing.rows.some((r) => signedCents(r.total) !== 0n || signedCents(r.unallocated) !== 0n);
  if (!owing) return <EmptyState>No dealer owes anything on this day.</EmptyState>;
  const rows: Row[] = [...ageing.rows.map((row): Row => ({ kind: "company", row })), { kind: "totals", row: ageing.totals }];
  return (
    <SimpleTable<Row>
      caption={`Ageing on ${dayLabel}, in USD`}
      rows={rows}
      rowKey={(r) => (r.kind === "company" ? r.row.user_id : "totals")}
      columns={columns}
      wrapperClassName="overflow-x-auto rounded-lg border border-slate-200 bg-white"
      className="w-full text-right text-sm"
      headClassName="bg-slate-50 text-slate-700"
      headerCellClassName="font-semibold"
      rowClassName="border-t border-slate-200 align-top last:bg-slate-50 last:font-semibold"
    />
  );
}
