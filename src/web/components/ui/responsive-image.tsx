import { IMAGE_WIDTHS, imageSrcSet, imageVariantName, type MediaFolder, mediaUrl } from "#shared/media.ts";

type ResponsiveImageProps = {
  folder: MediaFolder;
  name: string;
  alt: string;
  /** Which width the image takes at each screen size, so the browser fetches the right variant. */
  sizes: string;
  /** Intrinsic size: reserves the space before the image arrives (the catalogue's images are 4:3). */
  width?: number;
  height?: number;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
  className?: string;
};

/** An uploaded image with its stored widths in srcset (DESIGN.md §7: images served at the size shown). */
export function ResponsiveImage({
  folder,
  name,
  alt,
  sizes,
  width = 1200,
  height = 900,
  loading = "lazy",
  fetchPriority,
  className,
}: ResponsiveImageProps) {
  return (
    <img
      src={mediaUrl(folder, imageVariantName(name, IMAGE_WIDTHS[1]))}
      srcSet={imageSrcSet(folder, name)}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
      className={className}
    />
  );
}
