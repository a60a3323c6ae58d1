import { CATEGORIES, findCategory } from "#shared/categories.ts";
import { COMPARE_MAX, compareHref, parseCompareIds } from "#shared/compare.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { MediaImage } from "#web/components/ui/media-image.tsx";
import { AddToCartButton } from "#web/features/catalogue/add-to-cart-button.tsx";
import { compareSelection, comparisonRows } from "#web/features/catalogue/comparison.ts";
import { PriceLine, productCardData } from "#web/features/catalogue/product-card.tsx";
import { mainImageName } from "#web/features/catalogue/product-media.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/compare";

/**
 * /compare?ids=1,2,3: up to four products of one category side by side, the rows whose values differ
 * marked; `&diff=1` shows only those. The address is the whole state, so it works as a shared link and with no
 * script (Remove and "only differences" are links). Shared like the product page: visitors without a session all
 * see the same (no prices); dealers and admins get theirs drawn for them (platform/shared-cache.ts).
 */
export const handle = sharedQuietPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { ids, extra } = parseCompareIds(params.get("ids"));
  const diff = params.get("diff") === "1";
  const { catalogue } = context.services;
  const found = ids.length ? await catalogue.productsByIds(context.actor, ids) : [];
  const { category: slug, shown, otherCategory, missing } = compareSelection(ids, found);
  const category = slug ? (findCategory(slug) ?? null) : null;
  // With room left, the category's other products can be added by a link (the way in without scripts).
  const others =
    category && shown.length < COMPARE_MAX
      ? (await catalogue.productsByCategory(context.actor, category.id, { page: 1, pageSize: 100 }, [], { facets: false })).rows
          .filter((p) => !shown.some((s) => s.product_id === p.product_id))
          .map((p) => ({ id: p.product_id, name: p.product_name, brand: p.brand_name }))
      : [];
  const signedIn = context.actor !== null;
  return {
    ids: shown.map((p) => p.product_id),
    fromLink: params.has("ids"),
    diff,
    category,
    products: shown.map((p) => ({ ...productCardData(p, signedIn), sku: p.sku })),
    rows: category
      ? comparisonRows(
          category.slug,
          shown.map((p) => p.specs),
        )
      : [],
    otherCategory: otherCategory.map((p) => ({ id: p.product_id, name: p.product_name, category: p.category_name })),
    missing,
    extra,
    others,
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const names = loaderData?.products.map((p) => p.name) ?? [];
  return pageMeta(matches, names.length ? `Compare: ${names.join(", ")}` : "Compare products", {
    description: names.length
      ? `${names.join(", ")}: specifications side by side, the differences marked.`
      : "Compare up to four products of one category side by side: every specification, the differences marked.",
    // A comparison is the products' own pages put together: search engines get the empty page (in the sitemap).
    noIndex: names.length > 0,
  });
}

const linkClass = "font-medium text-accent-700 underline hover:text-accent-800";
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { ids, fromLink, diff, category, products, rows, otherCategory, missing, extra, others } = loaderData;
  const differing = rows.filter((r) => r.differs).length;
  const shownRows = diff ? rows.filter((r) => r.differs) : rows;
  const notices = [
    missing > 0
      ? `${plural(missing, "product", "products")} in this link ${missing === 1 ? "is" : "are"} no longer in our catalogue and ${missing === 1 ? "is" : "are"} left out.`
      : null,
    extra > 0 ? `Up to ${COMPARE_MAX} products can be compared at once: the first ${COMPARE_MAX} in the link are shown.` : null,
  ].filter((n): n is string => n !== null);
  return (
    <div className={`${CONTAINER} py-8 md:py-12`}>
      <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
        <ol className="flex flex-wrap gap-2">
          <li>
            <a href="/products" className={linkClass}>
              Products
            </a>
            {category ? <span aria-hidden="true"> /</span> : null}
          </li>
          {category ? (
            <li>
              <a href={`/category/${category.slug}`} className={linkClass}>
                {category.name}
              </a>
            </li>
          ) : null}
        </ol>
      </nav>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
        {category ? `Compare ${category.name.toLowerCase()}` : "Compare products"}
      </h1>
      {/* Read by src/web/enhance/compare.ts: a comparison's address (even one emptied by Remove) becomes the list kept
          in this browser; the bare /compare leaves that list alone (its bar links to it). */}
      {fromLink ? <div data-compare-page={JSON.stringify({ category: category?.slug ?? "", ids })} hidden /> : null}

      {notices.length > 0 || otherCategory.length > 0 ? (
        <div className="mt-6 space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900">
          {notices.map((n) => (
            <p key={n}>{n}</p>
          ))}
          {otherCategory.length > 0 && category ? (
            <p>
              A comparison holds one category, so {otherCategory.map((p) => p.name).join(", ")} (
              {[...new Set(otherCategory.map((p) => p.category.toLowerCase()))].join(", ")}) {otherCategory.length === 1 ? "is" : "are"}{" "}
              left out.{" "}
              <a href={compareHref(otherCategory.map((p) => p.id))} className={linkClass}>
                Compare {otherCategory.length === 1 ? "it" : "them"} on {otherCategory.length === 1 ? "its" : "their"} own
              </a>
            </p>
          ) : null}
        </div>
      ) : null}

      {!category ? (
        <EmptyState />
      ) : (
        <>
          <p className="mt-4 max-w-3xl text-slate-700">
            {products.length === 1
              ? `Add up to ${COMPARE_MAX - 1} more ${category.name.toLowerCase()} to compare them side by side.`
              : `${plural(products.length, "product", "products")} side by side. ${
                  differing === 0
                    ? "Their specifications are the same."
                    : `${plural(differing, "specification differs", "specifications differ")}: marked “Differs”.`
                } This page’s address is the comparison: share it to show someone else.`}
          </p>
          {products.length > 1 && differing > 0 ? (
            <p className="mt-3">
              {diff ? (
                <a href={compareHref(ids)} className={linkClass}>
                  Show all specifications
                </a>
              ) : (
                <a href={compareHref(ids, true)} className={linkClass}>
                  Show only the differences
                </a>
              )}
            </p>
          ) : null}

          <section
            aria-labelledby="compare-caption"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways is reached by keyboard
            tabIndex={0}
            className="relative mt-6 w-fit max-w-full overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-accent-700"
          >
            <table className="border-collapse text-left text-sm">
              <caption id="compare-caption" className="sr-only">
                {`${category.name} compared${diff ? ", only the specifications that differ" : ""}`}
              </caption>
              <thead>
                <tr className="align-top">
                  <td className="sticky left-0 z-10 w-32 min-w-32 bg-white p-3 sm:w-48" />
                  {products.map((p) => (
                    <th key={p.id} scope="col" className="w-44 min-w-44 p-3 font-normal sm:w-60">
                      <MediaImage
                        folder="products"
                        name={mainImageName(p.images)}
                        alt=""
                        sizes="(min-width: 640px) 208px, 152px"
                        className="aspect-[4/3] h-auto w-full max-w-52 rounded bg-slate-100 object-cover"
                      />
                      {p.brand ? (
                        <span className="mt-2 block text-xs font-semibold tracking-wide text-slate-600 uppercase">{p.brand}</span>
                      ) : null}
                      <a
                        href={`/product/${p.id}`}
                        className="mt-1 block text-base font-semibold text-slate-900 underline-offset-4 hover:underline"
                      >
                        {p.name}
                      </a>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                <tr>
                  <th scope="row" className="sticky left-0 z-10 bg-white p-3 font-medium text-slate-700">
                    SKU
                  </th>
                  {products.map((p) => (
                    <td key={p.id} className="p-3 tabular-nums text-slate-900">
                      {p.sku ?? <NotGiven />}
                    </td>
                  ))}
                </tr>
                <tr>
                  <th scope="row" className="sticky left-0 z-10 bg-white p-3 font-medium text-slate-700">
                    Price
                  </th>
                  {products.map((p) => (
                    <td key={p.id} className="p-3">
                      <PriceLine cue={p.cue} />
                    </td>
                  ))}
                </tr>
                <tr>
                  <th scope="row" className="sticky left-0 z-10 bg-white p-3 font-medium text-slate-700">
                    <span className="sr-only">Actions</span>
                  </th>
                  {products.map((p) => (
                    <td key={p.id} className="space-y-2 p-3">
                      <AddToCartButton
                        productId={p.id}
                        productName={p.name}
                        image={mainImageName(p.images)}
                        className="w-full px-2! whitespace-nowrap"
                        namesProduct
                      />
                      <a
                        href={
                          ids.length > 1
                            ? compareHref(
                                ids.filter((id) => id !== p.id),
                                diff,
                              )
                            : "/compare?ids="
                        }
                        className="flex min-h-11 items-center justify-center rounded-md text-sm font-medium text-accent-800 underline underline-offset-4 hover:text-accent-900"
                      >
                        Remove<span className="sr-only"> {p.name} from the comparison</span>
                      </a>
                    </td>
                  ))}
                </tr>
                {shownRows.map((row) => (
                  <tr key={row.key} data-differs={row.differs ? "" : undefined} className={row.differs ? "bg-amber-50" : undefined}>
                    <th
                      scope="row"
                      className={`sticky left-0 z-10 p-3 font-medium text-slate-700 ${row.differs ? "bg-amber-50 shadow-[inset_4px_0_0_var(--color-amber-500)]" : "bg-white"}`}
                    >
                      {row.label}
                      {row.differs ? (
                        <span className="ml-1 inline-block rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950">
                          <span className="sr-only">, </span>Differs
                        </span>
                      ) : null}
                    </th>
                    {row.values.map((v, i) => (
                      <td key={products[i]?.id ?? i} className="p-3 tabular-nums text-slate-900">
                        {v ?? <NotGiven />}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>

          {others.length > 0 ? (
            <details open={products.length === 1} className="mt-8 max-w-2xl rounded-lg border border-slate-200 p-4">
              <summary className="cursor-pointer font-semibold text-slate-900">
                Add another of our {category.name.toLowerCase()} ({COMPARE_MAX - products.length} more can be added)
              </summary>
              <ul className="mt-3 divide-y divide-slate-200">
                {others.map((o) => (
                  <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="text-slate-900">
                      {o.brand ? <span className="text-slate-600">{o.brand} · </span> : null}
                      {o.name}
                    </span>
                    <a href={compareHref([...ids, o.id], diff)} className={linkClass}>
                      Add<span className="sr-only"> {o.name}</span> to the comparison
                    </a>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
    </div>
  );
}

function NotGiven() {
  return (
    <span className="text-slate-500">
      <span aria-hidden="true">—</span>
      <span className="sr-only">not given</span>
    </span>
  );
}

function EmptyState() {
  return (
    <div className="mt-6 max-w-2xl space-y-4 text-slate-700">
      <p className="text-lg">There is nothing to compare yet.</p>
      <p>
        Choose <strong>Compare</strong> on up to {COMPARE_MAX} products of one category, on their cards or their pages, and their
        specifications are shown here side by side, the differences marked. Start with a category:
      </p>
      <ul className="flex flex-wrap gap-2">
        {CATEGORIES.map((c) => (
          <li key={c.slug}>
            <a
              href={`/category/${c.slug}`}
              className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 font-medium text-slate-900 hover:bg-slate-50"
            >
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
