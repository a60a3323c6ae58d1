import { PROVINCES, type ProvinceSlug } from "#shared/provinces.ts";
import { ZIMBABWE_PROVINCE_SHAPES, ZIMBABWE_VIEW_BOX } from "#web/components/installers/zimbabwe-provinces.ts";

/**
 * Where each province's label is centred, as classes (the pages' CSP applies no `style` attribute, decision 011): the
 * view box point over its width and height (1000 × 917) in per cent, inside the province's outline and clear of its
 * neighbours' labels on a 360 px phone; the two cities (Harare and Bulawayo, a few units across) on their own outline.
 * Long names break after their first word ("Mashonaland / Central").
 */
const LABEL_AT: Record<ProvinceSlug, string> = {
  bulawayo: "left-[42.4%] top-[66.6%]",
  harare: "left-[74.5%] top-[33%]",
  manicaland: "left-[86%] top-[65.4%]",
  "mashonaland-central": "left-[77.5%] top-[12%]",
  "mashonaland-east": "left-[83%] top-[44%]",
  "mashonaland-west": "left-[52%] top-[25.1%]",
  masvingo: "left-[71.5%] top-[84%]",
  "matabeleland-north": "left-[24.5%] top-[45.8%]",
  "matabeleland-south": "left-[42%] top-[86.2%]",
  midlands: "left-[52.5%] top-[52%]",
};

export const installersCount = (n: number) => `${n} installer${n === 1 ? "" : "s"}`;

/**
 * Zimbabwe's ten provinces drawn as inline SVG from shapes bundled with the product: nothing loads
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
      {/*
        Each province's name and count over every outline (a later button's outline would hide an earlier one's text),
        in CSS pixels so they stay readable however small the map is drawn; the pointer passes through. The buttons'
        names say the same to screen readers.
      */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 z-20">
        {ZIMBABWE_PROVINCE_SHAPES.map((shape) => {
          const name = PROVINCES.find((p) => p.slug === shape.slug)?.name ?? shape.slug;
          const count = counts[shape.slug] ?? 0;
          const pressed = selected === shape.slug;
          const [first, ...rest] = name.split(" ");
          return (
            <span
              key={shape.slug}
              data-province-label={shape.slug}
              className={`absolute ${LABEL_AT[shape.slug]} flex -translate-x-1/2 -translate-y-1/2 items-center gap-1 rounded-md px-1.5 py-0.5 text-center text-[11px] leading-tight font-semibold whitespace-nowrap shadow-sm ring-1 sm:text-xs ${
                pressed ? "bg-slate-900 text-white ring-slate-900" : "bg-white/95 text-slate-900 ring-slate-300"
              }`}
            >
              <span>
                {first}
                {rest.length ? <br /> : null}
                {rest.join(" ")}
              </span>
              <span
                className={`inline-flex min-w-5 items-center justify-center rounded-full px-1 text-[11px] font-bold tabular-nums sm:text-xs ${
                  pressed ? "bg-white text-slate-900" : count > 0 ? "bg-accent-800 text-white" : "bg-slate-500 text-white"
                }`}
              >
                {count}
              </span>
            </span>
          );
        })}
      </div>
    </div>
  );
}
