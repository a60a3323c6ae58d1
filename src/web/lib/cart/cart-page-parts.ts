import { thumbnailSources } from "#shared/media.ts";

// What the cart page's React markup (features/cart/cart-view.tsx, rendered by the server) and its script
// (enhance/cart-page.ts, which fills that markup in the browser) both need: written once here.

/** The spec's texts (§8). */
export const LOAD_FAILED = "Failed to load cart items.";
export const UPDATE_FAILED = "Failed to update quantity.";
export const DELETE_FAILED = "Failed to delete product.";

/**
 * Where a line's product name goes in the line's `<template>` (its link, its labels, its buttons' names): the server
 * renders the line with this name, the script puts the product's name in its place.
 */
export const LINE_NAME_SLOT = "{productName}";

/** The line's picture: the product's first image at the thumbnail widths (96 px on screen), or none. */
export function cartThumbnail(image: string): ReturnType<typeof thumbnailSources> | null {
  return image ? thumbnailSources("products", image) : null;
}

/** What the line's picture occupies on screen. */
export const CART_THUMBNAIL_SIZES = "96px";

/** The ids of a line's quantity field and of its order-limit note. */
export function cartLineIds(productId: number): { input: string; note: string } {
  return { input: `quantity-${productId}`, note: `quantity-note-${productId}` };
}
