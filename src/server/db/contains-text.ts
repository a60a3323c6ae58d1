import { type Column, ilike, type SQL } from "drizzle-orm";

/** `text` with LIKE's wildcards (`%`, `_`) and its escape character (`\`) taken literally. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The column contains `text` anywhere, whatever the case (ILIKE): what a back-office search box means. The text is
 * matched as typed: `50%` finds "50%" and not "500", `a_b` finds "a_b" and not "axb".
 */
export function containsText(column: Column | SQL, text: string): SQL {
  return ilike(column, `%${likeLiteral(text)}%`);
}
