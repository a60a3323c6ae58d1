import { type SQL, sql } from "drizzle-orm";
import type { ContentHit, ProductHit, SearchQuery, SearchResult } from "#shared/schemas/search.ts";
import type { Db } from "../../db/client.ts";

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Trigram (typo) matching needs three characters: shorter, every word would be a candidate. */
const TRIGRAM_MIN_LENGTH = 3;
/**
 * At most this many candidates per hit asked for (limit × 4) from each way of matching (full text, a brand, a category, a typo in the name or the
 * description) are ranked: ranking recomputes each candidate's document, and a broad query ("solar", a category's
 * name) would otherwise rank thousands of products to show eight. Within that cap the candidates are the index's
 * first, not the best: a query matching more than this many products shows good hits, maybe not the very best.
 * An exact name always comes in (its own arm, uncapped).
 */
const CANDIDATES_PER_HIT = 4;

/** The SKU as matched: upper-case letters and digits only (SKUs are kept upper-case, `#shared/schemas/catalogue-admin.ts`). */
const SKU_KEY = sql`regexp_replace(p.sku, '[^A-Z0-9]', '', 'g')`;
/** A shorter start of a SKU ("sv") would match a whole brand's SKUs: only an exact SKU counts below this. */
const SKU_PREFIX_MIN = 3;
/** SKUs are at most 40 characters (`#shared/schemas/catalogue-admin.ts`). */
const SKU_MAX = 40;

/**
 * The query as a SKU key ("sv-410m", "SV 410M" → "SV410M"), or null when it cannot be one: nothing left, too long, or
 * words that are not one code (more than three parts). `%` and `_` cannot survive, so the `like` pattern is literal.
 */
export function skuKeyOf(q: string): string | null {
  if (q.trim().split(/\s+/).length > 3) return null;
  const key = q.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return key.length >= 1 && key.length <= SKU_MAX ? key : null;
}

/**
 * The site search: products and content (blogs, case studies, articles, FAQs), public.
 *
 * Ranking, in this order: a product's exact SKU, then the start of one (letters and digits only, any case: "sv410m"
 * finds SV-410M-PERC); an exact (case-insensitive) name or title; full-text rank (`search_document`: the name or
 * title weighted A, brand and category or a case study's place and capacity B, the description or body C;
 * `search_query`: `websearch_to_tsquery`); trigram similarity (`word_similarity`, pg_trgm), which is also what lets a
 * typo find its word ("inverterr", "lithum").
 *
 * Units: power and energy figures are rewritten to one canonical token on both sides by the SQL function
 * `search_unit_tokens` (drizzle/0015_search_extension.sql): "5kw", "5 kW", "5000 W" are all `5000w`, in the query
 * and in the indexed documents alike.
 *
 * Indexes (schema/catalogue.ts): GIN on `search_document(product_name, '', product_description)` and GIN trigram on
 * product_name and product_description, btree (text_pattern_ops) on the SKU's letters and digits. Brand and category names live in their own (small) tables, outside the
 * expression index: they are matched there and reach products through products_brand_idx and products_category_idx;
 * their weight B counts in the rank. Content tables hold dozens of rows and are read without an index.
 */
export function createSearchService(db: Db) {
  async function products(exec: Db, q: string, limit: number): Promise<ProductHit[]> {
    const text = sql`${q}::text`;
    // Typos are looked for in the words, not in the figures ("5 kW" would be close to "3kW").
    const words = sql`btrim(search_without_units(${text}))`;
    const fuzzy = q.length >= TRIGRAM_MIN_LENGTH;
    const trigram = (column: SQL) => sql`(length(${words}) >= ${TRIGRAM_MIN_LENGTH} and ${words} <% ${column})`;
    // Each arm reads the columns ranking needs: joining the candidates back to products made the planner read the table.
    const columns = sql`p.product_id, p.product_name, p.product_description, p.brand_id, p.category_id, p.images[1] as image, p.sku`;
    const skuKey = skuKeyOf(q);
    const skuPattern = skuKey && (skuKey.length >= SKU_PREFIX_MIN ? `${skuKey}%` : skuKey);
    // First of all: 4 for an exact SKU ("sv-410m-perc", "SV 410M PERC"), 3 for the start of one ("sv410m").
    const skuBonus = skuKey ? sql`case when ${SKU_KEY} = ${skuKey} then 4 when ${SKU_KEY} like ${skuPattern} then 3 else 0 end` : sql`0`;
    const capped = (arm: SQL) => sql`(${arm} limit ${limit * CANDIDATES_PER_HIT})`;
    const arms: SQL[] = [
      sql`(select ${columns} from products p where lower(p.product_name) = lower(${text}))`,
      capped(sql`select ${columns} from products p
          where search_document(p.product_name, '', p.product_description) @@ search_query(${text})`),
      capped(sql`select ${columns} from products p join brands b on b.id = p.brand_id
          where to_tsvector('english', b.name) @@ search_query(${text})${fuzzy ? sql` or ${trigram(sql`b.name`)}` : sql``}`),
      capped(sql`select ${columns} from products p join categories c on c.id = p.category_id
          where to_tsvector('english', c.name) @@ search_query(${text})${fuzzy ? sql` or ${trigram(sql`c.name`)}` : sql``}`),
      // SKU: exact at any length, a prefix from SKU_PREFIX_MIN characters; products_sku_search_idx (text_pattern_ops).
      ...(skuPattern ? [capped(sql`select ${columns} from products p where ${SKU_KEY} like ${skuPattern}`)] : []),
    ];
    if (fuzzy) {
      arms.push(capped(sql`select ${columns} from products p where ${trigram(sql`p.product_name`)}`));
      arms.push(capped(sql`select ${columns} from products p where ${trigram(sql`p.product_description`)}`));
    }
    const result = await exec.execute(sql`
      with candidates as (${sql.join(arms, sql` union `)}),
      scored as (
        select p.product_id, p.product_name, b.name as brand_name, c.slug as category_slug, p.image, p.sku,
               lower(p.product_name) = lower(${text}) as exact, ${skuBonus} as sku_bonus,
               search_document(p.product_name, coalesce(b.name, '') || ' ' || c.name, p.product_description) as doc,
               greatest(word_similarity(${words}, p.product_name), word_similarity(${words}, p.product_description) * 0.9,
                        word_similarity(${words}, coalesce(b.name, '')), word_similarity(${words}, c.name) * 0.9) as sim
        from candidates p
        left join brands b on b.id = p.brand_id
        join categories c on c.id = p.category_id
      ),
      ranked as (
        select product_id, product_name, brand_name, category_slug, image, sku, sim,
               (case when exact then 2 else 0 end + sku_bonus
                + case when doc @@ search_query(${text}) then 1 + ts_rank(doc, search_query(${text}), 32) else sim end)::float8 as score
        from scored
        -- A query's figures are a must: a typo or brand match without them is no hit ("5 kW inverter", not 3 kW).
        where exact or sku_bonus > 0 or doc @@ search_query(${text}) or numnode(search_unit_query(${text})) = 0 or doc @@ search_unit_query(${text})
      )
      select product_id::int as product_id, product_name, brand_name, category_slug, image, sku, score
      from ranked
      order by score desc, sim desc, product_id
      limit ${limit}
    `);
    return rowsOf<ProductHit>(result).map((r) => ({ ...r, score: round(r.score) }));
  }

  async function content(exec: Db, q: string, limit: number): Promise<ContentHit[]> {
    const text = sql`${q}::text`;
    const words = sql`btrim(search_without_units(${text}))`;
    const result = await exec.execute(sql`
      with docs as (
        select 'blog' as kind, id, title, '/blog/' || id as url, '' as middle, story as body, created_at from blogs
        union all
        select 'case-study', id, project_name, '/case-study/' || id, location || ' ' || system_capacity, description, created_at
        from case_studies
        union all
        select 'article', article_id, article_title, '/insights', category, article_description, created_at from articles
        union all
        select 'faq', id, question, '/faqs', '', answer, created_at from faqs
      ),
      scored as (
        select kind, id, title, url, body, created_at,
               lower(title) = lower(${text}) as exact,
               search_document(title, middle, body) as doc,
               greatest(word_similarity(${words}, title), word_similarity(${words}, body) * 0.9) as sim
        from docs
      ),
      ranked as (
        select kind, id, title, url, body, created_at, sim,
               (case when exact then 2 else 0 end
                + case when doc @@ search_query(${text}) then 1 + ts_rank(doc, search_query(${text}), 32) else sim end)::float8 as score
        from scored
        where exact or doc @@ search_query(${text})
           or (length(${words}) >= ${TRIGRAM_MIN_LENGTH} and (${words} <% title or ${words} <% body)
               and (numnode(search_unit_query(${text})) = 0 or doc @@ search_unit_query(${text})))
        order by score desc, sim desc, created_at desc, id
        limit ${limit}
      )
      select kind, id::int as id, title, url,
             ts_headline('english', body, search_query(${text}),
                         'StartSel="", StopSel="", MaxWords=30, MinWords=12, MaxFragments=1') as snippet,
             score
      from ranked
      order by score desc, sim desc, created_at desc, id
    `);
    return rowsOf<ContentHit>(result).map((r) => ({ ...r, score: round(r.score) }));
  }

  return {
    /** Products and content matching `q` (already trimmed, 1–100 characters), at most `limit` of each. */
    async search({ q, limit }: SearchQuery): Promise<SearchResult> {
      // Two statements on the pool, no transaction: every connection has the typo threshold (db/client.ts).
      const [productHits, contentHits] = await Promise.all([products(db, q, limit), content(db, q, limit)]);
      return { products: productHits, content: contentHits };
    },
  };
}

const round = (n: number) => Math.round(Number(n) * 10_000) / 10_000;
