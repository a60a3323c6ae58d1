import { CONTAINER } from "#web/components/layout/container.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { BlogCard } from "#web/features/content/blog-card.tsx";
import { ContentIntro } from "#web/features/content/content-intro.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import type { Route } from "./+types/blogs";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedQuietPage;

export async function loader({ context }: Route.LoaderArgs) {
  return { blogs: await context.services.content.listBlogs() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Blogs", { description: "Guides, news and stories about solar power in Zimbabwe from our team." });
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const { blogs } = loaderData;
  return (
    <>
      <ContentIntro title="Blogs">
        <p>Guides, news and stories about solar power from our team.</p>
      </ContentIntro>
      <div className={`${CONTAINER} pb-16`}>
        {blogs.length > 0 ? (
          <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {blogs.map((blog, i) => (
              <li key={blog.id}>
                <BlogCard blog={blog} priority={i === 0} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>No blogs have been published yet.</EmptyState>
        )}
      </div>
    </>
  );
}
