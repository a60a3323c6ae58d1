import type { ReactNode } from "react";

export type SimpleColumn<T> = {
  /** Also the column's React key. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes of the column's header and body cells (padding, alignment). */
  className?: string;
  /** Classes of the header cell alone. */
  headerClassName?: string;
  /** Classes of the body cells alone. */
  cellClassName?: string;
  /** The cells name their row (`<th scope="row">`), as a figures table's first column does. */
  rowHeader?: boolean;
};

export type SimpleTableProps<T> = {
  columns: readonly SimpleColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** What screen readers hear the table called (a visually hidden caption). */
  caption?: string;
  /** Shown in place of the table when there are no rows (none given: the table, empty). */
  empty?: ReactNode;
  emptyClassName?: string;
  /** Around the table, as a box that scrolls sideways on narrow screens ("overflow-x-auto"). */
  wrapperClassName?: string;
  className?: string;
  headClassName?: string;
  headRowClassName?: string;
  bodyClassName?: string;
  /** Classes every header cell adds to its column's ("font-semibold"). */
  headerCellClassName?: string;
  rowClassName?: string;
};

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" ") || undefined;

/**
 * A read-only table of the back office drawn from its columns declared as data: a header row, a row per item, the
 * empty state. Lists with search, sorting, pages or row actions use DataTable.
 */
export function SimpleTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  empty,
  emptyClassName = "text-slate-600",
  wrapperClassName,
  className = "w-full text-left text-sm",
  headClassName,
  headRowClassName,
  bodyClassName,
  headerCellClassName = "font-semibold",
  rowClassName,
}: SimpleTableProps<T>) {
  if (rows.length === 0 && empty !== undefined) return <p className={emptyClassName}>{empty}</p>;
  const table = (
    <table className={className}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className={headClassName}>
        <tr className={headRowClassName}>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={join(c.className, c.headerClassName, headerCellClassName)}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={bodyClassName}>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName}>
            {columns.map((c) =>
              c.rowHeader ? (
                <th key={c.header} scope="row" className={join(c.className, c.cellClassName)}>
                  {c.cell(row)}
                </th>
              ) : (
                <td key={c.header} className={join(c.className, c.cellClassName)}>
                  {c.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return wrapperClassName ? <div className={wrapperClassName}>{table}</div> : table;
}
