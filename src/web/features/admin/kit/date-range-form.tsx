import type { ReactNode } from "react";
import { Form } from "react-router";
import { buttonClass } from "#web/components/ui/button.ts";

/**
 * A list's From/To days as a GET form (before any script): the list's other filters ride along as hidden fields, and
 * `children` may say something about the dates (the audit log's "not understood").
 */
export function DateRangeForm({
  id,
  keep,
  from,
  to,
  children,
}: {
  /** Prefix of the two fields' ids, unique on the page. */
  id: string;
  keep: Record<string, string | undefined>;
  from: string | undefined;
  to: string | undefined;
  children?: ReactNode;
}) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Date range">
      {Object.entries(keep).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      {(
        [
          ["from", "From", from],
          ["to", "To", to],
        ] as const
      ).map(([name, label, value]) => (
        <div key={name}>
          <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-medium text-slate-800">
            {label}
          </label>
          <input
            id={`${id}-${name}`}
            type="date"
            name={name}
            defaultValue={value}
            className="block min-h-11 rounded-md border border-slate-400 px-3"
          />
        </div>
      ))}
      <button type="submit" className={buttonClass("outline")}>
        Apply dates
      </button>
      {children}
    </Form>
  );
}
