import { mediaUrl } from "#shared/media.ts";
import { provinceName } from "#shared/provinces.ts";
import type { Product } from "#shared/schemas/catalogue.ts";
import type { PublicSiteSettings } from "#shared/schemas/settings.ts";
import { specRows } from "#shared/specs.ts";

/**
 * schema.org JSON-LD for search engines: the company on the home page, each product, each blog and
 * case study. Rendered by `pageMeta` as `<script type="application/ld+json">`, a data block scripts policies allow.
 */
export type JsonLd = Record<string, unknown>;

export function organizationLd(settings: PublicSiteSettings, siteUrl: string): JsonLd {
  const sameAs = Object.values(settings.social).filter((url) => url !== "");
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: settings.companyName,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
    email: settings.salesEmail,
    telephone: settings.phone,
    address: { "@type": "PostalAddress", streetAddress: settings.address, addressCountry: "ZW" },
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/**
 * The offer's schema.org availability from the product's stock: an order for a product out of stock
 * with a shipment on its way, or one ordered from the supplier for each order, is taken as a backorder.
 */
export function offerAvailability(a: Product["availability"]): string {
  if (a.status === "in_stock") return "https://schema.org/InStock";
  if (a.status === "low_stock") return "https://schema.org/LimitedAvailability";
  if (a.status === "out_of_stock" && !a.next_arrival) return "https://schema.org/OutOfStock";
  return "https://schema.org/BackOrder";
}

/** A product; the offer (price) only when the reader may see prices: the service gives visitors none (spec §6). */
export function productLd(product: Product, siteUrl: string, images: readonly string[]): JsonLd {
  // Each specification as a PropertyValue: its number (or word) and the unit apart, as schema.org reads them.
  const properties = specRows(product.category_slug, product.specs).map(({ def }) => ({
    "@type": "PropertyValue",
    name: def.label,
    value: product.specs[def.key],
    ...(def.unit ? { unitText: def.unit } : {}),
  }));
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.product_name,
    description: product.product_description,
    image: images.map((path) => `${siteUrl}${path}`),
    sku: product.sku ?? String(product.product_id),
    category: product.category_name,
    ...(properties.length > 0 ? { additionalProperty: properties } : {}),
    url: `${siteUrl}/product/${product.product_id}`,
    ...(product.price_usd !== null
      ? {
          offers: {
            "@type": "Offer",
            price: product.price_usd,
            priceCurrency: "USD",
            availability: offerAvailability(product.availability),
            url: `${siteUrl}/product/${product.product_id}`,
          },
        }
      : {}),
  };
}

type ArticleInput = { path: string; headline: string; description: string; image: string | null; author?: string; published?: string };

export function articleLd(article: ArticleInput, siteUrl: string, publisher: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.headline.slice(0, 110),
    description: article.description,
    mainEntityOfPage: `${siteUrl}${article.path}`,
    ...(article.image ? { image: [`${siteUrl}${article.image}`] } : {}),
    ...(article.published ? { datePublished: article.published } : {}),
    author: article.author ? { "@type": "Person", name: article.author } : { "@type": "Organization", name: publisher },
    publisher: { "@type": "Organization", name: publisher, logo: { "@type": "ImageObject", url: `${siteUrl}/favicon.svg` } },
  };
}

/** A listed installer's profile: a LocalBusiness with its town, province and the provinces it serves. */
export function installerLd(
  i: {
    slug: string;
    trading_name: string;
    description: string;
    city: string;
    province: string;
    provinces_served: string[];
    phone: string;
    email: string;
    logo: string | null;
  },
  siteUrl: string,
): JsonLd {
  const areas = [...new Set([i.province, ...i.provinces_served])].map((p) => ({ "@type": "AdministrativeArea", name: provinceName(p) }));
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: i.trading_name,
    url: `${siteUrl}/installers/${i.slug}`,
    ...(i.description ? { description: i.description } : {}),
    address: { "@type": "PostalAddress", addressLocality: i.city, addressRegion: provinceName(i.province), addressCountry: "ZW" },
    ...(i.phone ? { telephone: i.phone } : {}),
    ...(i.email ? { email: i.email } : {}),
    ...(i.logo ? { logo: `${siteUrl}${mediaUrl("installers", i.logo)}` } : {}),
    areaServed: areas,
  };
}
