import { useId } from "react";
import { SimpleTable } from "../kit/simple-table.tsx";

export type ChartPoint = {
  key: string;
  /** Short label under the axis ("3 Mar"). */
  label: string;
  /** Full label in the table and the tooltip ("3–9 March 2026"). */
  longLabel: string;
  value: number;
  /** The value as text ("$1,250.00"). */
  display: string;
  /** A second figure for the table ("4 items"). */
  extra?: string;
};

/** The axis' top: the smallest 1, 2, 2.5 or 5 × 10ⁿ at or above the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** Up to `count` indices spread evenly over `n` points, first and last included. */
export function spreadIndices(n: number, count: number): number[] {
  if (n <= count) return Array.from({ length: n }, (_, i) => i);
  const out = new Set<number>();
  for (let k = 0; k < count; k++) out.add(Math.round((k * (n - 1)) / (count - 1)));
  return [...out];
}

/**
 * A column chart drawn as inline SVG: the bars stretch with the width (the SVG scales without keeping its aspect),
 * while the axis labels keep their size on a phone (HTML on the left, SVG text placed by percentage below). Screen readers get the chart's title and a
 * description; everyone can open the figures as a table.
 */
export function ColumnChart({
  title,
  description,
  points,
  axis,
  tableHeaders,
}: {
  title: string;
  description: string;
  points: readonly ChartPoint[];
  /** The axis labels' format ("$12K"). */
  axis: (value: number) => string;
  /** Column headings of the table: the period, the value, the extra figure. */
  tableHeaders: [string, string, string?];
}) {
  const id = useId();
  const n = Math.max(points.length, 1);
  const top = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const ticks = [top, top / 2, 0];
  // Six labels under the columns from the sm breakpoint, three on a phone (six "27 Oct" ran into each other at 390 px).
  const wide = new Set(spreadIndices(points.length, 6));
  const narrow = new Set(spreadIndices(points.length, 3));
  const labelled = [...new Set([...wide, ...narrow])].sort((a, b) => a - b);
  return (
    <div>
      <div className="flex gap-2">
        <div aria-hidden="true" className="flex h-48 w-14 shrink-0 flex-col justify-between text-right text-xs text-slate-600">
          {ticks.map((t) => (
            <span key={t} className="-translate-y-1/2 first:translate-y-0 last:translate-y-0">
              {axis(t)}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <svg
            role="img"
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-desc`}
            viewBox={`0 0 ${n} 100`}
            preserveAspectRatio="none"
            className="block h-48 w-full overflow-visible"
          >
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>{description}</desc>
            {[0, 50, 100].map((y) => (
              <line key={y} x1={0} x2={n} y1={y} y2={y} className="stroke-slate-200" strokeWidth={1} vectorEffect="non-scaling-stroke" />
            ))}
            {points.map((p, i) => {
              const h = (p.value / top) * 100;
              return (
                <rect
                  key={p.key}
                  x={i + (n > 60 ? 0.1 : 0.18)}
                  width={n > 60 ? 0.8 : 0.64}
                  y={100 - h}
                  height={h}
                  className="fill-accent-600"
                  data-value={p.value}
                >
                  <title>{`${p.longLabel}: ${p.display}`}</title>
                </rect>
              );
            })}
          </svg>
          {/* The labels under the columns: SVG text placed by its x attribute (a percentage of the width), so the
              server's HTML needs no style attribute (decision 011) and the text keeps its size at any width. */}
          <svg aria-hidden="true" className="mt-1 block h-5 w-full overflow-visible text-xs">
            {labelled.map((i) => {
              const p = points[i] as ChartPoint;
              const first = i === 0;
              const last = i === points.length - 1 && !first;
              const at = first ? 0 : last ? 100 : ((i + 0.5) / n) * 100;
              const shown = wide.has(i) && narrow.has(i) ? "" : wide.has(i) ? "max-sm:hidden" : "sm:hidden";
              return (
                <text
                  key={p.key}
                  data-chart-label=""
                  x={`${at}%`}
                  y="1em"
                  textAnchor={first ? "start" : last ? "end" : "middle"}
                  className={`fill-slate-600 ${shown}`}
                >
                  {p.label}
                </text>
              );
            })}
          </svg>
        </div>
      </div>
      <FiguresTable caption={title} headers={tableHeaders} rows={points.map((p) => [p.longLabel, p.display, p.extra])} />
    </div>
  );
}

/** A figures table's row: its label, its value and an optional second value. */
type Row = readonly [string, string, string?];

/** The chart's figures as a table, folded away until asked for. */
export function FiguresTable({ caption, headers, rows }: { caption: string; headers: [string, string, string?]; rows: readonly Row[] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-accent-800 hover:underline">
        Show the figures as a table
      </summary>
      <div className="mt-2 max-h-80 overflow-auto rounded-md border border-slate-200">
        <SimpleTable
          caption={caption}
          className="w-full border-collapse text-left"
          headClassName="sticky top-0 bg-slate-100"
          rowClassName="border-t border-slate-200"
          rows={rows}
          rowKey={([label]) => label}
          columns={[
            {
              header: headers[0],
              rowHeader: true,
              className: "px-3",
              headerClassName: "py-2",
              cellClassName: "py-1.5 font-normal",
              cell: ([label]) => label,
            },
            {
              header: headers[1],
              className: "px-3",
              headerClassName: "py-2",
              cellClassName: "py-1.5 tabular-nums",
              cell: ([, value]) => value,
            },
            ...(headers[2]
              ? [
                  {
                    header: headers[2],
                    className: "px-3",
                    headerClassName: "py-2",
                    cellClassName: "py-1.5 tabular-nums",
                    cell: ([, , extra]: Row) => extra ?? "",
                  },
                ]
              : []),
          ]}
        />
      </div>
    </details>
  );
}

/**
 * Horizontal bars in inline SVG, one per row, with the name and the value written beside it: the list itself is the
 * data, the bars only draw it (hidden from screen readers).
 */
export function BarList({
  label,
  rows,
}: {
  label: string;
  rows: readonly { key: string | number; name: string; value: number; display: string; extra?: string }[];
}) {
  const top = Math.max(0, ...rows.map((r) => r.value)) || 1;
  return (
    <ul aria-label={label} className="space-y-3">
      {rows.map((r) => (
        <li key={r.key} className="text-sm">
          <div className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 break-words text-slate-900">{r.name}</span>
            <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
              {r.display}
              {r.extra ? <span className="ml-1 font-normal text-slate-600">· {r.extra}</span> : null}
            </span>
          </div>
          <svg aria-hidden="true" viewBox="0 0 100 4" preserveAspectRatio="none" className="mt-1 block h-2 w-full">
            <rect x={0} y={0} width={100} height={4} rx={1} className="fill-slate-100" />
            <rect x={0} y={0} width={(r.value / top) * 100} height={4} rx={1} className="fill-accent-600" />
          </svg>
        </li>
      ))}
    </ul>
  );
}
