import { Download, Search } from "lucide-react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { can } from "#shared/can.ts";
import { formatDate } from "#shared/dates.ts";
import { rateNote, shownPrice } from "#shared/money.ts";
import type { PriceListRow } from "#shared/schemas/pricing.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import { AvailabilityStatusLine } from "#web/features/catalogue/availability-status.tsx";
import { DealerPage, dealerPageName } from "#web/features/dealer/dealer-page.tsx";
import { filterPriceList, PRICE_LIST_SHOWN, priceListCategories, priceListQuery } from "#web/features/dealer/price-list-filter.ts";
import { requirePageWhere } from "#web/lib/guards.server.ts";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/price-list";

/**
 * The dealer's price list: their tier and the day, every product at their price for one with its breaks
 * and availability, searchable and by category (the address keeps the search, so it works before the page's script
 * and can be shared), and the whole list as CSV or PDF. Approved dealers; admins see the dealer list price.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageWhere(context, request, (p) => can.placeOrders(p) || can.enterBackOffice(p), "/dealer");
  const list = await context.services.priceList.priceList(context.actor);
  const query = priceListQuery(new URL(request.url));
  const matching = filterPriceList(list, query);
  const { rows, ...about } = list;
  return {
    about,
    total: rows.length,
    categories: priceListCategories(rows),
    query,
    matching: matching.length,
    rows: matching.slice(0, PRICE_LIST_SHOWN),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, dealerPageName("Price list"), {
    description: "Your dealer prices at your tier, with quantity breaks and availability, to download as CSV or PDF.",
    noIndex: true,
  });
}

const money = (value: string | null) => shownPrice(value) ?? "–";

/** The break table of a product: "1+ 112.10", "10+ 108.74", … (the first step is the price for one). */
function Breaks({ row, currency }: { row: PriceListRow; currency: string }) {
  if (row.price_breaks.length < 2) return <span className="text-slate-600">No quantity breaks</span>;
  return (
    <ul aria-label={`Quantity breaks of ${row.product_name}, ${currency} per unit`} className="space-y-0.5">
      {row.price_breaks.slice(1).map((b) => (
        <li key={b.min_quantity} className="flex justify-between gap-3">
          <span>{b.min_quantity}+ units</span>
          <Token className="font-medium text-slate-900">{money(b.price_usd)}</Token>
        </li>
      ))}
    </ul>
  );
}

export default function DealerPriceList({ loaderData }: Route.ComponentProps) {
  const { about, total, categories, query, matching, rows } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const submit = useSubmit();
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const day = formatDate(`${about.date}T12:00:00Z`);
  const secondary = about.exchange_rate !== null || rows.some((r) => r.price_zwl !== null);
  const filtered = query.q !== "" || query.category !== null;
  const chosen = categories.find((c) => c.id === query.category);

  return (
    <DealerPage title="Price list" wide>
      <div className="space-y-6 text-base">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="space-y-1">
            <p className="text-lg text-slate-900">
              {about.tier ? (
                <>
                  Your prices at the <strong>{about.tier.name}</strong> tier
                  {about.dealer_name ? <> for {about.dealer_name}</> : null}, on <time dateTime={about.date}>{day}</time>.
                </>
              ) : (
                <>
                  The dealer list price, on <time dateTime={about.date}>{day}</time>.
                </>
              )}
            </p>
            <p className="text-sm text-slate-700">
              Prices exclude VAT and are per unit; a break's price applies from its quantity on one order line.
              {about.exchange_rate && about.rate_date
                ? ` ${rateNote(about.secondary_currency, about.exchange_rate, about.rate_date)}.`
                : ""}
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <a href="/api/dealer/price-list.csv" download={`price-list-${about.date}.csv`} className={buttonClass("outline")}>
              <Download aria-hidden="true" className="size-4" /> Download CSV
            </a>
            <a href="/api/dealer/price-list.pdf" download={`price-list-${about.date}.pdf`} className={buttonClass("primary")}>
              <Download aria-hidden="true" className="size-4" /> Download PDF
            </a>
          </div>
        </div>

        {total === 0 ? (
          <EmptyState>No products are priced yet. Please check again later, or ask your sales contact for prices.</EmptyState>
        ) : (
          <>
            <Form method="get" role="search" aria-label="Search the price list" className="flex flex-wrap items-end gap-3">
              <div className="min-w-0 grow basis-56">
                <label htmlFor="price-list-q" className="mb-1 block text-sm font-medium text-slate-800">
                  Search
                </label>
                <input
                  id="price-list-q"
                  type="search"
                  name="q"
                  defaultValue={query.q}
                  placeholder="Product name or SKU"
                  className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base"
                />
              </div>
              <div className="min-w-0 grow basis-56 sm:grow-0">
                <label htmlFor="price-list-category" className="mb-1 block text-sm font-medium text-slate-800">
                  Category
                </label>
                <select
                  id="price-list-category"
                  name="category"
                  defaultValue={query.category ?? ""}
                  onChange={(e) => submit(e.currentTarget.form)}
                  className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base"
                >
                  <option value="">All categories</option>
                  {categories.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name} ({c.count})
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={buttonClass("secondary")}>
                <Search aria-hidden="true" className="size-4" /> Search
              </button>
              {filtered ? (
                <Link to={location.pathname} className={buttonClass("ghost")}>
                  Clear
                </Link>
              ) : null}
            </Form>

            <p role="status" className="text-sm text-slate-700">
              {loading
                ? "Loading…"
                : filtered
                  ? `${matching} of ${total} products${chosen ? ` in ${chosen.name}` : ""}${query.q ? ` matching “${query.q}”` : ""}`
                  : `${total} products`}
              {!loading && matching > rows.length
                ? `. The first ${rows.length} are shown: search or choose a category for the rest, or download the whole list.`
                : ""}
            </p>

            {rows.length === 0 ? (
              <EmptyState>
                No products match your search. Try other words or another category, or{" "}
                <Link to={location.pathname} className="font-medium text-accent-800 underline">
                  see every product
                </Link>
                .
              </EmptyState>
            ) : (
              <div aria-busy={loading || undefined} className={loading ? "opacity-60" : undefined}>
                {/* Phones and tablets: a card per product; the page never scrolls sideways. */}
                <ul aria-label="Prices" className="space-y-3 lg:hidden">
                  {rows.map((r) => (
                    <li key={r.product_id} className="rounded-lg border border-slate-200 bg-white p-4">
                      <p className="font-semibold text-slate-900">{r.product_name}</p>
                      <p className="text-sm text-slate-600">
                        {r.sku ? <Token>{r.sku}</Token> : null}
                        {r.sku ? " · " : null}
                        {r.category_name}
                      </p>
                      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
                        <div>
                          <dt className="text-slate-600">Price for 1 (USD)</dt>
                          <dd className="text-lg font-semibold text-slate-900">
                            <Token>{money(r.price_usd)}</Token>
                          </dd>
                          {secondary && r.price_zwl !== null ? (
                            <dd className="text-slate-700">
                              <Token>
                                {about.secondary_currency} {money(r.price_zwl)}
                              </Token>
                            </dd>
                          ) : null}
                        </div>
                        <div>
                          <dt className="text-slate-600">Breaks (USD)</dt>
                          <dd>
                            <Breaks row={r} currency="USD" />
                          </dd>
                        </div>
                        <div className="col-span-2">
                          <dt className="sr-only">Availability</dt>
                          <dd>
                            <AvailabilityStatusLine
                              availability={{ status: r.availability_status, ...(r.next_arrival ? { next_arrival: r.next_arrival } : {}) }}
                            />
                          </dd>
                        </div>
                      </dl>
                    </li>
                  ))}
                </ul>
                {/* Wide screens: one table. */}
                <table className="w-full text-left text-sm max-lg:hidden">
                  <caption className="sr-only">
                    Prices{about.tier ? ` at the ${about.tier.name} tier` : ""} on {day}, excluding VAT
                  </caption>
                  <thead className="border-b border-slate-300 text-slate-700">
                    <tr>
                      <th scope="col" className={`py-2 pr-4 font-semibold ${NAME_CELL_CLASS}`}>
                        Product
                      </th>
                      <th scope="col" className="py-2 pr-4 font-semibold">
                        Category
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right font-semibold">
                        Price for 1 (USD)
                      </th>
                      {secondary ? (
                        <th scope="col" className="py-2 pr-4 text-right font-semibold">
                          Price for 1 ({about.secondary_currency})
                        </th>
                      ) : null}
                      <th scope="col" className="py-2 pr-4 font-semibold">
                        Breaks (USD per unit)
                      </th>
                      <th scope="col" className="py-2 font-semibold">
                        Availability
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {rows.map((r) => (
                      <tr key={r.product_id} className="align-top">
                        <th scope="row" className="py-3 pr-4 font-normal">
                          <span className="block font-medium text-slate-900">{r.product_name}</span>
                          {r.sku ? <Token className="text-xs text-slate-600">{r.sku}</Token> : null}
                        </th>
                        <td className="py-3 pr-4 text-slate-700">{r.category_name}</td>
                        <td className="py-3 pr-4 text-right font-semibold text-slate-900">
                          <Token>{money(r.price_usd)}</Token>
                        </td>
                        {secondary ? (
                          <td className="py-3 pr-4 text-right text-slate-700">
                            <Token>{money(r.price_zwl)}</Token>
                          </td>
                        ) : null}
                        <td className="min-w-36 py-3 pr-4 text-slate-700">
                          <Breaks row={r} currency="USD" />
                        </td>
                        <td className="py-3">
                          <AvailabilityStatusLine
                            availability={{ status: r.availability_status, ...(r.next_arrival ? { next_arrival: r.next_arrival } : {}) }}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </div>
    </DealerPage>
  );
}
