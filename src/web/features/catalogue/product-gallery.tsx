import { useState } from "react";
import { MediaImage } from "#web/components/ui/media-image.tsx";
import { productImageNames } from "./product-media.ts";

/** The main image's width: half of max-w-6xl from 768 px, the screen's width below. */
export const GALLERY_SIZES = "(min-width: 1152px) 552px, (min-width: 768px) 48vw, 92vw";

/** Main image and thumbnails that switch it (spec §2); the thumbnails are buttons, so the keyboard works too. */
export function ProductGallery({ images, name }: { images: string; name: string }) {
  const names = productImageNames(images);
  const [shown, setShown] = useState(0);
  const current = names[shown] ?? names[0] ?? "";
  return (
    <div>
      <MediaImage
        key={current}
        folder="products"
        name={current}
        alt={names.length > 1 ? `${name}, image ${shown + 1} of ${names.length}` : name}
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
                onClick={() => setShown(i)}
                aria-label={`Show image ${i + 1} of ${names.length}`}
                aria-pressed={i === shown}
                className={`block overflow-hidden rounded-md border-2 ${i === shown ? "border-accent-700" : "border-transparent hover:border-slate-300"}`}
              >
                <MediaImage
                  folder="products"
                  name={n}
                  alt=""
                  sizes="96px"
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
