import { z } from "zod";

import { SEARCH_QUERY_MAX } from "../constants.ts";

export { SEARCH_QUERY_MAX };
export const SEARCH_LIMIT_DEFAULT = 8;
export const SEARCH_LIMIT_MAX = 20;

/**
 * A power or energy figure as the search reads it ("5kW", "5 000 W", "5.12 kWh"): the pattern of the SQL function
 * `search_unit_tokens` (drizzle/0015_search_extension.sql), which turns each into whole watts as a bigint.
 */
const FIGURE = /((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s*(k|m)?(wh|wp|w)(?!\p{L})/giu;
const BIGINT_MAX = 9_223_372_036_854_775_807n;
export const FIGURE_TOO_LARGE = "A power or energy figure in the search is too large: search for at most 9,223,372 TW.";

/** Whether a figure of `q` makes more watts (or watt-hours) than the search's bigint holds: refused with 400, not a 500. */
export function hasFigureOutOfRange(q: string): boolean {
  for (const [, number = "", prefix = ""] of q.matchAll(FIGURE)) {
    const [whole = "", fraction = ""] = number.replaceAll(",", "").split(".");
    const scale = 10n ** BigInt(fraction.length);
    const multiplier = { k: 1000n, m: 1_000_000n }[prefix.toLowerCase()] ?? 1n;
    // Rounded half up, as numeric's round() in the SQL does for a positive figure.
    const scaled = (BigInt(whole) * scale + BigInt(fraction || "0")) * multiplier;
    if ((scaled * 2n + scale) / (2n * scale) > BIGINT_MAX) return true;
  }
  return false;
}

/** `GET /api/search`: `q` trimmed, 1–100 characters (a blank or longer one is a 400); `limit` per group, 1–20. */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, "Type something to search for.")
    .max(SEARCH_QUERY_MAX, `Search for at most ${SEARCH_QUERY_MAX} characters.`)
    .refine((q) => !hasFigureOutOfRange(q), FIGURE_TOO_LARGE),
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
