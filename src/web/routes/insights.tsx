import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { ARTICLE_CATEGORIES, isSitePath } from "#shared/schemas/content.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ContentIntro } from "#web/features/content/content-intro.tsx";
import { excerpt, formatDate } from "#web/features/content/format.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/insights";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedQuietPage;

export async function loader({ context }: Route.LoaderArgs) {
  return { groups: await context.services.content.articlesByCategory() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Insights & News", { description: "Recent, trending, expert-opinion and news articles about solar energy." });
}

/** An article on another site opens in a new tab, marked with the external-link icon; a page of this site is a plain link. */
const articleLinkClass = "text-slate-900 underline-offset-2 hover:text-accent-800 hover:underline";
const headingId = (category: string) => `articles-${category.toLowerCase().replace(/\s+/g, "-")}`;

export default function Insights({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <>
      <ContentIntro title="Insights & News">
        <p>Recent, trending, expert-opinion and news articles about solar energy.</p>
        <p className="text-base">
          More from us:{" "}
          <Link to="/blogs" className="font-medium text-accent-700 underline hover:text-accent-800">
            Blogs
          </Link>{" "}
          and{" "}
          <Link to="/case-studies" className="font-medium text-accent-700 underline hover:text-accent-800">
            Case Studies
          </Link>
          .
        </p>
      </ContentIntro>
      <div className={`${CONTAINER} grid gap-x-10 gap-y-12 pb-16 md:grid-cols-2`}>
        {ARTICLE_CATEGORIES.map((category) => {
          const articles = groups[category];
          return (
            <section key={category} aria-labelledby={headingId(category)}>
              <h2 id={headingId(category)} className="border-b-2 border-accent-500 pb-2 text-2xl font-bold tracking-tight text-slate-900">
                {category}
              </h2>
              {articles.length > 0 ? (
                <ul className="mt-4 divide-y divide-slate-200">
                  {articles.map((a) => (
                    <li key={a.article_id} className="py-4">
                      <h3 className="text-lg font-semibold">
                        {isSitePath(a.article_ref) ? (
                          <a href={a.article_ref} className={articleLinkClass}>
                            {a.article_title}
                          </a>
                        ) : (
                          <a
                            href={a.article_ref}
                            target="_blank"
                            rel="noopener noreferrer"
                            className={`inline-flex items-start gap-1.5 ${articleLinkClass}`}
                          >
                            {a.article_title}
                            <ExternalLink aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-500" />
                            <span className="sr-only"> (opens in a new tab)</span>
                          </a>
                        )}
                      </h3>
                      <p className="mt-1 text-sm text-slate-600">
                        <time dateTime={a.createdAt}>{formatDate(a.createdAt)}</time>
                      </p>
                      <p className="mt-2 text-slate-700">{excerpt(a.article_description)}</p>
                    </li>
                  ))}
                </ul>
              ) : (
                <div className="mt-4">
                  <EmptyState>No {category.toLowerCase()} articles yet.</EmptyState>
                </div>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}
