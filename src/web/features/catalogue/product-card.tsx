import { Link } from "react-router";
import { MediaImage } from "#web/components/ui/media-image.tsx";
import { mainImageName } from "./product-media.ts";

/** Card widths in the grids: one column on phones, two from 640 px, three from 1024 px (max-w-6xl). */
export const CARD_SIZES = "(min-width: 1024px) 360px, (min-width: 640px) 45vw, 92vw";

type ProductCardProps = { id: number; name: string; images: string; eager?: boolean; children?: React.ReactNode };

/** A product in a grid: main image, name linking to /product/<id>; the whole card is the link's target area. */
export function ProductCard({ id, name, images, eager = false, children }: ProductCardProps) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <MediaImage
        folder="products"
        name={mainImageName(images)}
        alt=""
        sizes={CARD_SIZES}
        priority={eager}
        className="aspect-[4/3] h-auto w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-base font-semibold text-slate-900">
          <Link
            to={`/product/${id}`}
            className="after:absolute after:inset-0 group-hover:text-accent-800 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-accent-700"
          >
            {name}
          </Link>
        </h2>
        {children}
      </div>
    </article>
  );
}
