-- Site search (issue 22 §4): trigram matching for typos, and the functions the search's indexes and queries share.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Power and energy figures as one canonical token each, whatever the writing: "5kW", "5 kW", "5000 W", "5,000w" and
-- "5 KW" all give "5000w"; "5.12kWh" gives "5120wh"; "550 Wp" gives "550w". Written as a function (not a generated
-- column) so that the same rule rewrites the documents (inside the indexed tsvector expression) and the visitor's
-- query: one definition, no copy in TypeScript to drift apart, and no new column on products.
CREATE OR REPLACE FUNCTION search_unit_tokens(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT coalesce(string_agg(
    round(replace(m[1], ',', '')::numeric
      * CASE lower(coalesce(m[2], '')) WHEN 'k' THEN 1000 WHEN 'm' THEN 1000000 ELSE 1 END)::bigint::text
      || CASE lower(m[3]) WHEN 'wh' THEN 'wh' ELSE 'w' END,
    ' '), '')
  FROM regexp_matches(t, '((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s*(k|m)?(wh|wp|w)(?![[:alpha:]])', 'gi') AS m
$$;
--> statement-breakpoint
-- The text with its power and energy figures taken out (they are matched as tokens instead).
CREATE OR REPLACE FUNCTION search_without_units(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT regexp_replace(t, '((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s*(k|m)?(wh|wp|w)(?![[:alpha:]])', ' ', 'gi')
$$;
--> statement-breakpoint
-- Functions called by others name their schema: CREATE INDEX runs them with a search_path of pg_catalog alone.
-- A searchable document: `a` weighted A (a name, a title), `b` B, `c` C (a description, a body), each with the
-- canonical tokens of its figures.
CREATE OR REPLACE FUNCTION search_document(a text, b text, c text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english', coalesce(a, '')) || to_tsvector('simple', coalesce(public.search_unit_tokens(a), '')), 'A')
      || setweight(to_tsvector('english', coalesce(b, '')) || to_tsvector('simple', coalesce(public.search_unit_tokens(b), '')), 'B')
      || setweight(to_tsvector('english', coalesce(c, '')) || to_tsvector('simple', coalesce(public.search_unit_tokens(c), '')), 'C')
$$;
--> statement-breakpoint
-- The figures of a visitor's query as a tsquery: every canonical token (empty when the query has none).
CREATE OR REPLACE FUNCTION search_unit_query(q text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(to_tsquery('simple', nullif(replace(public.search_unit_tokens(q), ' ', ' & '), '')), ''::tsquery)
$$;
--> statement-breakpoint
-- A visitor's query: its words as web search syntax (never a syntax error), and every figure's canonical token.
CREATE OR REPLACE FUNCTION search_query(q text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT websearch_to_tsquery('english', coalesce(public.search_without_units(q), '')) && public.search_unit_query(q)
$$;
