import { PRODUCT_NAME } from "#shared/constants.ts";

/** The spec's title pattern: '{Page} | {product name}'. */
export function pageTitle(page: string, siteName: string = PRODUCT_NAME): string {
  return `${page} | ${siteName}`;
}
