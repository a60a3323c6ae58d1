import { DEFAULT_PRODUCT_IMAGE } from "#shared/media.ts";

/** A product's image names (spec §3: comma-separated, the first is the main image); never empty. */
export function productImageNames(images: string): string[] {
  const names = images
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length > 0 ? names : [DEFAULT_PRODUCT_IMAGE];
}

export function mainImageName(images: string): string {
  return productImageNames(images)[0] ?? DEFAULT_PRODUCT_IMAGE;
}
