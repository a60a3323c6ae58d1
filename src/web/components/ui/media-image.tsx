import { imageSrcSet, type MediaFolder, mediaUrl } from "#shared/media.ts";

type MediaImageProps = {
  folder: MediaFolder;
  name: string;
  alt: string;
  /** Intrinsic size, so the page does not jump while the image loads. */
  width: number;
  height: number;
  /** What the image occupies on screen, for the browser's choice among the srcset widths. */
  sizes: string;
  /** Images above the fold load eagerly; the rest wait until they are near. */
  priority?: boolean;
  className?: string;
};

/** An uploaded image at the size it is shown (every upload is stored at the IMAGE_WIDTHS). */
export function MediaImage({ folder, name, alt, width, height, sizes, priority = false, className }: MediaImageProps) {
  return (
    <img
      src={mediaUrl(folder, name)}
      srcSet={imageSrcSet(folder, name)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
}
