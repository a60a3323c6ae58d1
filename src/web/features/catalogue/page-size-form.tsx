import { Form } from "react-router";
import { PAGE_SIZE_OPTIONS } from "#shared/constants.ts";
import { useHydrated } from "#web/lib/use-hydrated.ts";

/**
 * Items per page (spec §2, §9): a GET form, so it works without JavaScript (its Show button) and with it (the
 * select submits itself). The page is left out, so a new size starts at page 1 (spec §4).
 */
export function PageSizeForm({ pageSize }: { pageSize: number }) {
  const scripted = useHydrated();
  return (
    <Form method="get" className="flex items-center gap-2" preventScrollReset>
      <label htmlFor="page-size" className="text-sm font-medium text-slate-800">
        Items per page
      </label>
      <select
        id="page-size"
        name="pageSize"
        defaultValue={pageSize}
        key={pageSize}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="min-h-11 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900"
      >
        {PAGE_SIZE_OPTIONS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {scripted ? null : (
        <button type="submit" className="min-h-11 rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-900">
          Show
        </button>
      )}
    </Form>
  );
}
