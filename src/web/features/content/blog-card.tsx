import { Link } from "react-router";
import type { Blog } from "#shared/schemas/content.ts";
import { MediaImage } from "#web/components/ui/media-image.tsx";
import { excerpt, formatDate, imageList } from "./format.ts";

/** A blog in the /blogs list: first image, title, author, date and a 150-character excerpt (spec §9). */
export function BlogCard({ blog, priority = false }: { blog: Blog; priority?: boolean }) {
  const [image] = imageList(blog.images);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-accent-700 hover:border-accent-500">
      {image ? (
        <MediaImage
          folder="blogs"
          name={image}
          alt=""
          width={800}
          height={600}
          sizes="(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw"
          priority={priority}
          className="aspect-[4/3] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-xl font-semibold text-slate-900">
          <Link to={`/blog/${blog.id}`} className="after:absolute after:inset-0 group-hover:text-accent-800 focus:outline-none">
            {blog.title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          By {blog.author} · <time dateTime={blog.createdAt}>{formatDate(blog.createdAt)}</time>
        </p>
        <p className="mt-3 text-slate-700">{excerpt(blog.story)}</p>
        <p aria-hidden="true" className="mt-auto pt-4 text-sm font-semibold text-accent-700">
          Read more →
        </p>
      </div>
    </article>
  );
}
