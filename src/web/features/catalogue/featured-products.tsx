import { Link } from "react-router";
import type { Featured } from "#shared/schemas/catalogue.ts";
import { MediaImage } from "#web/components/ui/media-image.tsx";
import { CARD_SIZES } from "./product-card.tsx";
import { mainImageName } from "./product-media.ts";
import { FiveStars } from "./stars.tsx";

/** Featured products (spec §2 /products): their own artwork or the product's main image, a 5-star display, a link. */
export function FeaturedProducts({ featured }: { featured: Featured[] }) {
  if (featured.length === 0) return null;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {featured.map((f, i) => (
        <li key={f.id}>
          <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
            <MediaImage
              folder={f.image ? "featuredProducts" : "products"}
              name={f.image ?? mainImageName(f.images)}
              alt=""
              sizes={CARD_SIZES}
              priority={i === 0}
              className="aspect-[4/3] h-auto w-full bg-slate-100 object-cover"
            />
            <div className="flex flex-1 flex-col gap-2 p-4">
              <h3 className="text-base font-semibold text-slate-900">
                <Link
                  to={`/product/${f.product_id}`}
                  className="after:absolute after:inset-0 group-hover:text-accent-800 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-accent-700"
                >
                  {f.name}
                </Link>
              </h3>
              <FiveStars />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
