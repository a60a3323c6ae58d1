import { formatDate } from "#shared/dates.ts";
import type { ExchangeRate } from "#shared/schemas/rates.ts";

/** The chart's drawing box; the SVG stretches it to the width it is given (lines keep their width). */
const W = 1000;
const H = 240;
const PAD = 12;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

type Point = { x: number; y: number };

/** A step line through the points: each rate holds until the next one's day. */
function stepPath(points: readonly Point[], endX: number): string {
  if (points.length === 0) return "";
  const parts: string[] = [];
  points.forEach((p, i) => {
    parts.push(i === 0 ? `M${p.x.toFixed(1)} ${p.y.toFixed(1)}` : `V${p.y.toFixed(1)}`);
    const next = points[i + 1];
    parts.push(`H${(next ? next.x : endX).toFixed(1)}`);
  });
  return parts.join(" ");
}

/** What the chart shows, in words: its range, lowest and highest, and any rate announced for a later day. */
export function rateChartSummary(history: readonly ExchangeRate[], today: string): string {
  const rows = [...history].sort((a, b) => a.effective_date.localeCompare(b.effective_date));
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return "No exchange rates yet.";
  const values = rows.map((r) => Number(r.rate));
  const low = rows[values.indexOf(Math.min(...values))] ?? first;
  const high = rows[values.indexOf(Math.max(...values))] ?? last;
  const scheduled = rows.filter((r) => r.effective_date > today).length;
  return (
    `${first.currency} per US dollar, ${rows.length} rates from ${formatDate(first.effective_date)} to ${formatDate(last.effective_date)}: ` +
    `${first.rate} at first, ${last.rate} at last; lowest ${low.rate} (${formatDate(low.effective_date)}), highest ${high.rate} (${formatDate(high.effective_date)})` +
    (scheduled ? `; ${scheduled} scheduled for a later day.` : ".")
  );
}

/**
 * The exchange rate's history as a step chart, drawn on the server as inline SVG (no script, no library): the rates in
 * force up to today as a solid line, those announced for later days dashed. The SVG is one image with a summary for
 * screen readers; the table under it holds the figures.
 */
export function RateChart({ history, today }: { history: readonly ExchangeRate[]; today: string }) {
  const rows = [...history].sort((a, b) => a.effective_date.localeCompare(b.effective_date));
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last || rows.length < 2) return null;
  const values = rows.map((r) => Number(r.rate));
  const min = Math.min(...values);
  const max = Math.max(...values);
  // The lowest and highest rates sit on the bottom and top grid lines, which the labels beside the chart name.
  const lowY = max > min ? min : min - 1;
  const highY = max > min ? max : max + 1;
  const start = dayNumber(first.effective_date);
  const lastDay = Math.max(dayNumber(last.effective_date), dayNumber(today));
  const end = lastDay + Math.max(7, (lastDay - start) * 0.03);
  const x = (day: string | number) => PAD + (((typeof day === "number" ? day : dayNumber(day)) - start) / (end - start)) * (W - 2 * PAD);
  const y = (rate: number) => PAD + (1 - (rate - lowY) / (highY - lowY)) * (H - 2 * PAD);
  const todayX = x(dayNumber(today));
  const past = rows.filter((r) => r.effective_date <= today);
  const future = rows.filter((r) => r.effective_date > today);
  const inForce = past.at(-1);
  const pastPath = stepPath(
    past.map((r) => ({ x: x(r.effective_date), y: y(Number(r.rate)) })),
    future.length ? todayX : x(end),
  );
  const futurePath = stepPath(
    [
      ...(inForce ? [{ x: todayX, y: y(Number(inForce.rate)) }] : []),
      ...future.map((r) => ({ x: x(r.effective_date), y: y(Number(r.rate)) })),
    ],
    x(end),
  );
  const grid = [max, (max + min) / 2, min];
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4" data-tour="rates-chart">
      <figcaption className="mb-2 text-sm font-semibold text-slate-900">
        {first.currency} per US dollar, {formatDate(first.effective_date)} to {formatDate(last.effective_date)}
      </figcaption>
      <div className="flex gap-2">
        <div aria-hidden="true" className="flex h-48 flex-col justify-between py-1 text-right text-xs text-slate-600 tabular-nums sm:h-60">
          <span>{max.toFixed(2)}</span>
          <span>{((max + min) / 2).toFixed(2)}</span>
          <span>{min.toFixed(2)}</span>
        </div>
        <svg
          role="img"
          aria-label={rateChartSummary(history, today)}
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="h-48 min-w-0 flex-1 sm:h-60"
          data-rate-chart=""
        >
          {grid.map((g) => (
            <line
              key={g}
              x1={0}
              x2={W}
              y1={y(g)}
              y2={y(g)}
              className="stroke-slate-200"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <path
            d={pastPath}
            className="fill-none stroke-accent-700"
            strokeWidth={2.5}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
          {future.length ? (
            <line
              x1={todayX}
              x2={todayX}
              y1={0}
              y2={H}
              className="stroke-slate-500"
              strokeDasharray="2 3"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ) : null}
          {future.length ? (
            <path
              d={futurePath}
              className="fill-none stroke-amber-600"
              strokeWidth={2.5}
              strokeDasharray="6 4"
              vectorEffect="non-scaling-stroke"
            />
          ) : null}
        </svg>
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between gap-2 pl-12 text-xs text-slate-600 tabular-nums">
        <span>{formatDate(first.effective_date)}</span>
        <span>{formatDate(last.effective_date > today ? last.effective_date : today)}</span>
      </div>
      {future.length ? (
        <p className="mt-2 flex items-center gap-2 text-xs text-slate-700">
          <svg aria-hidden="true" viewBox="0 0 24 4" className="h-1 w-6">
            <line x1={0} x2={24} y1={2} y2={2} className="stroke-amber-600" strokeWidth={3} strokeDasharray="6 4" />
          </svg>
          Scheduled rates, from a later day (the dotted line is today)
        </p>
      ) : null}
    </figure>
  );
}
