import type { MetaDescriptor } from "react-router";
import { PRODUCT_NAME } from "#shared/constants.ts";
import type { PublicSiteSettings } from "#shared/schemas/settings.ts";
import type { JsonLd } from "./structured-data.ts";

/** The spec's title pattern: '{Page} | {product name}'. */
export function pageTitle(page: string, siteName: string = PRODUCT_NAME): string {
  return `${page} | ${siteName}`;
}

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The company name from the root loader's site settings, or the product name before settings are known. */
export function siteNameFrom(matches: readonly MatchLike[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { settings?: { companyName?: unknown } } | undefined;
  const name = root?.settings?.companyName;
  return typeof name === "string" && name.trim() !== "" ? name : PRODUCT_NAME;
}

/** The site's public address from the root loader (SITE_URL, or the address the request came to). */
export function siteUrlFrom(matches: readonly MatchLike[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { siteUrl?: unknown } | undefined;
  return typeof root?.siteUrl === "string" ? root.siteUrl : "";
}

type PageMetaOptions = {
  description: string;
  noIndex?: boolean;
  /** A site path (see `previewImageUrl`) shown when the page's link is shared. */
  image?: string | null;
  type?: "website" | "article" | "product";
  /** The page's largest image (see `imagePreload`), fetched before layout. */
  preload?: MetaDescriptor | readonly MetaDescriptor[] | null;
  /** schema.org data of the page (lib/structured-data.ts), given the site's address and name. */
  jsonLd?: ((site: { siteUrl: string; siteName: string; settings: PublicSiteSettings | null }) => JsonLd | null) | null;
};

/** Title, description and link-preview tags of a page; call it from a route's `meta` with its `matches`. */
export function pageMeta(matches: readonly MatchLike[], page: string, options: PageMetaOptions): MetaDescriptor[] {
  const siteName = siteNameFrom(matches);
  const title = pageTitle(page, siteName);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: options.description },
    { property: "og:title", content: title },
    { property: "og:description", content: options.description },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: options.type ?? "website" },
    { name: "twitter:card", content: options.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: options.description },
  ];
  if (options.image) {
    const image = `${siteUrlFrom(matches)}${options.image}`;
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  if (options.noIndex) tags.push({ name: "robots", content: "noindex" });
  if (options.preload) tags.push(...(Array.isArray(options.preload) ? options.preload : [options.preload]));
  if (options.jsonLd) {
    const root = matches.find((m) => m?.id === "root")?.loaderData as { settings?: PublicSiteSettings } | undefined;
    const site = { siteUrl: siteUrlFrom(matches), siteName, settings: root?.settings ?? null };
    const data = options.jsonLd(site);
    if (data) tags.push({ "script:ld+json": data });
  }
  return tags;
}
