import { and, gte, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** A half-open span of time: `start` included, `end` not. */
export type Window = { start: Date; end: Date };

/** The dashboard's two periods: the one chosen and the one of equal length before it. */
export type CountWindows = { period: Window; previous: Window };

/** A count on the dashboard: all in that state now, and those of them that came in during each period. */
export type WindowCounts = { total: number; period: number; previous: number };

export const NO_COUNTS: WindowCounts = { total: 0, period: 0, previous: 0 };

function within(column: PgColumn, w: Window): SQL {
  return and(gte(column, w.start), lt(column, w.end)) as SQL;
}

/** `count(*)`, and counts filtered to each period by `column` (when the row came in), in one pass. */
export function windowCountColumns(column: PgColumn, windows: CountWindows) {
  return {
    total: sql<number>`count(*)::int`,
    period: sql<number>`(count(*) filter (where ${within(column, windows.period)}))::int`,
    previous: sql<number>`(count(*) filter (where ${within(column, windows.previous)}))::int`,
  };
}

export function toCounts(row: { total: number; period: number; previous: number } | undefined): WindowCounts {
  return row ? { total: Number(row.total), period: Number(row.period), previous: Number(row.previous) } : NO_COUNTS;
}
