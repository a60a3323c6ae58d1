import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type CatalogueFilter, filterableSpecs, MAIN_FIGURE, type Range } from "#shared/catalogue-filters.ts";
import type { CategorySlug, Facet } from "#shared/schemas/catalogue.ts";
import { formatSpec, type SpecDef } from "#shared/specs.ts";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { brands, products } from "../../db/schema/catalogue.ts";

/**
 * The SQL of a category page's filters, sort and facets. Specifications live in `products.specs`
 * (jsonb): a number is read only where it is a JSON number, so a stray text value never breaks a cast.
 */

/**
 * A specification key as an SQL literal. Keys come from #shared/specs.ts, never from an address (an unknown one is
 * refused before), and are written into the statement so that equal expressions are equal (GROUP BY) and plans reused.
 */
function keyLiteral(key: string): SQL {
  if (!/^[a-z0-9_]+$/.test(key)) throw new Error(`Not a specification key: ${key}`);
  return sql.raw(`'${key}'`);
}

/** A number specification's value, or null where the product has none (or it is not a number). */
export function specNumber(key: string): SQL<number | null> {
  const k = keyLiteral(key);
  return sql<number | null>`(case when jsonb_typeof(${products.specs} -> ${k}) = 'number' then (${products.specs} ->> ${k})::numeric end)`;
}

const specText = (key: string) => sql<string | null>`(${products.specs} ->> ${keyLiteral(key)})`;

function rangeCondition(key: string, range: Range): SQL[] {
  const value = specNumber(key);
  return [...(range.min !== null ? [sql`${value} >= ${range.min}`] : []), ...(range.max !== null ? [sql`${value} <= ${range.max}`] : [])];
}

/** Each applied facet's condition, by its parameter (so a facet's counts can leave its own out). */
function facetConditions(filter: CatalogueFilter): Map<string, SQL[]> {
  const out = new Map<string, SQL[]>();
  for (const [key, values] of Object.entries(filter.choices))
    if (values.length > 0) out.set(`spec.${key}`, [inArray(specText(key), values)]);
  for (const [key, range] of Object.entries(filter.ranges)) {
    const conditions = rangeCondition(key, range);
    if (conditions.length > 0) out.set(`spec.${key}`, conditions);
  }
  if (filter.brands.length > 0) out.set("brand", [inArray(products.brandId, filter.brands)]);
  return out;
}

/** The category's products the filter keeps, all facets applied but `except`'s. */
export function filterWhere(categoryId: number, filter: CatalogueFilter, except?: string): SQL {
  const conditions = [...facetConditions(filter)].filter(([param]) => param !== except).flatMap(([, c]) => c);
  return and(eq(products.categoryId, categoryId), ...conditions) as SQL;
}

/** The order of a category page: the catalogue's own (oldest first) unless a sort is asked for; ties by id. */
export function filterOrder(slug: CategorySlug, filter: CatalogueFilter): SQL[] {
  const figure = MAIN_FIGURE[slug];
  switch (filter.sort) {
    case "name":
      return [sql`lower(${products.productName}) asc`, asc(products.productId)];
    case "name-desc":
      return [sql`lower(${products.productName}) desc`, asc(products.productId)];
    case "power":
    case "power-desc":
      return figure
        ? [sql`${specNumber(figure)} ${sql.raw(filter.sort === "power" ? "asc" : "desc")} nulls last`, asc(products.productId)]
        : [asc(products.productId)];
    case "price":
      return [asc(products.priceUsd), asc(products.productId)];
    case "price-desc":
      return [desc(products.priceUsd), asc(products.productId)];
    default:
      return [asc(products.productId)];
  }
}

type FacetRow = { param: string; value: string | null; label: string | null; lo: string | null; hi: string | null; n: number };

const alias = (name: string) => sql.raw(name);

/**
 * Every facet of the category in one pass over its products (GROUPING SETS: one set per choice, one for the brand,
 * and the empty set for the ranges), each aggregate filtered by the other facets' conditions, so a count is what the
 * page would show with that value added. The specifications are read out of the JSON once per product.
 */
export async function readFacets(
  db: Db,
  categoryId: number,
  slug: CategorySlug,
  filter: CatalogueFilter,
): Promise<{ facets: Facet[]; total: number }> {
  const defs = filterableSpecs(slug);
  const choices = defs.filter((d) => d.type !== "number");
  const ranges = defs.filter((d) => d.type === "number");
  // Each product's figures and whether it meets each applied facet, read once (the inner select); then one GROUPING
  // SETS pass over those plain columns, each aggregate filtered by the other facets' flags.
  const applied = [...facetConditions(filter)];
  const inner: SQL[] = [
    sql`${products.brandId} as brand`,
    sql`${brands.name} as brand_name`,
    ...choices.map((def, i) => sql`${specText(def.key)} as ${alias(`c${i}`)}`),
    ...ranges.map((def, i) => sql`${specNumber(def.key)} as ${alias(`r${i}`)}`),
    ...applied.map(([, conditions], k) => sql`(${and(...conditions)}) as ${alias(`k${k}`)}`),
  ];
  const others = (param: string) => {
    const flags = applied.flatMap(([p], k) => (p === param ? [] : [`k${k}`]));
    return sql.raw(flags.length > 0 ? flags.join(" and ") : "true");
  };
  const columns: SQL[] = [];
  choices.forEach((def, i) => {
    columns.push(
      sql`${alias(`c${i}`)}`,
      sql`grouping(${alias(`c${i}`)}) as ${alias(`g${i}`)}`,
      sql`count(*) filter (where ${others(`spec.${def.key}`)})::int as ${alias(`n${i}`)}`,
    );
  });
  columns.push(
    sql`brand::text as cb`,
    sql`max(brand_name) as lb`,
    sql`grouping(brand) as gb`,
    sql`count(*) filter (where ${others("brand")})::int as nb`,
  );
  ranges.forEach((def, i) => {
    const where = others(`spec.${def.key}`);
    const value = alias(`r${i}`);
    columns.push(
      sql`min(${value}) filter (where ${where})::text as ${alias(`lo${i}`)}`,
      sql`max(${value}) filter (where ${where})::text as ${alias(`hi${i}`)}`,
      sql`count(${value}) filter (where ${where})::int as ${alias(`rn${i}`)}`,
    );
  });
  // The page's count, every facet applied: on the empty set's row, so the rows and their count take two statements.
  const all = applied.length > 0 ? sql.raw(applied.map((_, k) => `k${k}`).join(" and ")) : sql.raw("true");
  columns.push(sql`count(*) filter (where ${all})::int as total`);
  const sets = [...choices.map((_, i) => sql`(${alias(`c${i}`)})`), sql`(brand)`, sql`()`];
  const result = rowsOf<Record<string, string | number | null>>(
    await db.execute(
      sql`select ${sql.join(columns, sql`, `)} from (select ${sql.join(inner, sql`, `)} from ${products} left join ${brands} on ${eq(brands.id, products.brandId)} where ${eq(products.categoryId, categoryId)}) f group by grouping sets (${sql.join(sets, sql`, `)})`,
    ),
  );
  const rows: FacetRow[] = [];
  let total = 0;
  for (const r of result) {
    const grouped = choices.findIndex((_, i) => Number(r[`g${i}`]) === 0);
    if (grouped >= 0) {
      const value = r[`c${grouped}`];
      if (value != null)
        rows.push({
          param: `spec.${choices[grouped]?.key}`,
          value: String(value),
          label: null,
          lo: null,
          hi: null,
          n: Number(r[`n${grouped}`]),
        });
    } else if (Number(r.gb) === 0) {
      if (r.cb != null)
        rows.push({ param: "brand", value: String(r.cb), label: r.lb == null ? null : String(r.lb), lo: null, hi: null, n: Number(r.nb) });
    } else {
      total = Number(r.total);
      ranges.forEach((def, i) => {
        const lo = r[`lo${i}`];
        const hi = r[`hi${i}`];
        rows.push({
          param: `spec.${def.key}`,
          value: null,
          label: null,
          lo: lo == null ? null : String(lo),
          hi: hi == null ? null : String(hi),
          n: Number(r[`rn${i}`]),
        });
      });
    }
  }
  // A value the other filters leave no product of is not offered (unless chosen: facetOf keeps it, to be unticked).
  const offered = rows.filter((row) => row.value === null || row.n > 0);
  const facets = [...defs.map((def) => facetOf(def, offered, filter)), brandFacet(offered, filter)].filter((f): f is Facet => f !== null);
  return { facets, total };
}

const byParam = (rows: FacetRow[], param: string) => rows.filter((r) => r.param === param);

function facetOf(def: SpecDef, rows: FacetRow[], filter: CatalogueFilter): Facet | null {
  const param = `spec.${def.key}`;
  const mine = byParam(rows, param);
  if (def.type === "number") {
    const row = mine[0];
    const selected = filter.ranges[def.key] ?? { min: null, max: null };
    const lo = row?.lo == null ? null : Number(row.lo);
    const hi = row?.hi == null ? null : Number(row.hi);
    // Nothing to choose between, and nothing chosen: no facet.
    if ((lo === null || lo === hi) && selected.min === null && selected.max === null) return null;
    return { type: "range", param, label: def.label, unit: def.unit ?? null, min: lo, max: hi, count: row?.n ?? 0, selected };
  }
  const chosen = filter.choices[def.key] ?? [];
  const counts = new Map(mine.map((r) => [r.value ?? "", r.n]));
  // The schema's order; a value chosen that no product has keeps its place (count 0) so it can be unticked.
  const options = (def.choices ?? [])
    .filter((v) => counts.has(v) || chosen.includes(v))
    .map((v) => ({ value: v, label: formatSpec(def, v), count: counts.get(v) ?? 0, selected: chosen.includes(v) }));
  if (options.length < 2 && chosen.length === 0) return null;
  return { type: "choice", param, label: def.label, unit: def.unit ?? null, options };
}

function brandFacet(rows: FacetRow[], filter: CatalogueFilter): Facet | null {
  const mine = byParam(rows, "brand");
  const options = mine
    .map((r) => ({ value: r.value ?? "", label: r.label ?? "", count: r.n, selected: filter.brands.includes(Number(r.value)) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  for (const id of filter.brands) {
    // A brand chosen that no product left has: it stays, to be unticked (its name is not read for it).
    if (!options.some((o) => o.value === String(id))) options.push({ value: String(id), label: `Brand ${id}`, count: 0, selected: true });
  }
  if (options.length < 2 && filter.brands.length === 0) return null;
  return { type: "choice", param: "brand", label: "Brand", unit: null, options };
}
