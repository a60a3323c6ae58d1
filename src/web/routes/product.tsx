import { data, Link } from "react-router";
import { mediaUrl, previewImageUrl } from "#shared/media.ts";
import { specRows } from "#shared/specs.ts";
import { CONTAINER } from "#web/components/layout/container.ts";
import { PageIntro } from "#web/components/layout/page-intro.tsx";
import { Download } from "#web/components/ui/icons.tsx";
import { imagePreload } from "#web/components/ui/media-image.tsx";
import { AddToCartButton } from "#web/features/catalogue/add-to-cart-button.tsx";
import { AvailabilityStatusLine, BranchAvailability } from "#web/features/catalogue/availability-status.tsx";
import { CompareControl } from "#web/features/catalogue/compare-control.tsx";
import { PriceBreaks } from "#web/features/catalogue/price-breaks.tsx";
import { priceCueText } from "#web/features/catalogue/product-card.tsx";
import { GALLERY_SIZES, ProductGallery } from "#web/features/catalogue/product-gallery.tsx";
import { mainImageName, productImageNames } from "#web/features/catalogue/product-media.ts";
import { ProductPrices } from "#web/features/catalogue/product-prices.tsx";
import { quoteAction } from "#web/features/catalogue/quote-action.server.ts";
import { QuoteRequest } from "#web/features/catalogue/quote-request.tsx";
import { detailId } from "#web/lib/detail-id.ts";
import { pageMeta } from "#web/lib/meta.ts";
import { useRootData } from "#web/lib/root-data.ts";
import { knownFailure } from "#web/lib/service-errors.ts";
import { sharedQuietPage } from "#web/lib/shared-page.ts";
import { productLd } from "#web/lib/structured-data.ts";
import type { Route } from "./+types/product";

/** The same for every visitor: the server may answer visitors from a short-lived copy. */
export const handle = sharedQuietPage;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  // Not a product address at all (/product/abc) is answered as an unknown one: 'Product not found.', 404.
  const id = detailId(params.productId);
  if (id === null) return data({ product: null, quoteOpen: false }, { status: 404 });
  // A card's Request a Quote (?quote=1) opens the page with its quote form open.
  const quoteOpen = new URL(request.url).searchParams.has("quote");
  try {
    return { product: await context.services.catalogue.productById(context.actor, id), quoteOpen };
  } catch (err) {
    if (knownFailure(err)?.statusCode === 404) return data({ product: null, quoteOpen: false }, { status: 404 });
    throw err;
  }
}

/** 'Request a Quote' posted by the page's dialog (it works before and without scripts). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = detailId(params.productId);
  if (id === null) throw data("Product not found.", { status: 404 });
  return quoteAction(request, context, id);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const product = loaderData?.product;
  if (!product) return pageMeta(matches, "Product not found", { description: "This product could not be found.", noIndex: true });
  const main = mainImageName(product.images);
  return pageMeta(matches, product.product_name, {
    description: product.product_description.slice(0, 160),
    image: previewImageUrl("products", main),
    type: "product",
    preload: imagePreload("products", main, GALLERY_SIZES),
    jsonLd: ({ siteUrl }) =>
      productLd(
        product,
        siteUrl,
        productImageNames(product.images).map((name) => previewImageUrl("products", name)),
      ),
  });
}

const linkClass = "font-medium text-accent-700 underline hover:text-accent-800";

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  const { product } = loaderData;
  if (!product) {
    return (
      <PageIntro title="Product">
        <p>Product not found.</p>
        <p>
          <Link to="/products" className={linkClass}>
            Browse all products
          </Link>
        </p>
      </PageIntro>
    );
  }
  const specs = specRows(product.category_slug, product.specs);
  const benefits = product.product_benefits
    .split("\n")
    .map((b) => b.trim())
    .filter(Boolean);
  return (
    <div className={`${CONTAINER} py-8 md:py-12`}>
      <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/products" className={linkClass}>
              Products
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li>
            <Link to={`/category/${product.category_slug}`} className={linkClass}>
              {product.category_name}
            </Link>
          </li>
        </ol>
      </nav>
      {/* Above the gallery and the details: it starts where every page's heading does (issue 20 §2). */}
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">{product.product_name}</h1>
      {product.brand_name || product.sku ? (
        <p className="mt-1 flex flex-wrap gap-x-4 text-slate-700">
          {product.brand_name ? <span>{product.brand_name}</span> : null}
          {product.sku ? <span data-sku="">SKU: {product.sku}</span> : null}
        </p>
      ) : null}
      <div className="mt-6 grid gap-8 md:grid-cols-2 md:gap-10">
        <ProductGallery images={product.images} name={product.product_name} />
        <div className="space-y-5">
          {product.price_usd === null ? (
            <p className="font-medium text-accent-800">{priceCueText(root?.user ? "dealers-only" : "sign-in")}</p>
          ) : (
            <>
              <ProductPrices
                usd={product.price_usd}
                zwl={product.price_zwl}
                currency={product.secondary_currency}
                rate={product.exchange_rate && product.rate_date ? { rate: product.exchange_rate, date: product.rate_date } : null}
              />
              {/* Whose price it is, and the unit price from each quantity break (issue 24 §2). */}
              <PriceBreaks breaks={product.price_breaks} tierName={product.tier?.name ?? null} currency={product.secondary_currency} />
            </>
          )}
          {/* Stock (issue 23 §3): the status for everyone, per branch below it; quantities for dealers and admins only. */}
          <div data-product-availability="" className="space-y-1">
            <AvailabilityStatusLine availability={product.availability} size="base" />
            <BranchAvailability availability={product.availability} />
          </div>
          <p className="text-lg text-slate-700">{product.product_description}</p>
          <div className="flex flex-wrap gap-3">
            <AddToCartButton productId={product.product_id} productName={product.product_name} image={mainImageName(product.images)} />
            <QuoteRequest
              productId={product.product_id}
              productName={product.product_name}
              result={actionData}
              open={loaderData.quoteOpen && actionData === undefined}
            />
            <CompareControl
              productId={product.product_id}
              category={product.category_slug}
              productName={product.product_name}
              className="border border-slate-300 px-4"
            />
          </div>
        </div>
      </div>

      <div className="mt-12 grid gap-10 md:grid-cols-3">
        <div className="space-y-10 md:col-span-2">
          {specs.length > 0 ? (
            <section aria-labelledby="specs-heading">
              <h2 id="specs-heading" className="text-xl font-bold text-slate-900">
                Specifications
              </h2>
              <table className="mt-3 w-full max-w-xl text-left text-sm">
                <tbody className="divide-y divide-slate-200">
                  {specs.map(({ def, value }) => (
                    <tr key={def.key}>
                      <th scope="row" className="py-2 pr-4 font-medium text-slate-700">
                        {def.label}
                      </th>
                      <td className="py-2 tabular-nums text-slate-900">{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          {benefits.length > 0 ? (
            <section aria-labelledby="benefits-heading">
              <h2 id="benefits-heading" className="text-xl font-bold text-slate-900">
                Benefits
              </h2>
              <ul className="mt-3 list-disc space-y-1.5 pl-5 text-slate-700 marker:text-accent-600">
                {benefits.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <div className="space-y-8">
          {product.product_warranty ? (
            <section aria-labelledby="warranty-heading">
              <h2 id="warranty-heading" className="text-xl font-bold text-slate-900">
                Warranty
              </h2>
              <p className="mt-3 text-slate-700">{product.product_warranty}</p>
            </section>
          ) : null}
          {product.datasheet ? (
            <section aria-labelledby="datasheet-heading">
              <h2 id="datasheet-heading" className="text-xl font-bold text-slate-900">
                Datasheet
              </h2>
              <p className="mt-3">
                <a href={mediaUrl("datasheets", product.datasheet)} download className={linkClass}>
                  <Download aria-hidden="true" className="mr-1.5 inline size-4 align-[-2px]" />
                  Download the datasheet (PDF)
                </a>
              </p>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
