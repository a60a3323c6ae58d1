import type { ReactNode } from "react";

/**
 * Ids, references (ORD-…, QUO-…), dates, amounts and e-mail addresses in lists: never broken across lines
 * ("ORD-2026-" / "000002", "USD" / "1,250.00"), figures of equal width so columns line up.
 */
export const TOKEN_CLASS = "whitespace-nowrap tabular-nums";

/** A name column's cell: wide enough that a name wraps between words only when it is long, never word by word. */
export const NAME_CELL_CLASS = "min-w-48";

/** One unbreakable token; `data-token` lets the browser tests check that none wraps. */
export function Token({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <span data-token="" className={`${TOKEN_CLASS} ${className}`.trim()}>
      {children}
    </span>
  );
}
