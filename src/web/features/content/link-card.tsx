import type { ReactNode } from "react";
import { Link } from "react-router";
import type { MediaFolder } from "#shared/media.ts";
import { MediaImage } from "#web/components/ui/media-image.tsx";

type LinkCardProps = {
  href: string;
  title: string;
  folder: MediaFolder;
  image: string | undefined;
  sizes: string;
  priority: boolean;
  /** What the whole card leads to, shown at its foot ("Read more"). */
  cta: string;
  children: ReactNode;
};

/** A card of a list page whose whole surface is one link (to a blog, a case study …): image, title, details, call to action. */
export function LinkCard({ href, title, folder, image, sizes, priority, cta, children }: LinkCardProps) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-accent-700 hover:border-accent-500">
      {image ? (
        <MediaImage
          folder={folder}
          name={image}
          alt=""
          width={800}
          height={600}
          sizes={sizes}
          priority={priority}
          className="aspect-[4/3] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-xl font-semibold text-slate-900">
          <Link to={href} className="after:absolute after:inset-0 group-hover:text-accent-800 focus:outline-none">
            {title}
          </Link>
        </h2>
        {children}
        <p aria-hidden="true" className="mt-auto pt-4 text-sm font-semibold text-accent-700">
          {cta} →
        </p>
      </div>
    </article>
  );
}
