import { useLocation, useNavigation } from "react-router";
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
import { AdminPage } from "#web/features/admin/kit/admin-page.tsx";
import { requireAdminPage } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/dashboard";

/**
 * The period and category come from the URL (?from=&to= or ?range=, and ?category=), checked with the API's own
 * schema; a period that does not parse shows its errors and the last 30 days instead.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
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
  const [figures, stats, products, choices, expiring] = await Promise.all([
    sales.figures(context.actor, query),
    sales.statistics(context.actor, query),
    sales.productSales(context.actor, { ...query, limit: 10 }),
    sales.productChoices(context.actor),
    context.services.documentExpiry.expiringSoon(context.actor),
  ]);
  const now = new Date();
  return { figures, stats, products, choices, expiring, issues, today: harareDate(now), preset: presetOf(figures, now) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Dashboard – Admin", {
    description: "Sales, statistics and what needs attention in the back office.",
    noIndex: true,
  });
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { figures, stats, products, choices, expiring, issues, today, preset } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const categoryName = CATEGORIES.find((c) => c.id === figures.category)?.name ?? null;
  const invalid = Object.keys(issues).length > 0;
  return (
    <AdminPage
      title="Dashboard"
      description="Sales and what needs attention, for the period you choose, against the period of the same length before it."
      actions={<RecordSale choices={choices} today={today} />}
    >
      {/* The form's fields start from the URL: a new key when it changes, so Back and the presets refill them. */}
      <RangeForm
        key={location.search}
        from={figures.from}
        to={figures.to}
        category={figures.category}
        preset={preset}
        today={today}
        issues={issues}
      />
      {invalid ? <FormAlert>That period could not be shown: {Object.values(issues)[0]} Showing the last 30 days instead.</FormAlert> : null}
      <p role="status" className="text-sm text-slate-700">
        {loading ? "Loading…" : `Showing ${longSpan(figures.from, figures.to)}${categoryName ? `, ${categoryName}` : ", all categories"}.`}
      </p>
      <div
        aria-busy={loading || undefined}
        className={`space-y-6 transition-opacity motion-reduce:transition-none ${loading ? "opacity-60" : ""}`}
      >
        <StatCards stats={stats} figures={figures} />
        <SalesPanels figures={figures} products={products} categoryName={categoryName} />
      </div>
      <ExpiringDocuments rows={expiring} />
    </AdminPage>
  );
}
