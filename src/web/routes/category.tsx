import { data, Link, redirect } from "react-router";
import { findCategory } from "#shared/categories.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { imagePreload } from "#web/components/ui/media-image.tsx";
import { CategoryStrip } from "#web/features/catalogue/category-strip.tsx";
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

/** /category/{slug or id}?page=&pageSize= : one page of the category's products, read on the server. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const paging = pagingFrom(new URL(request.url).searchParams);
  const category = findCategory(params.categoryId);
  if (!category) return data({ category: null, rows: [], count: 0, paging, pages: 1 }, { status: 404 });
  const { rows, count } = await context.services.catalogue.productsByCategory(context.actor, category.id, paging);
  const pages = pageCount(count, paging.pageSize);
  // Past the last page (fewer products since the link was shared): the last page there is.
  if (paging.page > pages) throw redirect(`/category/${params.categoryId}${pagingSearch({ page: pages, pageSize: paging.pageSize })}`);
  const cards = rows.map((p) => productCardData(p, context.actor !== null));
  return { category, rows: cards, count, paging, pages };
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
  const { category, rows, count, paging, pages } = loaderData;
  const path = `/category/${params.categoryId}`;
  const first = (paging.page - 1) * paging.pageSize + 1;
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
      {rows.length === 0 ? (
        <p className="mt-10 text-lg text-slate-700">No products found for this category.</p>
      ) : (
        <>
          <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
            <p className="text-sm text-slate-700" aria-live="polite">
              Showing {first}–{first + rows.length - 1} of {count} products
            </p>
            <PageSizeForm pageSize={paging.pageSize} />
          </div>
          <ul aria-label="Products" className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
            {rows.map((p, i) => (
              <li key={p.id}>
                <ProductCard product={p} eager={i === 0} />
              </li>
            ))}
          </ul>
          <div className="mt-10 flex justify-center">
            <Pagination path={path} paging={paging} pages={pages} label="Product pages" />
          </div>
        </>
      )}
    </section>
  );
}
