/** Public files live under /media/<folder>/<file name> (spec §3: folders per kind of content). */
export const MEDIA_FOLDERS = {
  products: "products",
  featured: "featuredProducts",
  testimonials: "testimonials",
  team: "team",
  awards: "awards",
  certificates: "certificates",
  blogs: "blogs",
  caseStudies: "caseStudyImages",
  datasheets: "datasheets",
  profiles: "profiles",
  brands: "brands",
  site: "site",
} as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[keyof typeof MEDIA_FOLDERS];

/** Widths every uploaded or generated image is stored at, as `<name>-w<width>.webp`; the plain name is the largest. */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export const DEFAULT_PRODUCT_IMAGE = "default-product.webp";

export function mediaUrl(folder: MediaFolder, name: string): string {
  return `/media/${folder}/${encodeURIComponent(name)}`;
}

export function imageVariantName(name: string, width: number): string {
  return `${name.replace(/\.webp$/i, "")}-w${width}.webp`;
}

/** A srcset for an image stored with the IMAGE_WIDTHS variants. */
export function imageSrcSet(folder: MediaFolder, name: string): string {
  return IMAGE_WIDTHS.map((w) => `${mediaUrl(folder, imageVariantName(name, w))} ${w}w`).join(", ");
}
