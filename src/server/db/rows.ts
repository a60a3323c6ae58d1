/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`; a bare array is taken as is. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
