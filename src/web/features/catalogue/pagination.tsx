import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "#web/components/ui/icons.tsx";
import { type Paging, pageNumbers, pagingSearch } from "./paging.ts";

const item = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 text-sm font-medium";
const idle = `${item} border-slate-300 bg-white text-slate-800 hover:border-accent-700 hover:text-accent-800`;
const current = `${item} border-accent-700 bg-accent-700 text-white`;
const off = `${item} border-slate-200 text-slate-400`;

/** Prev, numbered pages and Next as links (spec §2), so paging works without JavaScript and can be shared. */
export function Pagination({
  path,
  paging,
  pages,
  label,
  keep,
}: {
  path: string;
  paging: Paging;
  pages: number;
  label: string;
  /** Other parameters every page's address carries (a category's filters). */
  keep?: [string, string][];
}) {
  if (pages <= 1) return null;
  const to = (page: number) => `${path}${pagingSearch({ page, pageSize: paging.pageSize }, keep)}`;
  const { page } = paging;
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={to(page - 1)} rel="prev" className={idle}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Prev
            </Link>
          ) : (
            <span aria-disabled="true" className={off}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Prev
            </span>
          )}
        </li>
        {pageNumbers(page, pages).map((n, i) =>
          n === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={to(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? "page" : undefined}
                className={n === page ? current : idle}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link to={to(page + 1)} rel="next" className={idle}>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={off}>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
