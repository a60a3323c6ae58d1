import { Form, Link, useSubmit } from "react-router";
import { CATEGORIES } from "#shared/categories.ts";
import { RANGE_PRESETS } from "#shared/date-range.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { SelectField, TextField } from "#web/components/ui/text-field.tsx";

export type RangeIssues = Partial<Record<"from" | "to" | "range" | "category", string>>;

/**
 * The dashboard's period and category, kept in the URL (works before JavaScript): presets of 30, 90 and 365 days
 * ending today, or any dates; the category keeps the sales, quotations and orders of its products.
 */
export function RangeForm({
  from,
  to,
  category,
  preset,
  today,
  issues,
}: {
  from: string;
  to: string;
  category: number | null;
  preset: number | null;
  today: string;
  issues: RangeIssues;
}) {
  const submit = useSubmit();
  const presetHref = (days: number) => `/admin?range=${days}${category ? `&category=${category}` : ""}`;
  return (
    <section
      aria-labelledby="dashboard-range-heading"
      className="rounded-lg border border-slate-200 bg-white p-4"
      data-tour="dashboard-range"
    >
      <h2 id="dashboard-range-heading" className="sr-only">
        Period and category
      </h2>
      <nav aria-label="Quick periods" className="mb-3 flex flex-wrap gap-2">
        {RANGE_PRESETS.map((days) => (
          <Link
            key={days}
            to={presetHref(days)}
            aria-current={preset === days ? "true" : undefined}
            className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
              preset === days ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-900 hover:bg-slate-50"
            }`}
            preventScrollReset
          >
            Last {days} days
          </Link>
        ))}
      </nav>
      <Form method="get" action="/admin" className="flex flex-wrap items-end gap-3" preventScrollReset>
        <TextField label="From" type="date" name="from" defaultValue={from} max={today} error={issues.from} className="w-36" required />
        <TextField label="To" type="date" name="to" defaultValue={to} error={issues.to} className="w-36" required />
        <SelectField
          label="Category"
          name="category"
          defaultValue={category ?? ""}
          error={issues.category}
          className="w-56"
          onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
        >
          <option value="">All categories</option>
          {CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClass("secondary")}>
          Show
        </button>
      </Form>
    </section>
  );
}
