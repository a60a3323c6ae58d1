import { data, Link, redirect } from "react-router";
import { can } from "#shared/can.ts";
import { emptyFilter, filterParams } from "#shared/catalogue-filters.ts";
import { findCategory } from "#shared/categories.ts";
import { DEFAULT_PAGE_SIZE } from "#shared/constants.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { imagePreload } from "#web/components/ui/media-image.tsx";
import { AppliedFilters, CatalogueFilters, SortSelect } from "#web/features/catalogue/catalogue-filters.tsx";
import { CategoryStrip } from "#web/features/catalogue/category-strip.tsx";
import { appliedFilters, filteredPath, sortOptions } from "#web/features/catalogue/category-view.ts";
import { PageSizeForm } from "#web/features/catalogue/page-size-form.tsx";
import { Pagination } from "#web/features/catalogue/pagination.tsx";
import { pageCount, pagingFrom, pagingSearch } from "#web/features/catalogue/paging.ts";
import { CARD_SIZES, ProductCard, productCardData } from "#web/features/catalogue/product-card.tsx";
import { mainImageName } from "#web/features/catalogue/product-media.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/category";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedQuietPage;

/**
 * /category/{slug or id}?page=&pageSize=&spec.<key>=&brand=&sort= : one page of the category's products, filtered
 * and sorted, read on the server. What in the address cannot be read (an old shared link) is left out.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const paging = pagingFrom(url.searchParams);
  const category = findCategory(params.categoryId);
  const empty = { rows: [], count: 0, paging, pages: 1, facets: [], applied: [], keep: [], clearTo: "", sorts: [], sort: null };
  if (!category) return data({ category: null, ...empty }, { status: 404 });
  const { catalogue } = context.services;
  const { rows, count, facets, filter } = await catalogue.productsByCategory(context.actor, category.id, paging, url.searchParams);
  const path = `/category/${params.categoryId}`;
  const size: [string, string][] = paging.pageSize === DEFAULT_PAGE_SIZE ? [] : [["pageSize", String(paging.pageSize)]];
  // What every link of the page keeps: the filters and the sort.
  const keep = filterParams(filter);
  const pages = pageCount(count, paging.pageSize);
  // Past the last page (fewer products since the link was shared): the last page there is.
  if (paging.page > pages) throw redirect(`${path}${pagingSearch({ page: pages, pageSize: paging.pageSize }, keep)}`);
  const cards = rows.map((p) => productCardData(p, context.actor !== null));
  return {
    category,
    rows: cards,
    count,
    paging,
    pages,
    facets,
    applied: appliedFilters(path, filter, facets, [...size]),
    keep,
    clearTo: filteredPath(path, { ...emptyFilter(), sort: filter.sort }, size).replace(/\?$/, ""),
    sorts: sortOptions(category.slug, can.seePrices(context.actor)),
    sort: filter.sort,
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.category?.name ?? "Products";
  const page = loaderData && loaderData.paging.page > 1 ? ` (page ${loaderData.paging.page})` : "";
  const first = loaderData?.rows[0];
  return pageMeta(matches, `${name}${page}`, {
    description: `${name}: browse the range, compare products and request a quote.`,
    preload: first ? imagePreload("products", mainImageName(first.images), CARD_SIZES) : null,
  });
}

export default function Category({ loaderData, params }: Route.ComponentProps) {
  const { category, rows, count, paging, pages, facets, applied, keep, clearTo, sorts, sort } = loaderData;
  const path = `/category/${params.categoryId}`;
  const first = (paging.page - 1) * paging.pageSize + 1;
  const size: [string, string][] = paging.pageSize === DEFAULT_PAGE_SIZE ? [] : [["pageSize", String(paging.pageSize)]];
  return (
    <section className={`${CONTAINER} py-10 md:py-14`}>
      <p className="text-sm">
        <Link to="/products" className="font-medium text-accent-700 underline hover:text-accent-800">
          Products
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">{category?.name ?? "Products"}</h1>
      <div className="mt-6">
        <CategoryStrip />
      </div>
      {!category ? (
        <p className="mt-10 text-lg text-slate-700">No products found for this category.</p>
      ) : (
        <div className="mt-8 md:grid md:grid-cols-[15rem_1fr] md:gap-8">
          <aside aria-label="Filters" className="mb-6 md:mb-0">
            <CatalogueFilters facets={facets} hidden={size} clearTo={clearTo} applied={applied} />
          </aside>
          <div>
            <div className="flex flex-wrap items-center justify-between gap-4">
              <p className="text-sm text-slate-700" aria-live="polite">
                {rows.length === 0 ? "No products" : `Showing ${first}–${first + rows.length - 1} of ${count} products`}
              </p>
              <div className="flex flex-wrap items-center gap-4">
                {sorts.length > 0 ? <SortSelect options={sorts} value={sort} /> : null}
                <PageSizeForm pageSize={paging.pageSize} keep={keep} />
              </div>
            </div>
            <div className="mt-4">
              <AppliedFilters applied={applied} clearTo={clearTo} />
            </div>
            {rows.length === 0 ? (
              applied.length > 0 ? (
                <div className="mt-8 rounded-lg border border-slate-200 bg-slate-50 p-6">
                  <p className="text-lg font-semibold text-slate-900">No products match these filters.</p>
                  <p className="mt-2 text-slate-700">
                    Remove a filter above, or{" "}
                    <a href={clearTo} className="font-medium text-accent-700 underline hover:text-accent-800">
                      clear them all
                    </a>
                    .
                  </p>
                </div>
              ) : (
                <p className="mt-10 text-lg text-slate-700">No products found for this category.</p>
              )
            ) : (
              <>
                <ul aria-label="Products" className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-2 lg:grid-cols-3">
                  {rows.map((p, i) => (
                    <li key={p.id}>
                      <ProductCard product={p} eager={i === 0} />
                    </li>
                  ))}
                </ul>
                <div className="mt-10 flex justify-center">
                  <Pagination path={path} paging={paging} pages={pages} label="Product pages" keep={keep} />
                </div>
              </>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
