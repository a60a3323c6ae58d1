import { data, Link } from "react-router";
import { previewImageUrl } from "#shared/media.ts";
import { CONTAINER, READING } from "#web/components/layout/container.ts";
import { imagePreload, MediaImage } from "#web/components/ui/media-image.tsx";
import { excerpt, formatDate, imageList, paragraphs } from "#web/features/content/format.ts";
import { ContentNotFound } from "#web/features/content/not-found.tsx";
import { detailId } from "#web/lib/detail-id.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import { articleLd } from "#web/lib/structured-data.ts";
import type { Route } from "./+types/blog";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedQuietPage;

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = detailId(params.blogId);
  if (id === null) return data({ blog: null }, { status: 404 });
  try {
    return { blog: await context.services.content.blogById(id) };
  } catch (err) {
    if (knownFailure(err)?.statusCode === 404) return data({ blog: null }, { status: 404 });
    throw err;
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const blog = loaderData?.blog;
  if (!blog) return pageMeta(matches, "Blog not found", { description: "This blog could not be found.", noIndex: true });
  const images = imageList(blog.images);
  const image = images[0];
  const description = excerpt(blog.story, 155);
  return pageMeta(matches, blog.title, {
    description,
    type: "article",
    image: image ? previewImageUrl("blogs", image) : null,
    preload: image ? imagePreload("blogs", image, blogImageSizes(images.length)) : null,
    jsonLd: ({ siteUrl, siteName }) =>
      articleLd(
        {
          path: `/blog/${blog.id}`,
          headline: blog.title,
          description,
          image: image ? previewImageUrl("blogs", image) : null,
          author: blog.author,
          published: blog.createdAt,
        },
        siteUrl,
        siteName,
      ),
  });
}

/** Two pictures side by side from 640 px, else one across the 768 px column. */
function blogImageSizes(count: number): string {
  return count > 1 ? "(min-width: 768px) 376px, (min-width: 640px) 50vw, 100vw" : "(min-width: 768px) 768px, 100vw";
}

const backLink = (
  <Link to="/blogs" className="font-medium text-accent-700 underline hover:text-accent-800">
    Back to all blogs
  </Link>
);

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { blog } = loaderData;
  if (!blog) {
    return <ContentNotFound title="Blog" message="Blog not found." backTo="/blogs" backLabel="Back to all blogs" />;
  }
  const images = imageList(blog.images);
  return (
    <article className={`${CONTAINER} py-12 md:py-16`}>
      <div className={READING}>
        <p className="text-sm">{backLink}</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-slate-900 md:text-4xl">{blog.title}</h1>
        <p className="mt-3 text-slate-600">
          By <span className="font-medium text-slate-800">{blog.author}</span> ·{" "}
          <time dateTime={blog.createdAt}>{formatDate(blog.createdAt)}</time>
        </p>
        {images.length > 0 ? (
          <div className={`mt-8 grid gap-4 ${images.length > 1 ? "sm:grid-cols-2" : ""}`}>
            {images.map((name, i) => (
              <MediaImage
                key={name}
                folder="blogs"
                name={name}
                alt={images.length > 1 ? `${blog.title}, picture ${i + 1} of ${images.length}` : blog.title}
                width={1200}
                height={900}
                sizes={blogImageSizes(images.length)}
                priority={i === 0}
                className="aspect-[4/3] w-full rounded-xl object-cover"
              />
            ))}
          </div>
        ) : null}
        <div className="mt-8 space-y-5 text-lg leading-relaxed text-slate-800">
          {paragraphs(blog.story).map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
        <p className="mt-12 border-t border-slate-200 pt-6">{backLink}</p>
      </div>
    </article>
  );
}
