const STATUS_STYLE: Record<string, string> = {
  "Not Started": "bg-slate-100 text-slate-800",
  Pending: "bg-amber-100 text-amber-900",
  Approved: "bg-green-100 text-green-900",
  Rejected: "bg-red-100 text-red-900",
  Suspended: "bg-red-100 text-red-900",
};

/** An application's reg_status as a badge ('Not Started' when none), on the dealer's pages and in the back office. */
export function DealerStatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[status] ?? "bg-slate-100 text-slate-800"}`}
    >
      {status}
    </span>
  );
}
