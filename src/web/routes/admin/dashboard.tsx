import { useLocation, useNavigation } from "react-router";
import { can } from "#shared/can.ts";
import { CATEGORIES } from "#shared/categories.ts";
import { harareDate, presetOf } from "#shared/date-range.ts";
import { type SalesQuery, salesQuerySchema } from "#shared/schemas/sales.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { ExpiringDocuments } from "#web/features/admin/dashboard/expiring-documents.tsx";
import { longSpan } from "#web/features/admin/dashboard/format.ts";
import { RangeForm, type RangeIssues } from "#web/features/admin/dashboard/range-form.tsx";
import { RecordSale } from "#web/features/admin/dashboard/record-sale.tsx";
import { SalesPanels } from "#web/features/admin/dashboard/sales-panels.tsx";
import { StatCards } from "#web/features/admin/dashboard/stat-cards.tsx";
import { YourScreens } from "#web/features/admin/dashboard/your-screens.tsx";
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { requireStaffPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { useCurrentUser } from "#web/lib/root-data.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import type { Route } from "./+types/dashboard";

/**
 * The period and category come from the URL (?from=&to= or ?range=, and ?category=), checked with the API's own
 * schema; a period that does not parse shows its errors and the last 30 days instead.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireStaffPage(context, request, null);
  const parsed = salesQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const issues: RangeIssues = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "from") as keyof RangeIssues;
      issues[field] ??= issue.message;
    }
  }
  const query: SalesQuery = parsed.success ? parsed.data : {};
  const { sales } = context.services;
  // Every card for the roles it serves (decision 035): sales figures are `sales.read`, the counts each their own
  // screen's permission; what the role may not see is not asked for, and a count the server refuses is left out.
  const cards = {
    sales: can.do(user, "sales.read"),
    dealers: can.do(user, "dealers.read"),
    quotations: can.do(user, "quotations.decide"),
    orders: can.do(user, "orders.read"),
    messages: can.do(user, "messages.read"),
  };
  const anyCount = cards.dealers || cards.quotations || cards.orders || cards.messages;
  const [figures, stats, products, choices, expiring] = await Promise.all([
    cards.sales ? sales.figures(context.actor, query) : null,
    anyCount ? nullWhenRefused(sales.statistics(context.actor, query)) : null,
    cards.sales ? sales.productSales(context.actor, { ...query, limit: 10 }) : null,
    cards.sales ? sales.productChoices(context.actor) : [],
    cards.dealers ? nullWhenRefused(context.services.documentExpiry.expiringSoon(context.actor)) : null,
  ]);
  const now = new Date();
  const range = figures ?? stats;
  return {
    figures,
    stats,
    products,
    choices,
    expiring,
    issues,
    cards,
    today: harareDate(now),
    preset: range ? presetOf(range, now) : null,
    range: range ? { from: range.from, to: range.to, category: range.category } : null,
  };
}

/** A count the server refuses this role (403) is left out rather than failing the whole dashboard (decision 035). */
async function nullWhenRefused<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (err) {
    if (knownFailure(err)?.statusCode === 403) return null;
    throw err;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Dashboard – Admin", {
    description: "Sales, statistics and what needs attention in the back office.",
    noIndex: true,
  });
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { figures, stats, products, choices, expiring, issues, cards, today, preset, range } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const user = useCurrentUser();
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const categoryName = CATEGORIES.find((c) => c.id === range?.category)?.name ?? null;
  const invalid = Object.keys(issues).length > 0;
  return (
    <AdminPage
      title="Dashboard"
      description={
        cards.sales
          ? "Sales and what needs attention, for the period you choose, against the period of the same length before it."
          : range
            ? "What needs attention, for the period you choose, against the period of the same length before it."
            : "Where your role works in the back office."
      }
      actions={cards.sales ? <RecordSale choices={choices} today={today} /> : undefined}
    >
      {range ? (
        <>
          {/* The form's fields start from the URL: a new key when it changes, so Back and the presets refill them. */}
          <RangeForm
            key={location.search}
            from={range.from}
            to={range.to}
            category={range.category}
            preset={preset}
            today={today}
            issues={issues}
          />
          {invalid ? (
            <FormAlert>That period could not be shown: {Object.values(issues)[0]} Showing the last 30 days instead.</FormAlert>
          ) : null}
          <p role="status" className="text-sm text-slate-700">
            {loading ? "Loading…" : `Showing ${longSpan(range.from, range.to)}${categoryName ? `, ${categoryName}` : ", all categories"}.`}
          </p>
          <div
            aria-busy={loading || undefined}
            className={`space-y-6 transition-opacity motion-reduce:transition-none ${loading ? "opacity-60" : ""}`}
          >
            <StatCards stats={stats} figures={figures} cards={cards} />
            {figures && products ? <SalesPanels figures={figures} products={products} categoryName={categoryName} /> : null}
          </div>
        </>
      ) : null}
      {/* A role without the sales figures (Warehouse, Content): its screens, so the page is a way in, not a thin page. */}
      {cards.sales ? null : <YourScreens person={user} />}
      {expiring ? <ExpiringDocuments rows={expiring} /> : null}
    </AdminPage>
  );
}
