// The demo catalogue the phone figures use, read from the running server's API (ids are the seed's, not assumed).
import { CATEGORIES } from "#shared/categories.ts";
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from "#shared/constants.ts";

export type Catalogue = {
  product: { id: number; name: string; image: string };
  /** The journey's second product. */
  secondProduct: { id: number; name: string };
  /** A category with more products than the default page size, so another page size changes the page. */
  pagedCategory: { slug: string; name: string };
  /** The page size chosen instead of the default: the next one up. */
  pageSize: number;
};

type Row = { product_id: number; product_name: string; images: string };
type Page = { rows: Row[]; count: number };

export async function demoCatalogue(base: string): Promise<Catalogue> {
  const page = async (id: number, size: number) =>
    (await (await fetch(`${base}/api/products/get-product-by-category/${id}?page=1&pageSize=${size}`)).json()) as Page;
  let paged = CATEGORIES[0];
  for (const c of CATEGORIES) {
    if ((await page(c.id, 1)).count > DEFAULT_PAGE_SIZE) {
      paged = c;
      break;
    }
  }
  if (!paged) throw new Error("no category");
  const [first, second] = (await page(paged.id, 2)).rows;
  if (!first || !second) throw new Error(`the demo category ${paged.slug} has fewer than two products`);
  return {
    product: { id: first.product_id, name: first.product_name, image: first.images.split(",")[0] ?? "" },
    secondProduct: { id: second.product_id, name: second.product_name },
    pagedCategory: { slug: paged.slug, name: paged.name },
    pageSize: PAGE_SIZE_OPTIONS.find((n) => n > DEFAULT_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE,
  };
}
