import type { CatalogueSort } from "#shared/catalogue-filters.ts";
import { plainFigure } from "#shared/figures.ts";
import type { ChoiceFacet, Facet, RangeFacet } from "#shared/schemas/catalogue.ts";
import { SlidersHorizontal, X } from "#web/components/ui/icons.tsx";

/**
 * A category page's filters: one GET form, so a filtered page works without scripts and its address
 * can be shared. On phones it folds into "Filters"; from 768 px it is the page's side column. The sort select
 * outside it belongs to it (`form=`) and sends it on change.
 */

export const FILTER_FORM_ID = "catalogue-filters";

const inputClass =
  "min-h-11 w-full rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-700";

function shown(n: number | null): string {
  return n === null ? "" : plainFigure(n);
}

function ChoiceFieldset({ facet }: { facet: ChoiceFacet }) {
  return (
    <fieldset className="border-t border-slate-200 pt-4">
      <legend className="text-sm font-semibold text-slate-900">{facet.label}</legend>
      <ul className="mt-1">
        {facet.options.map((o) => {
          const id = `f-${facet.param}-${o.value}`.replace(/[^\w-]/g, "_");
          return (
            <li key={o.value}>
              <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800">
                <input
                  id={id}
                  type="checkbox"
                  name={facet.param}
                  value={o.value}
                  defaultChecked={o.selected}
                  className="size-5 accent-accent-700"
                />
                <span>
                  {o.label}
                  {facet.unit && !o.label.endsWith(facet.unit) ? ` ${facet.unit}` : ""} <span className="text-slate-600">({o.count})</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function RangeFieldset({ facet }: { facet: RangeFacet }) {
  const id = `f-${facet.param}`.replace(/[^\w-]/g, "_");
  const unit = facet.unit ? ` ${facet.unit}` : "";
  const hint =
    facet.min !== null && facet.max !== null
      ? `From ${shown(facet.min)} to ${shown(facet.max)}${unit} (${facet.count} products)`
      : "No product here has this figure.";
  return (
    <fieldset className="border-t border-slate-200 pt-4" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-semibold text-slate-900">
        {facet.label}
        {facet.unit ? <span className="font-normal text-slate-600"> ({facet.unit})</span> : null}
      </legend>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      <div className="mt-2 grid grid-cols-2 gap-2">
        {(["min", "max"] as const).map((end) => (
          <div key={end}>
            <label htmlFor={`${id}-${end}`} className="text-xs font-medium text-slate-700">
              {end === "min" ? "At least" : "At most"}
            </label>
            <input
              id={`${id}-${end}`}
              name={`${facet.param}.${end}`}
              type="number"
              inputMode="decimal"
              step="any"
              defaultValue={shown(facet.selected[end])}
              placeholder={shown(facet[end])}
              className={inputClass}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** What "Clear filters" and each applied filter's "Remove" link go to. */
export type AppliedFilter = { label: string; without: string };

export function CatalogueFilters({
  facets,
  hidden,
  clearTo,
  applied,
}: {
  facets: Facet[];
  /** Parameters the form carries unchanged: the page size, the sort. */
  hidden: [string, string][];
  clearTo: string;
  applied: AppliedFilter[];
}) {
  if (facets.length === 0) return null;
  return (
    <details className="filters group rounded-lg border border-slate-200 bg-white md:border-0 md:bg-transparent" open={undefined}>
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 font-semibold text-slate-900 md:px-0">
        <SlidersHorizontal aria-hidden="true" className="size-5" />
        Filters{applied.length > 0 ? ` (${applied.length} applied)` : ""}
      </summary>
      <form id={FILTER_FORM_ID} method="get" className="space-y-4 px-4 pb-4 md:px-0" aria-label="Filter products">
        {hidden.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {facets.map((f) => (f.type === "choice" ? <ChoiceFieldset key={f.param} facet={f} /> : <RangeFieldset key={f.param} facet={f} />))}
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-md bg-accent-700 px-4 font-semibold text-white hover:bg-accent-800"
          >
            Apply filters
          </button>
          {applied.length > 0 ? (
            <a href={clearTo} className="inline-flex min-h-11 items-center font-medium text-accent-700 underline hover:text-accent-800">
              Clear filters
            </a>
          ) : null}
        </div>
      </form>
    </details>
  );
}

/** The filters in force, each with a link that removes it: what a phone shows above the products. */
export function AppliedFilters({ applied, clearTo }: { applied: AppliedFilter[]; clearTo: string }) {
  if (applied.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="sr-only">Filters applied</h2>
      <ul className="flex flex-wrap gap-2">
        {applied.map((a) => (
          <li key={a.without}>
            <a
              href={a.without}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-accent-700 bg-accent-50 px-3 text-sm font-medium text-accent-800 hover:bg-accent-100"
            >
              {a.label}
              <X aria-hidden="true" className="size-4" />
              <span className="sr-only">(remove)</span>
            </a>
          </li>
        ))}
      </ul>
      <a
        href={clearTo}
        className="inline-flex min-h-11 items-center px-2 text-sm font-medium text-accent-700 underline hover:text-accent-800"
      >
        Clear filters
      </a>
    </div>
  );
}

export type SortOption = { value: CatalogueSort | ""; label: string };

export function SortSelect({ options, value }: { options: SortOption[]; value: CatalogueSort | null }) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="catalogue-sort" className="text-sm font-medium text-slate-800">
        Sort by
      </label>
      <select
        id="catalogue-sort"
        name="sort"
        form={FILTER_FORM_ID}
        defaultValue={value ?? ""}
        data-submit-on-change=""
        className="min-h-11 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {/* Shown only where the head's loader has not run (scripts off): it sends the change itself (decision 028). */}
      <button
        type="submit"
        form={FILTER_FORM_ID}
        data-until-loader=""
        className="min-h-11 rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-900"
      >
        Sort
      </button>
    </div>
  );
}
