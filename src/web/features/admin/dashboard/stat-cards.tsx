import { ArrowDown, ArrowUp, Minus } from "lucide-react";
import { Link } from "react-router";
import { type Trend, trendOf } from "#shared/date-range.ts";
import { amountScale } from "#shared/money.ts";
import type { SalesFigures, StatCount, Statistics } from "#shared/schemas/sales.ts";
import { formatCount, formatUsd, trendWords } from "./format.ts";

/** "▲ 50%" beside a figure; the words say it for screen readers. Neither good nor bad: no green or red. */
function TrendChip({ trend, previous }: { trend: Trend; previous: string }) {
  const Icon = trend.direction === "up" ? ArrowUp : trend.direction === "down" ? ArrowDown : Minus;
  const shown = trend.direction === "flat" ? "0%" : trend.percent === null ? "new" : `${Math.abs(trend.percent)}%`;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
      <Icon aria-hidden="true" className="size-3.5" />
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">
        {trendWords(trend)} on the previous period ({previous})
      </span>
    </span>
  );
}

type CardProps = {
  title: string;
  count: StatCount;
  href: string;
  /** What came in during the period: "submitted", "received" … */
  arrived: string;
  children?: React.ReactNode;
  testId: string;
};

/** A count with its trend; the whole card links to the screen that lists what it counts. */
function StatCard({ title, count, href, arrived, children, testId }: CardProps) {
  return (
    <div className="relative flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-accent-700 hover:border-slate-300">
      <h3 className="text-sm font-medium text-slate-700">
        <Link to={href} className="after:absolute after:inset-0 after:content-[''] focus:outline-none" data-testid={`${testId}-link`}>
          {title}
        </Link>
      </h3>
      <p className="mt-1 text-3xl font-bold text-slate-900 tabular-nums" data-testid={testId}>
        {formatCount(count.total)}
      </p>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span>
          {formatCount(count.period)} {arrived} in this period
        </span>
        <TrendChip trend={trendOf(count.period, count.previous)} previous={formatCount(count.previous)} />
      </p>
      {children}
    </div>
  );
}

/** Which cards the person's role sees (decision 035): the sales total `sales.read`, each count its screen's permission. */
export type DashboardCards = { sales: boolean; dealers: boolean; quotations: boolean; orders: boolean; messages: boolean };

/** The sales total against the previous period. */
function SalesCard({ figures }: { figures: SalesFigures }) {
  const salesTrend = trendOf(amountScale(figures.total.amount_usd), amountScale(figures.previous.amount_usd));
  return (
    <div className="flex h-full flex-col rounded-lg border border-slate-200 bg-slate-900 p-4 text-white shadow-sm">
      <h3 className="text-sm font-medium text-slate-200">Sales</h3>
      <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="stat-sales">
        {formatUsd(figures.total.amount_usd)}
      </p>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-200">
        <span>
          {formatCount(figures.total.quantity)} items in {formatCount(figures.total.count)} sales
        </span>
        <TrendChip trend={salesTrend} previous={formatUsd(figures.previous.amount_usd)} />
      </p>
    </div>
  );
}

/**
 * The dashboard's counts (GET /api/statistics/) and the sales total, each against the previous period; only the cards
 * the role serves (decision 035).
 */
export function StatCards({ stats, figures, cards }: { stats: Statistics | null; figures: SalesFigures | null; cards: DashboardCards }) {
  const q = stats?.quotations;
  const shown = [figures, stats && cards.dealers, q && cards.quotations, stats && cards.orders, stats && cards.messages].filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-stats-heading" data-tour="dashboard-stats">
      <h2 id="dashboard-stats-heading" className="sr-only">
        At a glance
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
        {figures ? (
          <li className="sm:col-span-2 lg:col-span-1">
            <SalesCard figures={figures} />
          </li>
        ) : null}
        {stats && cards.dealers ? (
          <li>
            <StatCard
              title="Dealer applications pending"
              count={stats.dealers.pending}
              href="/admin/dealers?reg_status=Pending"
              arrived="submitted"
              testId="stat-dealers-pending"
            >
              <p className="relative z-10 mt-3 text-sm">
                <Link to="/admin/dealers" className="inline-flex min-h-11 items-center font-medium text-accent-800 hover:underline">
                  Documents awaiting review (replacements included):{" "}
                  <span className="ml-1 tabular-nums" data-testid="stat-dealer-documents">
                    {formatCount(stats.dealers.documents_to_review.total)}
                  </span>
                </Link>
              </p>
            </StatCard>
          </li>
        ) : null}
        {q && cards.quotations ? (
          <li>
            <StatCard
              title="Quotations pending"
              count={q.pending}
              href="/admin/quotations?status=pending"
              arrived="requested"
              testId="stat-quotations-pending"
            >
              <ul aria-label="Quotations by status" className="relative z-10 mt-3 flex flex-wrap gap-x-3 gap-y-1 text-sm">
                {(
                  [
                    ["approved", "Approved"],
                    ["rejected", "Rejected"],
                    ["expired", "Expired"],
                  ] as const
                ).map(([status, label]) => (
                  <li key={status}>
                    <Link
                      to={`/admin/quotations?status=${status}`}
                      className="inline-flex min-h-11 items-center font-medium text-accent-800 hover:underline"
                    >
                      {label}: {formatCount(q[status].total)}
                    </Link>
                  </li>
                ))}
              </ul>
            </StatCard>
          </li>
        ) : null}
        {stats && cards.orders ? (
          <li>
            <StatCard
              title="Orders awaiting payment"
              count={stats.orders.awaiting_payment}
              href="/admin/orders?status=awaiting_payment"
              arrived="placed"
              testId="stat-orders-awaiting"
            />
          </li>
        ) : null}
        {stats && cards.messages ? (
          <li>
            <StatCard
              title="Unread messages"
              count={stats.messages.unread}
              href="/admin/messages?unread=1"
              arrived="received"
              testId="stat-messages-unread"
            />
          </li>
        ) : null}
      </ul>
    </section>
  );
}
