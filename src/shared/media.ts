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
  /** Dealers' public logos and installation photos. */
  installers: "installers",
  site: "site",
} as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[keyof typeof MEDIA_FOLDERS];

/**
 * Widths every uploaded or generated image is stored at, as `<name>-w<width>.webp`; the plain name is the largest.
 * Its AVIF twin (`<name>-w<width>.avif`, for `<picture>`) and JPEG twin (`.jpg`, for link previews: not every
 * messaging app reads WebP) are encoded from the WebP on their first request and kept.
 */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export const IMAGE_FORMATS = ["avif", "webp", "jpg"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const DEFAULT_PRODUCT_IMAGE = "default-product.webp";

export function mediaUrl(folder: MediaFolder, name: string): string {
  return `/media/${folder}/${encodeURIComponent(name)}`;
}

export function imageVariantName(name: string, width: number, format: ImageFormat = "webp"): string {
  return `${name.replace(/\.webp$/i, "")}-w${width}.${format}`;
}

/**
 * The width of images shown about 100 CSS px wide (the galleries' thumbnails, the cart's lines, the back office's
 * lists), as AVIF and WebP, made from the 400 px variant on first request (or by the variants job) and kept. Three
 * device pixels per CSS pixel at 96 px, the sharpest phones' (browsers take the first width at or above what the
 * screen needs): half the pixels of the 400 px file.
 */
export const THUMBNAIL_WIDTH = 288;
const THUMBNAIL_SOURCE_WIDTH = IMAGE_WIDTHS[0];
/** What a small image's srcset offers: the thumbnail, and the 400 px variant for sharper screens or larger boxes. */
export const THUMBNAIL_WIDTHS = [THUMBNAIL_WIDTH, THUMBNAIL_SOURCE_WIDTH] as const;

/** A srcset for an image stored with the IMAGE_WIDTHS variants. */
export function imageSrcSet(
  folder: MediaFolder,
  name: string,
  format: ImageFormat = "webp",
  widths: readonly number[] = IMAGE_WIDTHS,
): string {
  return widths.map((w) => `${mediaUrl(folder, imageVariantName(name, w, format))} ${w}w`).join(", ");
}

/**
 * Phones never take the 1200 px variant (a first visit on mobile data in 150 KB): on a 412 px screen at
 * 2.6 device pixels per CSS pixel a full-width image would ask for 1,070 px, and 800 px there is as sharp as the eye
 * on a phone tells apart, at about half the bytes.
 */
export const PHONE_IMAGE_WIDTHS = [400, 800] as const;
export const PHONE_MEDIA = "(max-width: 767px)";

export type ImageSource = { media?: string; type?: string; srcSet: string };

/**
 * What a `<picture>` shows for a stored image: its `<source>`s in order (phones' AVIF and WebP at most 800 px wide,
 * then AVIF at every width), and the `<img>`'s WebP srcset with its middle width as the fallback `src`
 * (components/ui/media-image.tsx, and the galleries' script swapping one image for another, src/web/enhance/gallery.ts).
 */
export function imageSources(folder: MediaFolder, name: string): { src: string; srcSet: string; sources: ImageSource[] } {
  return {
    src: mediaUrl(folder, imageVariantName(name, IMAGE_WIDTHS[1])),
    srcSet: imageSrcSet(folder, name),
    sources: [
      { media: PHONE_MEDIA, type: "image/avif", srcSet: imageSrcSet(folder, name, "avif", PHONE_IMAGE_WIDTHS) },
      { media: PHONE_MEDIA, srcSet: imageSrcSet(folder, name, "webp", PHONE_IMAGE_WIDTHS) },
      { type: "image/avif", srcSet: imageSrcSet(folder, name, "avif") },
    ],
  };
}

/** A small image's `<picture>` (THUMBNAIL_WIDTHS): AVIF, and the `<img>`'s WebP with the stored 400 px file as `src`. */
export function thumbnailSources(folder: MediaFolder, name: string): { src: string; srcSet: string; sources: ImageSource[] } {
  return {
    src: mediaUrl(folder, imageVariantName(name, THUMBNAIL_SOURCE_WIDTH)),
    srcSet: imageSrcSet(folder, name, "webp", THUMBNAIL_WIDTHS),
    sources: [{ type: "image/avif", srcSet: imageSrcSet(folder, name, "avif", THUMBNAIL_WIDTHS) }],
  };
}

/** The files the server makes from a stored WebP (platform/images/derived.ts): their addresses end like this. */
export const DERIVED_IMAGE_NAME = `-w(?:\\d+\\.(?:avif|jpg)|${THUMBNAIL_WIDTH}\\.webp)$`;

export type DerivedImage = { source: string; format: "avif" | "jpg" | "webp"; width?: number };

/**
 * What a derived file is made from: `<name>-w<width>.avif|jpg` from the stored `<name>-w<width>.webp` (the same
 * pixels in another format); `<name>-w288.avif|webp` from the 400 px WebP, made smaller. Null for any other name.
 */
export function derivedImageSource(fileName: string): DerivedImage | null {
  const thumbnail = new RegExp(`^(.+)-w${THUMBNAIL_WIDTH}\\.(avif|webp)$`).exec(fileName);
  if (thumbnail) {
    const format = thumbnail[2] as "avif" | "webp";
    return { source: imageVariantName(thumbnail[1] as string, THUMBNAIL_SOURCE_WIDTH), format, width: THUMBNAIL_WIDTH };
  }
  const m = /^(.+-w(\d+))\.(avif|jpg)$/.exec(fileName);
  if (!m || !IMAGE_WIDTHS.includes(Number(m[2]) as (typeof IMAGE_WIDTHS)[number])) return null;
  return { source: `${m[1]}.webp`, format: m[3] as "avif" | "jpg" };
}

/** The address of an image for link previews (Open Graph): its largest width as JPEG. */
export function previewImageUrl(folder: MediaFolder, name: string): string {
  return mediaUrl(folder, imageVariantName(name, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number, "jpg"));
}
