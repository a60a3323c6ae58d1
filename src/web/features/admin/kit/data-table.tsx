import { ArrowDown, ArrowUp, ArrowUpDown, Search } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation, useRevalidator, useSearchParams, useSubmit } from "react-router";
import { buttonClass } from "#web/components/ui/button.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { RowActions } from "#web/components/ui/row-actions.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { type ListParams, listHref, PAGE_SIZES } from "./list-params.ts";

export type Column<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Offers sorting by this column (the loader must accept `key` in its sorts). */
  sortable?: boolean;
  className?: string;
};

export type FilterDef = { name: string; label: string; options: readonly { value: string; label: string }[]; allLabel?: string };

export type DataTableProps<T> = {
  /** What the list holds, plural ("Products"): the table's caption. */
  label: string;
  rows: readonly T[];
  /** Rows matching the search and filters, over all pages. */
  count: number;
  params: ListParams;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** Names a row for screen readers ("Select Solar panel 450 W"). */
  rowLabel: (row: T) => string;
  search?: { placeholder: string };
  filters?: readonly FilterDef[];
  rowActions?: (row: T) => ReactNode;
  /**
   * The table's scrolling box takes the keyboard's focus itself: for a table whose rows have nothing to focus (a
   * role that may not change them, decision 035), so a narrow screen's keyboard user can still scroll it sideways.
   */
  focusableScroll?: boolean;
  /** Offers selecting rows and deleting them together after a confirmation. Answers an error message or null. */
  bulkDelete?: { noun: string; onDelete: (ids: (string | number)[]) => Promise<string | null> };
  /** Shown when there is nothing at all (no search or filter set). */
  empty: ReactNode;
  /** Shown when a search or filter matches nothing (default: a hint to change or clear them). */
  emptyFiltered?: ReactNode;
  /** Buttons beside the search (Add, Export CSV). */
  toolbar?: ReactNode;
  /** data-tour attribute of the list, for guided tours. */
  tour?: string;
  /** data-tour attribute of the search and filters. */
  searchTour?: string;
  /**
   * Shows each row as a card instead of a table row (dealer and quotation cards); the sortable columns then
   * become a "Sort by" menu.
   */
  card?: (row: T) => ReactNode;
  /**
   * "grid": the table frames each card (with its checkbox and row actions), two to a row on wide screens;
   * "list": one under the other, each card drawing its own frame and actions (quotation cards).
   */
  cardLayout?: "grid" | "list";
  /**
   * Draws the page's rows itself, in place of the kit's table (the quotation queue's expandable rows); `captionId`
   * names the list for its caption.
   */
  table?: (rows: readonly T[], captionId: string) => ReactNode;
  /**
   * false: no search, filter or page-size form, only the rows and their pages (short lists loaded whole: the rates).
   */
  listControls?: boolean;
  /** URL parameters the search form and Clear carry along (a screen's tab), so a search stays where it was made. */
  keep?: readonly string[];
};

/** The list without its search and filters, keeping only the `keep` parameters. */
function clearHref(pathname: string, search: string, keep: readonly string[] = []): string {
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of keep) {
    const value = current.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function SortHeader({ column, params }: { column: { key: string; header: string }; params: ListParams }) {
  const location = useLocation();
  const [search] = useSearchParams();
  const active = params.sort === column.key;
  const nextDir = active && params.dir === "asc" ? "desc" : "asc";
  const Icon = active ? (params.dir === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <Link
      to={listHref(location.pathname, search, { sort: column.key, dir: nextDir })}
      className="inline-flex min-h-11 items-center gap-1 hover:underline"
      preventScrollReset
    >
      {column.header}
      <Icon aria-hidden="true" className={`size-4 ${active ? "text-slate-900" : "text-slate-500"}`} />
      <span className="sr-only">{active ? `, sorted ${params.dir === "asc" ? "ascending" : "descending"}` : ", sort"}</span>
    </Link>
  );
}

function Pagination({ params, count }: { params: ListParams; count: number }) {
  const location = useLocation();
  const [search] = useSearchParams();
  const pages = Math.max(1, Math.ceil(count / params.pageSize));
  if (pages <= 1) return null;
  const page = Math.min(params.page, pages);
  const window = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const numbers = [...window].sort((a, b) => a - b);
  const link = (p: number) => listHref(location.pathname, search, { page: p });
  const cls = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 text-sm font-medium";
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-2">
      {page > 1 ? (
        <Link to={link(page - 1)} className={`${cls} border-slate-300 bg-white hover:bg-slate-50`} preventScrollReset>
          Prev
        </Link>
      ) : null}
      {numbers.map((p, i) => (
        <span key={p} className="contents">
          {i > 0 && p - (numbers[i - 1] ?? p) > 1 ? <span aria-hidden="true">…</span> : null}
          <Link
            to={link(p)}
            aria-current={p === page ? "page" : undefined}
            className={`${cls} ${p === page ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white hover:bg-slate-50"}`}
            preventScrollReset
          >
            <span className="sr-only">Page </span>
            {p}
          </Link>
        </span>
      ))}
      {page < pages ? (
        <Link to={link(page + 1)} className={`${cls} border-slate-300 bg-white hover:bg-slate-50`} preventScrollReset>
          Next
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * The back office's one list: search, filters, sortable columns and pages in the URL (works before JavaScript),
 * a loading state while the next page loads, an empty state, row actions, and bulk delete after a confirmation.
 * Wide tables scroll sideways on phones.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    label,
    rows,
    count,
    params,
    columns,
    rowKey,
    rowLabel,
    search,
    filters = [],
    rowActions,
    focusableScroll = false,
    bulkDelete,
    empty,
    toolbar,
    card,
  } = props;
  const sortable = columns.filter((c) => c.sortable);
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const captionId = useId();
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The controls start from the URL (defaultValue, so the form works before JavaScript); when a link changes the URL
  // (a status card, Clear, Back), they follow it. A control that already shows the value is left alone, focus and all.
  const shown: Record<string, string> = { q: params.q, pageSize: String(params.pageSize), ...params.filters };
  const shownKey = JSON.stringify(shown);
  const followed = useRef<string | null>(null);
  useEffect(() => {
    // Not on the first render: the server's HTML already shows the URL's values, and whatever differs was typed before
    // the page's script ran (a search typed at once), which hydrating must not wipe.
    const first = followed.current === null;
    followed.current = shownKey;
    if (first) return;
    const values = JSON.parse(shownKey) as Record<string, string>;
    for (const [name, value] of Object.entries(values)) {
      const control = formRef.current?.elements.namedItem(name);
      if ((control instanceof HTMLInputElement || control instanceof HTMLSelectElement) && control.value !== value) control.value = value;
    }
  }, [shownKey]);
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const filtered = params.q !== "" || Object.values(params.filters).some((v) => v !== "");
  const pageIds = rows.map(rowKey);
  const selectedOnPage = pageIds.filter((id) => selected.has(id));
  const allSelected = pageIds.length > 0 && selectedOnPage.length === pageIds.length;
  const first = count === 0 ? 0 : (params.page - 1) * params.pageSize + 1;
  const last = Math.min(count, params.page * params.pageSize);

  const toggle = (id: string | number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section aria-labelledby={captionId} className="space-y-4" data-tour={props.tour}>
      {props.listControls === false ? null : (
        <Form
          ref={formRef}
          method="get"
          role="search"
          aria-label={`Search ${label.toLowerCase()}`}
          className="flex flex-wrap items-end gap-3"
          data-tour={props.searchTour}
        >
          {(props.keep ?? []).map((name) => {
            const value = new URLSearchParams(location.search).get(name);
            return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
          })}
          {card && sortable.length > 0 ? (
            <div>
              <label htmlFor={`${captionId}-sort`} className="mb-1 block text-sm font-medium text-slate-800">
                Sort by
              </label>
              <select
                id={`${captionId}-sort`}
                name="sortBy"
                defaultValue={`${params.sort}:${params.dir}`}
                onChange={(e) => {
                  const [sort = "", dir = "asc"] = e.currentTarget.value.split(":");
                  submit({ ...Object.fromEntries(new URLSearchParams(location.search)), sort, dir, page: "1" }, { method: "get" });
                }}
                className="block min-h-11 rounded-md border border-slate-400 bg-white px-3 text-base"
              >
                {sortable.flatMap((c) => [
                  <option key={`${c.key}:asc`} value={`${c.key}:asc`}>
                    {c.header} (ascending)
                  </option>,
                  <option key={`${c.key}:desc`} value={`${c.key}:desc`}>
                    {c.header} (descending)
                  </option>,
                ])}
              </select>
            </div>
          ) : (
            <>
              {params.sort ? <input type="hidden" name="sort" value={params.sort} /> : null}
              {params.dir ? <input type="hidden" name="dir" value={params.dir} /> : null}
            </>
          )}
          {/* Filters set elsewhere on the page (a date range) survive a search. */}
          {Object.entries(params.filters)
            .filter(([name, value]) => value !== "" && !filters.some((f) => f.name === name))
            .map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          {search ? (
            <div className="min-w-56 flex-1">
              <label htmlFor={`${captionId}-q`} className="mb-1 block text-sm font-medium text-slate-800">
                Search
              </label>
              <input
                id={`${captionId}-q`}
                type="search"
                name="q"
                defaultValue={params.q}
                placeholder={search.placeholder}
                className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base"
              />
            </div>
          ) : null}
          {filters.map((f) => (
            <div key={f.name}>
              <label htmlFor={`${captionId}-${f.name}`} className="mb-1 block text-sm font-medium text-slate-800">
                {f.label}
              </label>
              <select
                id={`${captionId}-${f.name}`}
                name={f.name}
                defaultValue={params.filters[f.name] ?? ""}
                onChange={(e) => submit(e.currentTarget.form)}
                className="block min-h-11 rounded-md border border-slate-400 bg-white px-3 text-base"
              >
                <option value="">{f.allLabel ?? "All"}</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div>
            <label htmlFor={`${captionId}-size`} className="mb-1 block text-sm font-medium text-slate-800">
              Per page
            </label>
            <select
              id={`${captionId}-size`}
              name="pageSize"
              defaultValue={params.pageSize}
              onChange={(e) => submit(e.currentTarget.form)}
              className="block min-h-11 rounded-md border border-slate-400 bg-white px-3 text-base"
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass("secondary")}>
            <Search aria-hidden="true" className="size-4" /> Search
          </button>
          {filtered ? (
            <Link to={clearHref(location.pathname, location.search, props.keep)} className={buttonClass("ghost")}>
              Clear
            </Link>
          ) : null}
          {toolbar ? <div className="flex flex-wrap gap-3 sm:ml-auto">{toolbar}</div> : null}
        </Form>
      )}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-slate-700">
          {loading ? "Loading…" : count === 0 ? "" : `Showing ${first}–${last} of ${count}`}
        </p>
        {bulkDelete && selectedOnPage.length > 0 ? (
          <button type="button" className={buttonClass("outline", "text-red-800")} onClick={() => setConfirming(true)}>
            Delete selected ({selectedOnPage.length})
          </button>
        ) : null}
      </div>

      {rows.length === 0 ? (
        <div aria-busy={loading || undefined}>
          <h2 id={captionId} className="sr-only">
            {label}
          </h2>
          <EmptyState>
            {filtered ? (props.emptyFiltered ?? "Nothing matches this search. Change or clear the search and filters.") : empty}
          </EmptyState>
        </div>
      ) : props.table ? (
        <div aria-busy={loading || undefined} className={`transition-opacity ${loading ? "opacity-60" : ""}`}>
          {props.table(rows, captionId)}
        </div>
      ) : card ? (
        <div aria-busy={loading || undefined} className={`transition-opacity ${loading ? "opacity-60" : ""}`}>
          <h2 id={captionId} className="sr-only">
            {label}
          </h2>
          <ul aria-labelledby={captionId} className={props.cardLayout === "list" ? "space-y-6" : "grid gap-4 md:grid-cols-2"}>
            {rows.map((row) => {
              const id = rowKey(row);
              if (props.cardLayout === "list") return <li key={id}>{card(row)}</li>;
              return (
                <li key={id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  {bulkDelete ? (
                    <label className="mb-2 inline-flex min-h-11 items-center gap-2 text-sm text-slate-700">
                      <input type="checkbox" className="size-5" checked={selected.has(id)} onChange={() => toggle(id)} />
                      <span className="sr-only">Select {rowLabel(row)}</span>
                      <span aria-hidden="true">Select</span>
                    </label>
                  ) : null}
                  <div className="flex-1">{card(row)}</div>
                  {rowActions ? (
                    <div className="mt-4 border-t border-slate-100 pt-3">
                      <RowActions align="start">{rowActions(row)}</RowActions>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <div
          className={`relative overflow-x-auto rounded-lg border border-slate-200 bg-white transition-opacity ${loading ? "opacity-60" : ""}`}
          aria-busy={loading || undefined}
          {...(focusableScroll ? { tabIndex: 0, role: "region", "aria-labelledby": captionId } : {})}
        >
          <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
            <caption id={captionId} className="sr-only">
              {label}
            </caption>
            <thead className="bg-slate-100 text-slate-800">
              <tr>
                {bulkDelete ? (
                  <th scope="col" className="w-12 px-3">
                    <input
                      type="checkbox"
                      aria-label="Select all on this page"
                      className="size-5"
                      checked={allSelected}
                      onChange={() =>
                        setSelected((s) => {
                          const next = new Set(s);
                          for (const id of pageIds) {
                            if (allSelected) next.delete(id);
                            else next.add(id);
                          }
                          return next;
                        })
                      }
                    />
                  </th>
                ) : null}
                {columns.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    className={`px-3 py-2 font-semibold ${c.className ?? ""}`}
                    aria-sort={c.sortable && params.sort === c.key ? (params.dir === "asc" ? "ascending" : "descending") : undefined}
                  >
                    {c.sortable ? <SortHeader column={c} params={params} /> : c.header}
                  </th>
                ))}
                {rowActions ? (
                  <th scope="col" className="w-px px-3 py-2 text-right font-semibold whitespace-nowrap">
                    Actions
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const id = rowKey(row);
                return (
                  <tr key={id} className="border-t border-slate-200 align-middle hover:bg-slate-50">
                    {bulkDelete ? (
                      <td className="px-3 py-3">
                        <input
                          type="checkbox"
                          aria-label={`Select ${rowLabel(row)}`}
                          className="size-5"
                          checked={selected.has(id)}
                          onChange={() => toggle(id)}
                        />
                      </td>
                    ) : null}
                    {columns.map((c) => (
                      <td key={c.key} className={`px-3 py-2 ${c.className ?? ""}`}>
                        {c.cell(row)}
                      </td>
                    ))}
                    {rowActions ? (
                      <td className="w-px px-3 py-2 whitespace-nowrap">
                        <RowActions>{rowActions(row)}</RowActions>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <Pagination params={params} count={count} />

      {bulkDelete ? (
        <ConfirmDialog
          open={confirming}
          title={`Delete ${selectedOnPage.length} ${bulkDelete.noun}${selectedOnPage.length === 1 ? "" : "s"}?`}
          confirmLabel="Delete"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            const failure = await bulkDelete.onDelete(selectedOnPage);
            if (!failure) {
              setSelected(new Set());
              await revalidator.revalidate();
            }
            return failure;
          }}
        >
          <p>This cannot be undone.</p>
          <ul className="mt-2 list-inside list-disc">
            {rows
              .filter((r) => selected.has(rowKey(r)))
              .map((r) => (
                <li key={rowKey(r)}>{rowLabel(r)}</li>
              ))}
          </ul>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
