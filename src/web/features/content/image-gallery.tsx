import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import type { MediaFolder } from "#shared/media.ts";
import { MediaImage } from "#web/components/ui/media-image.tsx";

const buttonClass =
  "inline-flex min-h-11 items-center gap-1 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:border-accent-700 hover:text-accent-800 disabled:opacity-50";

/** The gallery's width: half of max-w-7xl beside the details from 1024 px, the screen's width below. */
export const CONTENT_GALLERY_SIZES = "(min-width: 1024px) 640px, 100vw";

/** One picture at a time with Previous and Next (wrapping round); the position is announced as it changes. */
export function ImageGallery({ folder, images, label }: { folder: MediaFolder; images: string[]; label: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return null;
  const many = images.length > 1;
  const go = (delta: number) => setIndex((i) => (i + delta + images.length) % images.length);
  return (
    <section aria-roledescription="gallery" aria-label={`${label}: photos`} className="space-y-3">
      <MediaImage
        key={current}
        folder={folder}
        name={current}
        alt={`${label}, photo ${index + 1} of ${images.length}`}
        width={1200}
        height={900}
        sizes={CONTENT_GALLERY_SIZES}
        priority={index === 0}
        className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover"
      />
      {many ? (
        <div className="flex items-center justify-between gap-3">
          <button type="button" className={buttonClass} onClick={() => go(-1)}>
            <ChevronLeft aria-hidden="true" className="size-4" /> Previous
          </button>
          <p aria-live="polite" className="text-sm text-slate-600">
            Photo {index + 1} of {images.length}
          </p>
          <button type="button" className={buttonClass} onClick={() => go(1)}>
            Next <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
