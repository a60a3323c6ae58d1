import {
  IMAGE_WIDTHS,
  imageSources,
  imageSrcSet,
  type MediaFolder,
  PHONE_IMAGE_WIDTHS,
  PHONE_MEDIA,
  thumbnailSources,
} from "#shared/media.ts";

type MediaImageProps = {
  folder: MediaFolder;
  name: string;
  alt: string;
  /** What the image occupies on screen, for the browser's choice among the srcset widths. */
  sizes: string;
  /** Intrinsic size, so the page does not jump while the image loads (the catalogue's images are 4:3). */
  width?: number;
  height?: number;
  /** Images above the fold load eagerly and first; the rest wait until they are near. */
  priority?: boolean;
  /** Shown about 100 CSS px wide at most (a thumbnail): offered at the thumbnail widths only. */
  thumbnail?: boolean;
  className?: string;
};

/**
 * An uploaded or demo image at the size it is shown (DESIGN.md §7): AVIF where the browser takes it, WebP
 * otherwise, each at every stored width; phones at most the 800 px one (PHONE_IMAGE_WIDTHS); thumbnails at the
 * thumbnail widths (THUMBNAIL_WIDTHS).
 */
export function MediaImage(props: MediaImageProps) {
  const { folder, name, alt, sizes, width = 1200, height = 900, priority = false, thumbnail = false, className } = props;
  const { src, srcSet, sources } = thumbnail ? thumbnailSources(folder, name) : imageSources(folder, name);
  return (
    <picture>
      {sources.map((source) => (
        <source key={`${source.media}${source.type}`} media={source.media} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={src}
        srcSet={srcSet}
        sizes={sizes}
        width={width}
        height={height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : undefined}
        className={className}
      />
    </picture>
  );
}

/**
 * The page's largest image, preloaded from `meta` (DESIGN.md §7): the browser starts fetching the AVIF variant
 * it will pick before it has laid out the page (one preload for phones, one for larger screens, as MediaImage picks).
 */
export function imagePreload(folder: MediaFolder, name: string, sizes: string) {
  const preload = (media: string, widths: readonly number[]) =>
    ({
      tagName: "link",
      rel: "preload",
      as: "image",
      type: "image/avif",
      media,
      imageSrcSet: imageSrcSet(folder, name, "avif", widths),
      imageSizes: sizes,
      fetchPriority: "high",
    }) as const;
  return [preload(PHONE_MEDIA, PHONE_IMAGE_WIDTHS), preload("(min-width: 768px)", IMAGE_WIDTHS)];
}
