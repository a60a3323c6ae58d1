import { Search as SearchIcon } from "lucide-react";
import { type SearchResult, searchQuerySchema } from "#shared/schemas/search.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { SearchField } from "#web/components/layout/search-field.tsx";
import { MediaImage } from "#web/components/ui/media-image.tsx";
import { mainImageName } from "#web/features/catalogue/product-media.ts";
import { ContentIntro } from "#web/features/content/content-intro.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { quietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/search";

/**
 * The site search: products and the site's writing, ranked, typos and units understood by the search
 * service. A plain GET form, drawn by the server: it works before any script (decision 013).
 */
export const handle = quietPage;

const KIND_LABELS = { blog: "Blog", "case-study": "Case study", article: "Insights", faq: "FAQ" } as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const parsed = searchQuerySchema.safeParse({ q, limit: 20 });
  if (!parsed.success)
    return { q: q.slice(0, 100), result: null as SearchResult | null, problem: q.trim() ? parsed.error.issues[0]?.message : null };
  return { q: parsed.data.q, result: await context.services.search.search(parsed.data), problem: null };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const q = loaderData?.q;
  return pageMeta(matches, q ? `Search: ${q}` : "Search", { description: "Search our products, guides and answers." });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, result, problem } = loaderData;
  const total = result ? result.products.length + result.content.length : 0;
  return (
    <>
      <ContentIntro title="Search">
        <p>Search our products, guides and answers: a product name, a brand, a figure such as “5 kW”, or a question.</p>
      </ContentIntro>
      <div className={`${CONTAINER} pb-16`}>
        <search className="flex max-w-2xl gap-2">
          <form method="get" action="/search" className="flex w-full gap-2">
            <SearchField
              id="search-page-q"
              defaultValue={q}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? "search-page-problem" : undefined}
              className="min-h-11 w-full rounded-md border border-slate-400 px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-700"
            />
            <button
              type="submit"
              className="inline-flex min-h-11 items-center gap-2 rounded-md bg-accent-700 px-4 font-semibold text-white hover:bg-accent-800"
            >
              <SearchIcon aria-hidden="true" className="size-5" />
              Search
            </button>
          </form>
        </search>
        {problem ? (
          <p id="search-page-problem" role="alert" className="mt-2 text-sm font-medium text-red-800">
            {problem}
          </p>
        ) : null}
        {result ? (
          <div className="mt-8 space-y-10">
            <p role="status" className="text-slate-700">
              {total === 0 ? `Nothing matches “${q}”. Try another word, or browse the products.` : `Results for “${q}”`}
            </p>
            {result.products.length > 0 ? (
              <section aria-labelledby="search-products">
                <h2 id="search-products" className="text-xl font-semibold text-slate-900">
                  Products
                </h2>
                <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                  {result.products.map((p) => (
                    <li key={p.product_id} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3">
                      <div className="w-20 shrink-0">
                        <MediaImage
                          folder="products"
                          name={p.image ?? mainImageName("")}
                          alt=""
                          sizes="80px"
                          thumbnail
                          className="aspect-[4/3] h-auto w-full rounded bg-slate-100 object-cover"
                        />
                      </div>
                      <div>
                        {p.brand_name ? (
                          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{p.brand_name}</p>
                        ) : null}
                        <a
                          href={`/product/${p.product_id}`}
                          className="font-semibold text-slate-900 underline-offset-4 hover:text-accent-800 hover:underline"
                        >
                          {p.product_name}
                        </a>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {result.content.length > 0 ? (
              <section aria-labelledby="search-content">
                <h2 id="search-content" className="text-xl font-semibold text-slate-900">
                  Articles and answers
                </h2>
                <ul className="mt-4 max-w-3xl space-y-4">
                  {result.content.map((c) => (
                    <li key={`${c.kind}-${c.id}`}>
                      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{KIND_LABELS[c.kind]}</p>
                      <a href={c.url} className="font-semibold text-slate-900 underline-offset-4 hover:text-accent-800 hover:underline">
                        {c.title}
                      </a>
                      {c.snippet ? <p className="mt-1 text-sm text-slate-700">{c.snippet}</p> : null}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        ) : null}
      </div>
    </>
  );
}
