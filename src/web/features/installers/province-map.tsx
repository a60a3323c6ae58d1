import { PROVINCES, type ProvinceSlug } from "#shared/provinces.ts";
import { ZIMBABWE_PROVINCE_SHAPES, ZIMBABWE_VIEW_BOX } from "#web/components/installers/zimbabwe-provinces.ts";

/** Where a small province's count sits better than at its outline's centroid (view box units). */
const LABEL_AT: Partial<Record<ProvinceSlug, [number, number]>> = {
  "matabeleland-south": [430, 690],
  "mashonaland-east": [690, 370],
};

export const installersCount = (n: number) => `${n} installer${n === 1 ? "" : "s"}`;

/**
 * Zimbabwe's ten provinces drawn as inline SVG from shapes bundled with the product (issue 26 §1): nothing loads
 * from elsewhere. Each province is a real submit button of the directory's GET form (`province=<slug>`), named
 * "Harare: 3 installers", pressed when it is the filter; it works without any script (the page reloads filtered).
 * The buttons lie one over another, each drawing its own outline: only the outline takes the pointer, and the
 * outline shows the keyboard focus.
 */
export function ProvinceMap({ counts, selected }: { counts: Record<ProvinceSlug, number>; selected: string | null }) {
  const { width, height } = ZIMBABWE_VIEW_BOX;
  return (
    <div className="relative mx-auto aspect-[1000/917] w-full max-w-xl">
      {ZIMBABWE_PROVINCE_SHAPES.map((shape) => {
        const name = PROVINCES.find((p) => p.slug === shape.slug)?.name ?? shape.slug;
        const count = counts[shape.slug] ?? 0;
        const pressed = selected === shape.slug;
        return (
          <button
            key={shape.slug}
            type="submit"
            name="province"
            value={shape.slug}
            aria-pressed={pressed}
            aria-label={`${name}: ${installersCount(count)}`}
            data-province={shape.slug}
            className="group pointer-events-none absolute inset-0 cursor-pointer outline-none focus-visible:z-10"
          >
            <svg viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false" className="size-full overflow-visible">
              <path
                d={shape.d}
                className={`pointer-events-auto stroke-white stroke-[3] transition-colors group-hover:fill-accent-300 group-focus-visible:stroke-slate-900 group-focus-visible:stroke-[6] ${
                  pressed ? "fill-accent-700 group-hover:fill-accent-800" : count > 0 ? "fill-accent-100" : "fill-slate-200"
                }`}
              />
            </svg>
          </button>
        );
      })}
      {/* The counts over every outline (a later button's outline would hide an earlier one's); the pointer passes through. */}
      <svg
        viewBox={`0 0 ${width} ${height}`}
        aria-hidden="true"
        focusable="false"
        className="pointer-events-none absolute inset-0 z-20 size-full overflow-visible"
      >
        {ZIMBABWE_PROVINCE_SHAPES.map((shape) => {
          const count = counts[shape.slug] ?? 0;
          const pressed = selected === shape.slug;
          const [x, y] = LABEL_AT[shape.slug] ?? [shape.labelX, shape.labelY];
          return (
            <g key={shape.slug}>
              <circle
                cx={x}
                cy={y}
                r={26}
                className={`stroke-white stroke-2 ${pressed ? "fill-slate-900" : count > 0 ? "fill-accent-800" : "fill-slate-500"}`}
              />
              <text x={x} y={y} dy="0.35em" textAnchor="middle" className="fill-white text-[28px] font-bold">
                {count}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
