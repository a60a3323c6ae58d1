import type { PageQuery } from "#shared/schemas/list.ts";

/** A page of a list as the list routes answer it: the page's rows and how many rows the whole list has. */
export type Page<T> = { rows: T[]; count: number };

/**
 * The arithmetic of a 1-based page, written once for every list read with LIMIT/OFFSET and a count beside it:
 *
 *     const { limit, offset, envelope } = paged(query);
 *     const [rows, [total]] = await Promise.all([q.limit(limit).offset(offset), db.select({ n: count() }).from(t).where(w)]);
 *     return envelope(rows.map(toView), total);
 *
 * `envelope` takes the count query's row as it comes (undefined when it found none: 0).
 */
export function paged({ page, pageSize }: PageQuery): {
  limit: number;
  offset: number;
  envelope<T>(rows: T[], total: { n: number } | undefined): Page<T>;
} {
  return {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    envelope: (rows, total) => ({ rows, count: total?.n ?? 0 }),
  };
}
