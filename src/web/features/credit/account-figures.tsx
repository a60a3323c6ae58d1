import { Link } from "react-router";
import { formatAmount, signedCents } from "#shared/money.ts";
import { CREDIT_TERMS_LABELS, type CreditSummary, holdReason, holdRemedy } from "#shared/schemas/credit.ts";
import { Token } from "#web/components/ui/token.tsx";

/** The note under the balance: what it counts (decision 034). */
export const BALANCE_NOTE = "Includes orders on account not invoiced yet.";

/**
 * A company's account in figures (decision 034): its terms, and on terms its limit, balance, credit available and
 * overdue amount, all USD. A company on cash terms has no limit or credit to show.
 */
export function AccountFigures({ summary, className = "" }: { summary: CreditSummary; className?: string }) {
  const onTerms = summary.terms !== "cash";
  const overdue = (signedCents(summary.overdue) ?? 0n) > 0n;
  const figures: { label: string; value: string; note?: string; tone?: string; key: string }[] = [
    ...(onTerms ? [{ key: "limit", label: "Credit limit", value: summary.limit }] : []),
    { key: "balance", label: "Balance", value: summary.balance, note: BALANCE_NOTE },
    ...(onTerms ? [{ key: "available", label: "Available", value: summary.available }] : []),
    { key: "overdue", label: "Overdue", value: summary.overdue, ...(overdue ? { tone: "text-red-800" } : {}) },
  ];
  return (
    <dl className={`grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4 ${className}`} data-account-figures="">
      <div className="col-span-2 lg:col-span-4">
        <dt className="font-medium text-slate-600">Terms</dt>
        <dd className="mt-0.5 font-semibold text-slate-900" data-account-terms={summary.terms}>
          {CREDIT_TERMS_LABELS[summary.terms]}
        </dd>
      </div>
      {figures.map((f) => (
        <div key={f.key} data-account-figure={f.key}>
          <dt className="font-medium text-slate-600">{f.label}</dt>
          <dd className={`mt-0.5 text-base font-semibold ${f.tone ?? "text-slate-900"}`}>
            <Token>{formatAmount("USD", f.value)}</Token>
          </dd>
          {f.note ? <dd className="text-xs text-slate-600">{f.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/**
 * Decision 034: while the company's orders on account are paused, every dealer page says why and what lifts it; paying
 * before dispatch still works.
 */
export function CreditHoldBanner({ summary }: { summary: CreditSummary }) {
  if (!summary.hold) return null;
  return (
    <div role="alert" data-credit-hold="" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 sm:px-6">
      <p className="max-w-4xl text-sm sm:text-base">
        <strong className="font-semibold">{holdReason(summary.hold)}</strong> {holdRemedy(summary.overdue)}{" "}
        <Link to="/dealer/statement" className="font-semibold underline underline-offset-2 hover:text-amber-800">
          See your statement
        </Link>
      </p>
    </div>
  );
}
