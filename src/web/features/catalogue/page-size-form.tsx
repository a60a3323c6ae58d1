import { PAGE_SIZE_OPTIONS } from "#shared/constants.ts";

/**
 * Items per page (spec §2, §9): a GET form. A change sends it at once (`data-submit-on-change`, answered by the
 * page's inline loader in the head, lib/hydration-loader.ts, before any script file has come); where that loader has
 * not run (scripts off), its Show button does (`data-until-loader`, hidden once the loader runs: decision 028). The page is left out, so a new size starts at page 1 (spec §4); `keep`: a category's filters and sort.
 */
export function PageSizeForm({ pageSize, keep = [] }: { pageSize: number; keep?: [string, string][] }) {
  return (
    <form method="get" className="flex items-center gap-2">
      {keep.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="page-size" className="text-sm font-medium text-slate-800">
        Items per page
      </label>
      <select
        id="page-size"
        name="pageSize"
        defaultValue={pageSize}
        data-submit-on-change=""
        className="min-h-11 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900"
      >
        {PAGE_SIZE_OPTIONS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {/* A real submit button, not one in <noscript>: a browser whose scripts have not come yet never shows that. */}
      <button
        type="submit"
        data-until-loader=""
        className="min-h-11 rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-900"
      >
        Show
      </button>
    </form>
  );
}
