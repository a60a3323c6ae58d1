import { imageSources, type MediaFolder } from "#shared/media.ts";

/**
 * The galleries (features/catalogue/product-gallery.tsx, features/content/image-gallery.tsx): a thumbnail
 * (`data-gallery-show`, its index) or Previous / Next (`data-gallery-step`, wrapping round) puts another image in the
 * main `<picture>` at once, with the stored images' own addresses (#shared/media.ts) and the texts the server wrote
 * with `{n}` for its number: the image's alt, the position announced (`data-gallery-status`), the thumbnails'
 * aria-pressed. The browser then loads the width it needs.
 */
export function enhanceGalleries(): void {
  document.addEventListener("click", (event) => {
    const control = (event.target as Element | null)?.closest<HTMLElement>("[data-gallery-show], [data-gallery-step]");
    const gallery = control?.closest<HTMLElement>("[data-gallery]");
    if (!control || !gallery) return;
    const names = JSON.parse(gallery.dataset.galleryImages ?? "[]") as string[];
    const step = Number(control.dataset.galleryStep ?? 0);
    const index = step
      ? (Number(gallery.dataset.galleryIndex ?? 0) + step + names.length) % names.length
      : Number(control.dataset.galleryShow);
    const name = names[index];
    const img = gallery.querySelector<HTMLImageElement>(":scope > picture > img");
    if (name === undefined || !img) return;
    gallery.dataset.galleryIndex = String(index);
    const { src, srcSet, sources } = imageSources(gallery.dataset.gallery as MediaFolder, name);
    const n = (text: string | undefined) => (text ?? "").replaceAll("{n}", String(index + 1));
    // The <source> first: the <img>'s own change then makes the browser choose again, once.
    const elements = gallery.querySelectorAll<HTMLSourceElement>(":scope > picture > source");
    elements.forEach((source, i) => {
      source.srcset = sources[i]?.srcSet ?? source.srcset;
    });
    img.srcset = srcSet;
    img.src = src;
    img.alt = n(gallery.dataset.galleryAlt);
    for (const status of gallery.querySelectorAll<HTMLElement>("[data-gallery-status]"))
      status.textContent = n(status.dataset.galleryStatus);
    for (const thumb of gallery.querySelectorAll<HTMLElement>("[data-gallery-show]")) {
      thumb.setAttribute("aria-pressed", String(Number(thumb.dataset.galleryShow) === index));
    }
  });
}
