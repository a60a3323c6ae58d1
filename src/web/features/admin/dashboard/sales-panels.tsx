import { amountScale } from "#shared/money.ts";
import type { ProductSales, SalesFigures } from "#shared/schemas/sales.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { BarList, type ChartPoint, ColumnChart } from "./charts.tsx";
import { formatCount, formatUsd, formatUsdCompact, longSpan, shortDay } from "./format.ts";

const NO_SALES = "No sales in this period. Choose a longer period or another category, or record a sale.";

function Panel({ title, children, tour, id }: { title: string; children: React.ReactNode; tour?: string; id: string }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4" data-tour={tour}>
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Sales over time (a column a day, or a week over long periods), per category and per product. */
export function SalesPanels({
  figures,
  products,
  categoryName,
}: {
  figures: SalesFigures;
  products: ProductSales;
  categoryName: string | null;
}) {
  const points: ChartPoint[] = figures.series.map((p) => ({
    key: p.start,
    label: shortDay(p.start),
    longLabel: longSpan(p.start, p.end),
    value: amountScale(p.amount_usd),
    display: formatUsd(p.amount_usd),
    extra: formatCount(p.quantity),
  }));
  const best = points.reduce<ChartPoint | null>((top, p) => (top === null || p.value > top.value ? p : top), null);
  const per = figures.granularity === "day" ? "day" : "week";
  const scope = categoryName ? ` of ${categoryName}` : "";
  const title = `Sales${scope} per ${per}, ${longSpan(figures.from, figures.to)}`;
  const description =
    figures.total.count === 0
      ? "No sales in this period."
      : `${formatUsd(figures.total.amount_usd)} in total over ${points.length} ${per}s; the best ${per} was ${best?.longLabel} with ${best?.display}. The previous period had ${formatUsd(figures.previous.amount_usd)}.`;
  const sold = figures.categories
    .filter((c) => amountScale(c.amount_usd) > 0)
    .sort((a, b) => amountScale(b.amount_usd) - amountScale(a.amount_usd));

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="lg:col-span-3">
        <Panel title={`Sales per ${per}`} id="dashboard-sales-heading" tour="dashboard-sales-chart">
          {figures.total.count === 0 ? (
            <EmptyState>{NO_SALES}</EmptyState>
          ) : (
            <figure>
              <figcaption className="mb-3 text-sm text-slate-700">{description}</figcaption>
              <ColumnChart
                title={title}
                description={description}
                points={points}
                axis={formatUsdCompact}
                tableHeaders={[figures.granularity === "day" ? "Day" : "Week", "Sales (USD)", "Items sold"]}
              />
            </figure>
          )}
        </Panel>
      </div>
      <Panel title="Sales per category" id="dashboard-categories-heading" tour="dashboard-category-chart">
        {sold.length === 0 ? (
          <EmptyState>{NO_SALES}</EmptyState>
        ) : (
          <BarList
            label="Sales per category"
            rows={sold.map((c) => ({
              key: c.category_id,
              name: c.name,
              value: amountScale(c.amount_usd),
              display: formatUsd(c.amount_usd),
              extra: `${formatCount(c.quantity)} items`,
            }))}
          />
        )}
      </Panel>
      <div className="lg:col-span-2">
        <Panel title="Best-selling products" id="dashboard-products-heading" tour="dashboard-product-chart">
          {products.rows.length === 0 ? (
            <EmptyState>{NO_SALES}</EmptyState>
          ) : (
            <BarList
              label="Best-selling products"
              rows={products.rows.map((p) => ({
                key: p.product_id ?? `deleted-${p.product_name}`,
                name: p.product_name,
                value: amountScale(p.amount_usd),
                display: formatUsd(p.amount_usd),
                extra: `${formatCount(p.quantity)} items`,
              }))}
            />
          )}
        </Panel>
      </div>
    </div>
  );
}
