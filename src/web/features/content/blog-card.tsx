import type { Blog } from "#shared/schemas/content.ts";
import { excerpt, formatDate, imageList } from "./format.ts";
import { LinkCard } from "./link-card.tsx";

/** A blog in the /blogs list: first image, title, author, date and a 150-character excerpt (spec §9). */
export function BlogCard({ blog, priority = false }: { blog: Blog; priority?: boolean }) {
  return (
    <LinkCard
      href={`/blog/${blog.id}`}
      title={blog.title}
      folder="blogs"
      image={imageList(blog.images)[0]}
      sizes="(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw"
      priority={priority}
      cta="Read more"
    >
      <p className="mt-1 text-sm text-slate-600">
        By {blog.author} · <time dateTime={blog.createdAt}>{formatDate(blog.createdAt)}</time>
      </p>
      <p className="mt-3 text-slate-700">{excerpt(blog.story)}</p>
    </LinkCard>
  );
}
