import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import type { DuplicateDealer } from "#shared/schemas/dealers.ts";

const MATCH_LABEL: Record<DuplicateDealer["matches"][number], string> = {
  company_reg_number: "registration number",
  trading_name: "trading name",
};

/** The label of a duplicate: its company and what it shares with this application. */
export function duplicateName(d: DuplicateDealer): string {
  return d.registered_company ?? d.trading_name ?? `Dealer #${d.id}`;
}

/**
 * Approved or suspended dealers this application shares a company registration number or trading name with
 *, each linked to its own page, shown above the application before an admin approves it.
 */
export function DuplicateWarning({ duplicates }: { duplicates: DuplicateDealer[] }) {
  if (duplicates.length === 0) return null;
  return (
    <section
      aria-labelledby="duplicates-heading"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="duplicate-warning"
    >
      <h2 id="duplicates-heading" className="flex items-center gap-2 text-base font-semibold">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-amber-800" />
        Possible duplicate of {duplicates.length === 1 ? "an existing dealer" : `${duplicates.length} existing dealers`}
      </h2>
      <ul className="mt-2 space-y-1">
        {duplicates.map((d) => (
          <li key={d.id}>
            <Link to={`/admin/dealers/${d.id}`} className="font-semibold text-accent-800 underline underline-offset-2">
              {duplicateName(d)}
            </Link>{" "}
            ({d.reg_status}) has the same {d.matches.map((m) => MATCH_LABEL[m]).join(" and ")}
            {d.matches.includes("company_reg_number") && d.company_reg_number ? ` (${d.company_reg_number})` : ""}.
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        Check that this is not the same company applying twice or someone passing as it.
        {duplicates.some((d) => d.matches.includes("company_reg_number"))
          ? " Approving it needs your confirmation in Registration status."
          : ""}
      </p>
    </section>
  );
}
