import { ChevronLeft, ChevronRight } from "lucide-react";
import type { MediaFolder } from "#shared/media.ts";
import { MediaImage } from "#web/components/ui/media-image.tsx";

const buttonClass =
  "inline-flex min-h-11 items-center gap-1 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:border-accent-700 hover:text-accent-800 disabled:opacity-50";

/** The gallery's width: half of max-w-7xl beside the details from 1024 px, the screen's width below. */
export const CONTENT_GALLERY_SIZES = "(min-width: 1024px) 640px, 100vw";

/**
 * One picture at a time with Previous and Next (wrapping round); the position is announced as it changes. Server
 * markup only (decision 013): src/web/enhance/gallery.ts answers the buttons from the data attributes (the images'
 * names, the texts with `{n}` for the picture's number); a tap before that script runs is held and replayed.
 */
export function ImageGallery({ folder, images, label }: { folder: MediaFolder; images: string[]; label: string }) {
  const current = images[0];
  if (!current) return null;
  const many = images.length > 1;
  const alt = (n: number | string) => `${label}, photo ${n} of ${images.length}`;
  const status = (n: number | string) => `Photo ${n} of ${images.length}`;
  return (
    <section
      aria-roledescription="gallery"
      aria-label={`${label}: photos`}
      className="space-y-3"
      data-gallery={folder}
      data-gallery-images={JSON.stringify(images)}
      data-gallery-alt={alt("{n}")}
    >
      <MediaImage
        folder={folder}
        name={current}
        alt={alt(1)}
        width={1200}
        height={900}
        sizes={CONTENT_GALLERY_SIZES}
        priority
        className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover"
      />
      {many ? (
        <div className="flex items-center justify-between gap-3">
          <button type="button" className={buttonClass} data-gallery-step="-1">
            <ChevronLeft aria-hidden="true" className="size-4" /> Previous
          </button>
          <p aria-live="polite" className="text-sm text-slate-600" data-gallery-status={status("{n}")}>
            {status(1)}
          </p>
          <button type="button" className={buttonClass} data-gallery-step="1">
            Next <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
