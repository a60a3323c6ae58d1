import { z } from "zod";

import { SEARCH_QUERY_MAX } from "../constants.ts";

export { SEARCH_QUERY_MAX };
export const SEARCH_LIMIT_DEFAULT = 8;
export const SEARCH_LIMIT_MAX = 20;

/** `GET /api/search`: `q` trimmed, 1–100 characters (a blank or longer one is a 400); `limit` per group, 1–20. */
export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, "Type something to search for.").max(SEARCH_QUERY_MAX, `Search for at most ${SEARCH_QUERY_MAX} characters.`),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const productHitSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  brand_name: z.string().nullable(),
  category_slug: z.string(),
  /** Storage key of the product's main image; null when it has none. */
  image: z.string().nullable(),
  /** The product's SKU ("SV-410M-PERC"); null when it has none. */
  sku: z.string().nullable().optional(),
  score: z.number(),
});
export type ProductHit = z.infer<typeof productHitSchema>;

export const CONTENT_HIT_KINDS = ["blog", "case-study", "article", "faq"] as const;

export const contentHitSchema = z.object({
  kind: z.enum(CONTENT_HIT_KINDS),
  id: z.number().int(),
  title: z.string(),
  /** The site's page for it: `/blog/1`, `/case-study/2`, `/insights`, `/faqs`. */
  url: z.string(),
  snippet: z.string(),
  score: z.number(),
});
export type ContentHit = z.infer<typeof contentHitSchema>;

/**
 * Ranked best first: a product's exact SKU, then the start of a SKU (letters and digits only: "sv410m" finds
 * SV-410M-PERC), an exact (case-insensitive) name or title match, then full-text rank, then trigram similarity.
 * `score`: 4 and above for an exact SKU, 3 and above for the start of one, 2 and above for an exact name, 1–2 for a full-text match, below 1 for a typo (trigram) match alone.
 */
export const searchResultSchema = z.object({
  products: z.array(productHitSchema),
  content: z.array(contentHitSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
