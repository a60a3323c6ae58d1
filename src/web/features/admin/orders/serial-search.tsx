import { Search } from "lucide-react";
import { Form } from "react-router";
import { SERIAL_MAX } from "#shared/schemas/stock.ts";
import { buttonClass } from "#web/components/ui/button.ts";

/**
 * "Find a serial number": a GET form of /admin/orders/serials (the orders list links to it). It works
 * without script; the page's loader asks the service `GET /api/serials/{serial}` answers from.
 */
export function SerialSearch({
  value = "",
  error,
  autoFocus = false,
}: {
  value?: string;
  error?: string | undefined;
  autoFocus?: boolean;
}) {
  return (
    <Form method="get" action="/admin/orders/serials" role="search" aria-label="Serial numbers" className="flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1 sm:max-w-sm">
        <label htmlFor="serial-search" className="mb-1 block text-sm font-medium text-slate-800">
          Find a serial number
        </label>
        <input
          id="serial-search"
          name="serial"
          type="search"
          defaultValue={value}
          maxLength={SERIAL_MAX}
          autoComplete="off"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: the lookup page exists to type a serial; its field takes the focus there only.
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "serial-search-error" : undefined}
          className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-base text-slate-900 aria-invalid:border-red-700"
        />
        {error ? (
          <p id="serial-search-error" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass("outline")}>
        <Search aria-hidden="true" className="size-4" /> Find
      </button>
    </Form>
  );
}
