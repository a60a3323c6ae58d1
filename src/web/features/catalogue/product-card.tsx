import { countFigure } from "#shared/figures.ts";
import { shownPrice } from "#shared/money.ts";
import { productKeyLine } from "#shared/product-key-line.ts";
import type { Product } from "#shared/schemas/catalogue.ts";
import type { Availability } from "#shared/schemas/stock.ts";
import { FileText } from "#web/components/ui/icons.tsx";
import { MediaImage } from "#web/components/ui/media-image.tsx";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { AvailabilityStatusLine } from "./availability-status.tsx";
import { CompareControl } from "./compare-control.tsx";
import { mainImageName } from "./product-media.ts";

/** Card widths in the grids: two columns on phones, three from 768 px, four from 1024 px (the container's 1216 px). */
export const CARD_SIZES = "(min-width: 1280px) 290px, (min-width: 1024px) 23vw, (min-width: 768px) 31vw, 46vw";

/** What the card says about price, by who is looking (the service sends prices to dealers and admins only). */
export type PriceCue =
  | {
      kind: "price";
      usd: string;
      secondary: string | null;
      currency: string;
      /** The quantity the first quantity break starts at: "Lower price from 10"; null without breaks. */
      breaksFrom?: number | null;
    }
  | { kind: "sign-in" }
  | { kind: "dealers-only" };

/** A product as its card shows it: what a loader sends for each card of a grid. */
export type ProductCardData = {
  id: number;
  name: string;
  images: string;
  brand: string | null;
  keyLine: string | null;
  cue: PriceCue;
  /** Its category's slug: a comparison holds products of one category (Compare). */
  category: string;
  /** Its stock status as everyone sees it; the card shows no quantities. */
  availability?: Pick<Availability, "status" | "next_arrival">;
  /** A featured product's own artwork, shown instead of the product's main image. */
  artwork?: string | null;
  /** A featured product's own title, shown instead of the product's name (the cart keeps the product's name). */
  title?: string;
};

/** A product record → its card's data; `signedIn` tells a member without dealer prices from a visitor. */
export function productCardData(p: Product, signedIn: boolean): ProductCardData {
  const usd = shownPrice(p.price_usd);
  const cue: PriceCue = usd
    ? {
        kind: "price",
        usd,
        secondary: shownPrice(p.price_zwl),
        currency: p.secondary_currency,
        breaksFrom: p.price_breaks?.[1]?.min_quantity ?? null,
      }
    : signedIn
      ? { kind: "dealers-only" }
      : { kind: "sign-in" };
  return {
    id: p.product_id,
    name: p.product_name,
    images: p.images,
    brand: p.brand_name,
    keyLine: productKeyLine(p.category_slug, p.product_name, p.specs),
    cue,
    category: p.category_slug,
    availability: { status: p.availability.status, ...(p.availability.next_arrival ? { next_arrival: p.availability.next_arrival } : {}) },
  };
}

/** An amount that never breaks between its currency and its figure. */
function Amount({ currency, value, className }: { currency: string; value: string; className: string }) {
  return <span className={`whitespace-nowrap tabular-nums ${className}`}>{`${currency}\u00a0${value}`}</span>;
}

export function PriceLine({ cue }: { cue: PriceCue }) {
  if (cue.kind === "price") {
    return (
      <p data-card-price="" className="flex flex-wrap items-baseline gap-x-2">
        <span className="sr-only">Your dealer price: </span>
        <Amount currency="USD" value={cue.usd} className="text-lg font-bold text-slate-900" />
        {cue.secondary ? <Amount currency={cue.currency} value={cue.secondary} className="text-sm text-slate-700" /> : null}
        <span className="text-xs text-slate-600">excl. VAT</span>
        {cue.breaksFrom ? (
          <span data-card-breaks="" className="text-xs font-medium whitespace-nowrap text-accent-800">
            Lower price from {countFigure(cue.breaksFrom)}
          </span>
        ) : null}
      </p>
    );
  }
  return (
    <p data-card-price="" className="text-sm font-medium text-accent-800">
      {priceCueText(cue.kind)}
    </p>
  );
}

/** What a product says about its price to someone who does not see dealer prices. */
export function priceCueText(kind: "sign-in" | "dealers-only"): string {
  return kind === "sign-in" ? "Dealer price after sign-in" : "Dealer prices for approved dealers";
}

/**
 * A product in a grid: image, brand, name (the link; the whole card is its target area), the key
 * figure, the price cue for who is looking, Add to Cart, Request a Quote and Compare. Server markup only: Add to Cart
 * is answered by src/web/enhance/cart.ts, Request a Quote opens the product page with its quote form open, Compare
 * (compare-control.tsx) is a link that src/web/enhance/compare.ts makes a toggle.
 */
export function ProductCard({
  product,
  eager = false,
  headingLevel = 2,
}: {
  product: ProductCardData;
  eager?: boolean;
  /** The name's heading level: 2 in a page of cards, 3 under a section's heading. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { id, name, images, brand, keyLine, cue, artwork, title, category, availability } = product;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <MediaImage
        folder={artwork ? "featuredProducts" : "products"}
        name={artwork ?? mainImageName(images)}
        alt=""
        sizes={CARD_SIZES}
        priority={eager}
        className="aspect-[4/3] h-auto w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        {brand ? <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{brand}</p> : null}
        <Heading className="text-sm font-semibold text-slate-900 sm:text-base">
          <a
            href={`/product/${id}`}
            className="after:absolute after:inset-0 group-hover:text-accent-800 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-accent-700"
          >
            {title ?? name}
          </a>
        </Heading>
        {keyLine ? <p className="text-sm text-slate-700">{keyLine}</p> : null}
        <div className="mt-auto space-y-2 pt-2">
          <PriceLine cue={cue} />
          {availability ? <AvailabilityStatusLine availability={availability} size="card" /> : null}
          <AddToCartButton
            productId={id}
            productName={name}
            image={mainImageName(images)}
            className="relative z-10 w-full px-2! whitespace-nowrap"
            namesProduct
          />
          <a
            href={`/product/${id}?quote=1`}
            className="relative z-10 flex min-h-11 items-center justify-center gap-1.5 rounded-md text-sm font-medium text-accent-800 underline-offset-4 hover:underline"
          >
            <FileText aria-hidden="true" className="size-4" />
            Request a Quote
            <span className="sr-only"> for {name}</span>
          </a>
          <CompareControl productId={id} category={category} productName={name} className="relative z-10 flex w-full" />
        </div>
      </div>
    </article>
  );
}
