import { MediaImage } from "#web/components/ui/media-image.tsx";
import { productImageNames } from "./product-media.ts";

/** The main image's width: half of the container (layout/container.ts) from 768 px, the screen's width below. */
export const GALLERY_SIZES = "(min-width: 1280px) 588px, (min-width: 768px) 46vw, 92vw";

/**
 * Main image and thumbnails that switch it (spec §2); the thumbnails are buttons, so the keyboard works too.
 * Server markup only (decision 013): src/web/enhance/gallery.ts answers the thumbnails from the data attributes (the
 * images' names, the main image's text with `{n}` for its number); a tap before that script runs is held and
 * replayed (lib/hydration-loader.ts).
 */
export function ProductGallery({ images, name }: { images: string; name: string }) {
  const names = productImageNames(images);
  const current = names[0] ?? "";
  const alt = (n: number | string) => (names.length > 1 ? `${name}, image ${n} of ${names.length}` : name);
  return (
    <div data-gallery="products" data-gallery-images={JSON.stringify(names)} data-gallery-alt={alt("{n}")}>
      <MediaImage
        folder="products"
        name={current}
        alt={alt(1)}
        sizes={GALLERY_SIZES}
        priority
        className="aspect-[4/3] h-auto w-full rounded-lg border border-slate-200 bg-slate-100 object-cover"
      />
      {names.length > 1 ? (
        <ul aria-label="Product images" className="mt-3 flex flex-wrap gap-3">
          {names.map((n, i) => (
            <li key={n}>
              <button
                type="button"
                data-gallery-show={i}
                aria-label={`Show image ${i + 1} of ${names.length}`}
                aria-pressed={i === 0}
                className="block overflow-hidden rounded-md border-2 border-transparent hover:border-slate-300 aria-pressed:border-accent-700 aria-pressed:hover:border-accent-700"
              >
                <MediaImage
                  folder="products"
                  name={n}
                  alt=""
                  sizes="96px"
                  thumbnail
                  width={96}
                  height={72}
                  className="aspect-[4/3] h-auto w-24 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
